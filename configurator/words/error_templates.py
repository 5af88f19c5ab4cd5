"""The English templates of the input errors, notes and warnings the CLI prints, so that it can
print them in the user's language.

Readers (files.py, build_io.py, migrations.py, catalog_io.py, cluster_io.py, the *_cli.py modules,
store/vendor_settings.py, core/fx.py, core/currency.py) word their messages in English with the values
filled in: the same text goes into exceptions, `LoadIssue`s, the catalog cache and `--json`. Each
wording is listed here once more, marked with `N_`, so that `make translations` extracts it and
`cli_lang.error_line` maps a message back onto its template (`i18n.translate`). pydantic's own
messages are worded by type in core/validation_text.py. A placeholder name ending in "s" may hold
a list or a nested message; any other name holds one value.
tests/io/test_cli_errors_chinese.py runs every broken file of tests/corpus through the CLI under
zh_CN and fails when a line keeps an English explanation.
"""

from __future__ import annotations

from .i18n import N_

#: how a message says where: `file: field 'x': …`, a catalog entry, "(and N more problems)"; a
#: `<where>` before ": " is translated on its own when what follows translates (i18n.translate_error)
FRAMES = (
    N_("field '{field}'"), N_("field {field}"), N_("entry '{entry}', field '{field}'"), N_("entry '{entry}'"),
    N_("{file}, field '{field}'"), N_("cannot read"), N_("cannot save"), N_("not valid TOML"),
    N_("not a CSV row"), N_("not a CSV header row"), N_("build {build}"), N_("currency {code}"),
    N_("preset {name}, field {field}"), N_("preset {name}"),
    N_("{file}: field '{field}': {details}"),
    N_("{file}: entry '{entry}', field '{field}': {details}"),
    N_("{file}: entry '{entry}': {details}"),
    N_("field '{field}': {details}"),
    N_("field {field}: {details}"),        # vendor settings: store/vendor_settings.py
    N_("entry '{entry}', field '{field}': {details}"),
    N_("entry '{entry}': {details}"),
    N_("{file}, field '{field}': {details}"),
    N_("{details} (and {n} more problem)"),
    N_("{details} (and {n} more problems)"),
    N_("{details} (+{n} more)"),
    N_("name {details}"), N_("name: {details}"),
    N_("cannot read: {details}"),
    N_("cannot save: {details}"),
    N_("{details}; its rates are not used"),
    N_("{details}; its presets are not used"),
    N_("{details}; preset skipped"),
    N_("{details}; row skipped"),
)

#: files.py: reading any file
FILES = (
    N_("no such file"), N_("is a folder, not a file"), N_("permission denied"),
    N_("is a pipe (FIFO), not a regular file"), N_("is a socket, not a regular file"),
    N_("is a device, not a regular file"), N_("a file name cannot contain a NUL character"),
    N_("larger than the {limit} limit for {what}s ({size} or more); not a {what}?"),
    N_("is UTF-16/UTF-32 text; save it as UTF-8"),
    N_("not UTF-8 text (byte {byte} at line {line})"),
    # the kinds of file, as `what` names them
    N_("build file"), N_("catalog file"), N_("cluster file"), N_("exchange-rate file"), N_("inventory file"),
    N_("logo image"), N_("model presets file"), N_("password file"), N_("probe file"), N_("settings file"),
    N_("workload file"), N_("recovery file"), N_("quote counter"), N_("catalog cache file"), N_("file to back up"),
    N_("CA file"),
)

