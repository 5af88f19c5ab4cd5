"""The English templates of the input errors, notes and warnings that are still worded where they
are raised: catalog, price-list, rate, preset and settings files, build notes, the commands' own
argument checks.

Build, recovery, cluster and workload files, reading any file and pydantic's errors are data now
(`core.input_error.InputError` with a `Msg`, worded by words/input_words.py and
words/validation_words.py). What is left here words its messages in English with the values filled
in (the same text goes into `LoadIssue`s, the catalog cache and `--json`); each wording is listed
once more, marked with `N_`, so that `make translations` extracts it and `cli.argparse_words.error_line`
maps a message back onto its template (`i18n.translate_error`). A placeholder name ending in "s" may
hold a list or a nested message; any other name holds one value. tests/io/test_cli_errors_chinese.py
runs every broken file of tests/corpus through the CLI under zh_CN and fails when a line keeps an
English explanation.
"""

from __future__ import annotations

from .i18n import N_

#: how a message says where: `file: field 'x': …`, a catalog entry, "(and N more problems)"; a
#: `<where>` before ": " is translated on its own when what follows translates (i18n.translate_error)
FRAMES = (
    N_("field '{field}'"),
    N_("field {field}"),
    N_("entry '{entry}', field '{field}'"),
    N_("entry '{entry}'"),
    N_("{file}, field '{field}'"),
    N_("cannot read"),
    N_("cannot save"),
    N_("not valid TOML"),
    N_("not a CSV row"),
    N_("not a CSV header row"),
    N_("build {build}"),
    N_("currency {code}"),
    N_("preset {name}, field {field}"),
    N_("preset {name}"),
    N_("field {field}: {details}"),
)


#: tomllib's reasons (catalog, rate, preset and settings files), and Python's refusal of a huge integer
TOML = (
    N_("{reasons} (at line {line}, column {column})"),
    N_("{reasons} (at end of document)"),
    N_("Cannot declare {key} twice"),
    N_("Cannot mutate immutable namespace {key}"),
    N_("Cannot overwrite a value"),
    N_("Cannot redefine namespace {key}"),
    N_("Duplicate inline table key {key}"),
    N_("Escaped character is not a Unicode scalar value"),
    N_("Expected '=' after a key in a key/value pair"),
    N_("Expected ']' at the end of a table declaration"),
    N_("Expected ']]' at the end of an array declaration"),
    N_("Expected {expected}"),
    N_("Found invalid character {char}"),
    N_("Illegal character {char}"),
    N_("Invalid date or datetime"),
    N_("Invalid hex value"),
    N_("Invalid initial character for a key part"),
    N_("Invalid statement"),
    N_("Invalid value"),
    N_("Unclosed array"),
    N_("Unclosed inline table"),
    N_("Unescaped '\\' in a string"),
    N_("Unterminated string"),
    N_("Exceeds the limit ({limit} digits) for integer string conversion: value has {n} digits; "
       "use sys.set_int_max_str_digits() to increase the limit"),
)


#: catalog_io.py, compare_io.py, core/fx.py, models_io.py: catalog, price-list and rate files (warnings)
CATALOG_FILES = (
    N_("currency {code}: not an ISO 4217 code such as USD, EUR, CNY"),
    N_("currency {code}: no exchange rate in fx.toml (rates for: {codes})"),
    N_("currency {code}: no exchange rate in fx.toml to convert the build's inputs"),
)


#: store/vendor_settings.py, quote_fields.py: vendor settings and quote options
SETTINGS = (
    N_("settings file not found"),
    N_("not valid TOML: {reason}"),
    N_("not valid TOML: nested too deeply"),
    N_("unknown locale {locale} (use e.g. en_US, de_DE, zh_CN)"),
    N_("{logo} is not a PNG or JPEG image"),
    N_("{logo} is a {kind} image; use PNG or JPEG"),
)

#: the commands' own argument checks (compare_cli, workload_cli, recommend_cli, upgrade_cli, import_cli)
ARGUMENTS = (
    N_("must be a finite number >= 0, got {value}"),
    N_("compare: give {min} to {max} build files, got {n}"),
    N_("{n} is not one of the builds 1..{max}"),
    N_("unknown model {name}; known: {names}"),
    N_("give --preset NAME or a full shape (missing {flags})"),
    N_("must be at least 1"),
    N_("no GPU {gpu} in the catalog"),
    N_("{item} is not PART=N"),
    N_("{value} is not a number"),
    N_("expected PART=AMOUNT with 0 <= AMOUNT <= {max}"),
    N_("no password (give --password-file F or set {env})"),
    N_("set {env} to the X-Auth-Token of an existing session"),
    N_("--insecure and --ca-file contradict each other; give one"),
    N_("must be positive seconds (got {n})"),
    N_("--category: unknown category {category}"),
    N_("{format}: at most {n} build(s) per file"),
    N_("cluster: give a cluster file or --from BUILD, not both or neither"),
    N_("--deadline-days: must be above 0"),
    N_("the build has no training workload (or no network) to size for"),
    N_("--deadline-days: no cluster of this build trains in {days} days"),
    N_("the build has {n} error(s); fix them or quote it as a draft (--allow-errors):"),
    N_("the upgraded build has {n} error(s); fix them or quote it as a draft (--allow-errors):"),
)
