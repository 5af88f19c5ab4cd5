"""What a library or the operating system says, worded once (core/library_errors.py reads it
into messages): tomllib's reasons and where it stopped, and the OS's common error numbers.

The English is the library's own (tomllib's reasons; Linux's strerror), so English output did
not change; each has its zh_CN wording in the catalog like every other message.
"""

from __future__ import annotations

from .marks import N_, Entry

#: tomllib's refusals (CPython Lib/tomllib/_parser.py), and Python's refusal of a huge integer
TOML: dict[str, Entry] = {
    "toml.at": N_("{reasons} (at line {line}, column {column})"),
    "toml.at-end": N_("{reasons} (at end of document)"),
    "toml.invalid-statement": N_("Invalid statement"),
    "toml.invalid-value": N_("Invalid value"),
    "toml.invalid-datetime": N_("Invalid date or datetime"),
    "toml.invalid-hex": N_("Invalid hex value"),
    "toml.invalid-key-start": N_("Invalid initial character for a key part"),
    "toml.overwrite": N_("Cannot overwrite a value"),
    "toml.not-scalar": N_("Escaped character is not a Unicode scalar value"),
    "toml.expected-equals": N_("Expected '=' after a key in a key/value pair"),
    "toml.expected-table-end": N_("Expected ']' at the end of a table declaration"),
    "toml.expected-array-table-end": N_("Expected ']]' at the end of an array declaration"),
    "toml.expected-newline": N_("Expected newline or end of document after a statement"),
    "toml.unclosed-array": N_("Unclosed array"),
    "toml.unclosed-inline-table": N_("Unclosed inline table"),
    "toml.unescaped-backslash": N_("Unescaped '\\' in a string"),
    "toml.unterminated-string": N_("Unterminated string"),
    "toml.declare-twice": N_("Cannot declare {key} twice"),
    "toml.immutable-namespace": N_("Cannot mutate immutable namespace {key}"),
    "toml.redefine-namespace": N_("Cannot redefine namespace {key}"),
    "toml.duplicate-inline-key": N_("Duplicate inline table key {key}"),
    "toml.invalid-character": N_("Found invalid character {char}"),
    "toml.illegal-character": N_("Illegal character {char}"),
    "toml.expected": N_("Expected {expected}"),
    "toml.int-digits": N_("Exceeds the limit ({limit} digits) for integer string conversion: value has {n} digits; "
                          "use sys.set_int_max_str_digits() to increase the limit"),
}

#: the OS's error numbers (core/library_errors.py OS_ERRORS), in Linux's strerror wording
OS: dict[str, Entry] = {
    "os.enoent": N_("No such file or directory"),
    "os.eacces": N_("Permission denied"),
    "os.eperm": N_("Operation not permitted"),
    "os.eisdir": N_("Is a directory"),
    "os.enotdir": N_("Not a directory"),
    "os.enospc": N_("No space left on device"),
    "os.edquot": N_("Disk quota exceeded"),
    "os.erofs": N_("Read-only file system"),
    "os.eexist": N_("File exists"),
    "os.enametoolong": N_("File name too long"),
    "os.eloop": N_("Too many levels of symbolic links"),
    "os.eio": N_("Input/output error"),
    "os.emfile": N_("Too many open files"),
    "os.ebusy": N_("Device or resource busy"),
    "os.efbig": N_("File too large"),
    "os.exdev": N_("Invalid cross-device link"),
    "os.einval": N_("Invalid argument"),
    "os.enxio": N_("No such device or address"),
    "os.etxtbsy": N_("Text file busy"),
}

WORDS: dict[str, Entry] = {**TOML, **OS}