#: build_io.py, migrations.py, workload_limits.py: build, workload and cluster files
BUILD_FILES = (
    N_("file is empty"),
    N_("not valid JSON at line {line} column {column} ({reasons})"),
    N_("not valid JSON ({reasons})"),
    # the json module's reasons
    N_("Expecting value"), N_("Expecting ',' delimiter"), N_("Expecting ':' delimiter"),
    N_("Expecting property name enclosed in double quotes"), N_("Unterminated string starting at"),
    N_("Invalid control character at"), N_("Invalid \\escape"), N_("Extra data"),
    N_("nested too deeply (more than {n} levels)"), N_("nested too deeply"),
    N_("number {number} is too large"), N_("number with {n} digits is too large"),
    N_("{value} is not allowed; numbers must be finite"),
    N_("slot given twice ({first} and {later}); a slot holds one part"),
    N_("slot given twice; a slot holds one part"),
    N_("given twice ({first} and {later}); which one is meant?"),
    N_("given twice; which one is meant?"),
    N_("may only contain letters, digits, '_', '.' and '-'"),
    N_("must start with a letter or digit and contain only letters, digits, '.', '_', '+' and '-'"),
    N_("must be a three-letter currency code such as USD"),
    N_("unknown field (a typo, or a file from a newer app?)"),
    N_("required but missing"),
    N_("not a build file (the top level is {kind}, not an object)"),
    N_("a list"), N_("a string"),
    N_("not a build file (kind is {kind}, expected {expected})"),
    N_("missing; a build file must say its format version"),
    N_("must be a whole number (got {value})"),
    N_("unknown format version {version}"),
    N_("format version {version} is newer than this app supports ({current}); update the app"),
    N_("is 0, but the file has 'placements' (the format-1 layout); if it was written by this app, set "
       "\"format\": 1"),
    N_("must be a list of {slot, id} objects"),
    N_("must be an object with exactly 'slot' and 'id'"),
    N_("must be a string"),
    N_("slot {slot} already holds {part} ({where}); a slot holds one part"),
    N_("given together with site.input_voltage_v"),
    N_("given together with top-level name/customer/notes"),
    N_("the build is {size} MB, over the {limit} MB limit"),
    N_("the build does not read back identically"),
    N_("the cluster does not read back identically"),
    N_("at most {limit} characters (got {n})"),
    N_("must be a finite number from {low} to {high}"),
    N_("must be from {low} to {high} (got {value})"),
    N_("a number with {n} digits"),
)

#: tomllib's reasons (catalog, rate, preset and settings files), and Python's refusal of a huge integer
TOML = (
    N_("{reasons} (at line {line}, column {column})"), N_("{reasons} (at end of document)"),
    N_("Cannot declare {key} twice"), N_("Cannot mutate immutable namespace {key}"), N_("Cannot overwrite a value"),
    N_("Cannot redefine namespace {key}"), N_("Duplicate inline table key {key}"),
    N_("Escaped character is not a Unicode scalar value"), N_("Expected '=' after a key in a key/value pair"),
    N_("Expected ']' at the end of a table declaration"), N_("Expected ']]' at the end of an array declaration"),
    N_("Expected {expected}"), N_("Found invalid character {char}"), N_("Illegal character {char}"),
    N_("Invalid date or datetime"), N_("Invalid hex value"), N_("Invalid initial character for a key part"),
    N_("Invalid statement"), N_("Invalid value"), N_("Unclosed array"), N_("Unclosed inline table"),
    N_("Unescaped '\\' in a string"), N_("Unterminated string"),
    N_("Exceeds the limit ({limit} digits) for integer string conversion: value has {n} digits; use "
       "sys.set_int_max_str_digits() to increase the limit"),
)

#: build_io.catalog_notes: what the catalog does not know (printed as notes; the build still loads)
BUILD_NOTES = (
    N_("{chassis} is not a chassis; its slots and parts cannot be checked"),
    N_("{chassis} is not in the catalog; its slots and parts cannot be checked"),
    N_("{chassis} has no slot {slot}; {part} is kept but not counted"),
    N_("part {part} is not in the catalog"),
    N_("a {category} ({part}) cannot go into {kind} slot {slot}"),
    N_("{chassis} has no slot {slot}"),
    N_("{chassis} has no PSU bay {slot}"),
    N_("{mode} is not offered by {chassis} ({modes})"),
    N_("migrated from format version {version}; saving writes the current format"),
)

#: cluster_io.py: cluster files
CLUSTER_FILES = (
    N_("must be an object with 'build' and 'count'"),
    N_("build {build}: {details}"),
    N_("must be a build file path or an embedded build object"),
    N_("not a cluster file (the top level is not an object)"),
    N_("not a cluster file (kind is {kind}, expected {expected})"),
    N_("must be a format version number (1)"),
    N_("format {version} is newer than this app reads ({current}); update the app"),
    N_("must list at least one server group"),
)

