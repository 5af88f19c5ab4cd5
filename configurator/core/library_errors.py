"""What a library or the operating system says, as data: tomllib's and the json module's refusals
(the reason and where) and the OS's error numbers become messages (words/library_words.py words them once);
anything else a library says is kept as given (`Msg("input.as-given", text=…)`, shown as it is
inside the app's own translated frame).

tomllib words every refusal `<reason> (at line L, column C)` or `<reason> (at end of document)`
(CPython Lib/tomllib/_parser.py `suffixed_err`); its reasons are a fixed list, a few with one
value (a key, a character). `toml_msg` reads that one format and looks each reason up exactly.
"""

from __future__ import annotations

import errno
import json
import re

from .message import Msg

#: tomllib's reasons without a value -> message id
TOML_REASONS: dict[str, str] = {
    "Invalid statement": "toml.invalid-statement",
    "Invalid value": "toml.invalid-value",
    "Invalid date or datetime": "toml.invalid-datetime",
    "Invalid hex value": "toml.invalid-hex",
    "Invalid initial character for a key part": "toml.invalid-key-start",
    "Cannot overwrite a value": "toml.overwrite",
    "Escaped character is not a Unicode scalar value": "toml.not-scalar",
    "Expected '=' after a key in a key/value pair": "toml.expected-equals",
    "Expected ']' at the end of a table declaration": "toml.expected-table-end",
    "Expected ']]' at the end of an array declaration": "toml.expected-array-table-end",
    "Expected newline or end of document after a statement": "toml.expected-newline",
    "Unclosed array": "toml.unclosed-array",
    "Unclosed inline table": "toml.unclosed-inline-table",
    "Unescaped '\\' in a string": "toml.unescaped-backslash",
    "Unterminated string": "toml.unterminated-string",
}
#: tomllib's reasons with one value between a fixed head and tail -> message id and the value's name
TOML_VALUE_REASONS: dict[tuple[str, str], tuple[str, str]] = {
    ("Cannot declare ", " twice"): ("toml.declare-twice", "key"),
    ("Cannot mutate immutable namespace ", ""): ("toml.immutable-namespace", "key"),
    ("Cannot redefine namespace ", ""): ("toml.redefine-namespace", "key"),
    ("Duplicate inline table key ", ""): ("toml.duplicate-inline-key", "key"),
    ("Found invalid character ", ""): ("toml.invalid-character", "char"),
    ("Illegal character ", ""): ("toml.illegal-character", "char"),
    ("Expected ", ""): ("toml.expected", "expected"),
}
_AT = re.compile(r"(?P<reason>.*) \(at line (?P<line>\d+), column (?P<column>\d+)\)", re.DOTALL)
_AT_END = " (at end of document)"
#: Python's refusal of a huge integer literal (int(), which tomllib calls)
_INT_DIGITS = re.compile(r"Exceeds the limit \((?P<limit>\d+) digits\) for integer string conversion: "
                         r"value has (?P<n>\d+) digits; use sys\.set_int_max_str_digits\(\) to increase the limit")


def toml_msg(exc: ValueError) -> Msg:
    """tomllib's refusal (`TOMLDecodeError`, or the ValueError of a huge integer) as a message."""
    text = str(exc)
    at = _AT.fullmatch(text)
    if at:
        return Msg("toml.at", reasons=_toml_reason(at["reason"]), line=int(at["line"]), column=int(at["column"]))
    if text.endswith(_AT_END):
        return Msg("toml.at-end", reasons=_toml_reason(text[:-len(_AT_END)]))
    return _toml_reason(text)


def _toml_reason(reason: str) -> Msg:
    if reason in TOML_REASONS:
        return Msg(TOML_REASONS[reason])
    for (head, tail), (msg_id, name) in TOML_VALUE_REASONS.items():
        if reason.startswith(head) and reason.endswith(tail) and len(reason) > len(head) + len(tail):
            return Msg(msg_id, **{name: reason[len(head):len(reason) - len(tail)]})
    digits = _INT_DIGITS.fullmatch(reason)
    if digits:
        return Msg("toml.int-digits", limit=int(digits["limit"]), n=int(digits["n"]))
    return Msg("input.as-given", text=reason)


#: the error numbers the app words itself -> message id; the English is Linux's strerror
OS_ERRORS: dict[int, str] = {
    errno.ENOENT: "os.enoent",
    errno.EACCES: "os.eacces",
    errno.EPERM: "os.eperm",
    errno.EISDIR: "os.eisdir",
    errno.ENOTDIR: "os.enotdir",
    errno.ENOSPC: "os.enospc",
    errno.EDQUOT: "os.edquot",
    errno.EROFS: "os.erofs",
    errno.EEXIST: "os.eexist",
    errno.ENAMETOOLONG: "os.enametoolong",
    errno.ELOOP: "os.eloop",
    errno.EIO: "os.eio",
    errno.EMFILE: "os.emfile",
    errno.EBUSY: "os.ebusy",
    errno.EFBIG: "os.efbig",
    errno.EXDEV: "os.exdev",
    errno.EINVAL: "os.einval",
    errno.ENXIO: "os.enxio",
    errno.ETXTBSY: "os.etxtbsy",
}


def os_msg(exc: OSError) -> Msg:
    """Why the OS refused, by its error number; another number's text is kept as given."""
    if exc.errno in OS_ERRORS:
        return Msg(OS_ERRORS[exc.errno])
    return Msg("input.as-given", text=str(exc.strerror or exc))


#: the json module's reasons, as messages; another reason is shown as it is
JSON_REASONS: dict[str, str] = {
    "Expecting value": "json.expecting-value", "Expecting ',' delimiter": "json.expecting-comma",
    "Expecting ':' delimiter": "json.expecting-colon",
    "Expecting property name enclosed in double quotes": "json.expecting-name",
    "Unterminated string starting at": "json.unterminated", "Invalid control character at": "json.control",
    "Invalid \\escape": "json.escape", "Extra data": "json.extra"}


def json_reason(reason: str) -> Msg:
    """The json module's reason (`JSONDecodeError.msg`) as a message; another is kept as given."""
    return Msg(JSON_REASONS.get(reason, "input.as-given"), **({} if reason in JSON_REASONS else {"text": reason}))


def json_msg(exc: json.JSONDecodeError) -> Msg:
    """The json module's refusal as it words it: `<reason>: line L column C (char N)`."""
    return Msg("json.at", reasons=json_reason(exc.msg), line=exc.lineno, column=exc.colno, char=exc.pos)
