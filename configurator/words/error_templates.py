"""The English templates of what is still text when it is shown: tomllib's reasons (a library's
English inside a message, `Msg("input.as-given", text=…)`), and the `<where>` pieces the lines
still made as text start with (a flag wrapping a validator's message, `--currency: …`). The
commands' own argument checks are messages (`CliError`, words/cli_words.py).

Every file the app reads refuses with data now (`core.input_error.InputError`, `LoadIssue` and
`BuildNote` with a `Msg`, worded by words/input_words.py, catalog_words.py, import_words.py and
validation_words.py). What is left here is listed, marked with `N_`, so that `make translations`
extracts it and `i18n.translate_error` (the CLI's error line for a plain `ValueError`;
words/errors.py for a text as given) maps the English back onto its template. A placeholder name
ending in "s" may hold a list or a nested message; any other name holds one value.
tests/io/test_cli_errors_chinese.py runs every broken file of tests/corpus through the CLI under
zh_CN and fails when a line keeps an English explanation.
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