#: catalog_io.py, compare_io.py, core/fx.py, models_io.py: catalog, price-list and rate files (warnings)
CATALOG_FILES = (
    N_("must be one of {categories} (got {value})"),
    N_("must be an array of tables ([[parts]])"),
    N_("entry is not a table"),
    N_("not a CSV header row: {reason}"),
    N_("missing column(s) in the header row"),
    N_("not a number: {value}"),
    N_("unclosed quote (\"); a price row must be one line"),
    N_("not a CSV row: {reason}"),
    N_("has {n} fields, the header has {m}"),
    N_("cannot list the folder ({reason}); its files are skipped"),
    N_("duplicate id, also defined in {file}"),
    N_("must be at most {limit} ({what}); got {value}"),
    N_("at most {limit} items (got {n})"),
    N_("slot ids name channels A..Z"), N_("bays per group"), N_("PSU bays"), N_("GPU positions on a baseboard"),
    N_("ports"), N_("watts"), N_("the catalog's range"), N_("a huge number"),
    N_("no price rows (header id,price,currency,date,source)"),
    N_("no such part in the catalog: row ignored"),
    N_("must be an array of tables ([[rates]]); only USD is used"),
    N_("{unit} differs from ISO 4217's {iso} for {currency}, which quotes print; {iso} is used"),
    N_("row is not a table; skipped"),
    N_("must be a three-letter ISO 4217 code; row skipped"),
    N_("must be a number from 0.000001 to 1e9 (got {value}); row skipped"),
    N_("must be a whole number from 0 to 4 (got {value})"),
    N_("currency {code}: not an ISO 4217 code such as USD, EUR, CNY"),
    N_("currency {code}: no exchange rate in fx.toml (rates for: {codes})"),
    N_("currency {code}: no exchange rate in fx.toml to convert the build's inputs"),
)

#: the models' own validators (core/build.py, core/catalog.py, core/evaluate/workload_models.py,
#: core/cluster/inputs.py, core/recommend/request.py): pydantic's "value_error" carries these
VALIDATORS = (
    N_("an NVLink bridge joins at least two slots"),
    N_("bridge {slots} names a slot twice"),
    N_("SXM/OAM modules must name the baseboard family they fit"),
    N_("{n} given for {positions} positions"),
    N_("{switch} parent {parent} is not a socket or switch"),
    N_("{slot} root {root} is not a socket or switch"),
    N_("duplicate slot id {slot}"),
    N_("{slot} blocks unknown slot {other}"),
    N_("{uplink} is not a socket or switch"),
    N_("not one of redundancy_modes"),
    N_("unknown item {item} (known: {items})"),
    N_("{name} must be a positive integer, got {value}"),
    N_("heads ({heads}) must be divisible by kv_heads ({kv_heads})"),
    N_("experts_active ({active}) exceeds experts ({experts})"),
    N_("hidden ({hidden}) must be divisible by heads ({heads}) unless head_dim is given"),
    N_("zero_stage must be 0, 1, 2 or 3, got {value}"),
    N_("tokens must be positive, got {value}"),
    N_("new_tokens must be >= 0, got {value}"),
    N_("max_tokens_per_step must be a positive integer or null, got {value}"),
    N_("mfu must be in (0, 1], got {value}"),
    N_("expected a table"),
    N_("count must be 0..100000, got {n}"),
    N_("a serving workload is sized by target_tokens_per_s"),
    N_("a training workload is sized by deadline_days"),
    N_("{details}; the first is kept"),
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
    N_("not a number: {value}"),
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
    # cli/main.py's own (CliError)
    N_("--category: unknown category {category}"),
    N_("{format}: at most {n} build(s) per file"),
    N_("cluster: give a cluster file or --from BUILD, not both or neither"),
    N_("--deadline-days: must be above 0"),
    N_("the build has no training workload (or no network) to size for"),
    N_("--deadline-days: no cluster of this build trains in {days} days"),
    # report/quote.py, report/upgrade_quote.py: a quote refused (the errors follow, one a line)
    N_("the build has {n} error(s); fix them or quote it as a draft (--allow-errors):"),
    N_("the upgraded build has {n} error(s); fix them or quote it as a draft (--allow-errors):"),
)
