"""One entry of the validated-catalog cache: a catalog file's validated parts written as JSON and
read back as equal part objects without validating every part again.

An entry is a line with the SHA-256 of the rest, a header line (format, app version, key, category,
part count, the file's load issues, `trusted`), then the body, one JSON object:

- `fields`: the part model's fields in order; `constants`: the fields with one value in every part
  of the file (its origin and category, often its vendor), stored once; `tuples`: the fields whose
  values are tuples (JSON gives lists back);
- `shared`: per nested field (sources, sockets, slot specs ...) its distinct values and, for a tuple
  field, its distinct tuples of them, referred to by index: parts of one price list share a source,
  chassis of one family most slot specs;
- `rows`: one array per part, the values of the other fields in `fields` order.

Validating every part was most of a second load, so a trusted entry's parts are built from its rows
as they are (what `model_construct` does, without its per-field Python loop). That is sound only for
bytes this code wrote from parts it had validated, so:

- the key covers the catalog file's bytes, its name and `code_fingerprint` (cache format, app and
  pydantic-core versions, the code that decides what a valid part is);
- everything after the first line must match the SHA-256 on it (a truncated, bit-flipped or
  half-written entry does not);
- the header, field lists, row lengths and references must be exactly what this model expects;
- an entry is written as trusted only after reading it back gave parts equal to the validated ones
  field by field and type by type; one that would not (a part with a NaN, a value JSON cannot hold)
  is written untrusted, and its parts are validated on reading.

Shared nested values are few and are validated by their models on every read. Anything wrong raises
`ValueError` (or `TypeError`, `KeyError`, `ValidationError`), and the cache parses the catalog file
again. The checksum guards against damage, not against someone who rewrites an entry on purpose,
checksum and all: the cache folder is the user's own, as are the app's settings.
"""

from __future__ import annotations

import functools
import hashlib
import json
import operator
import typing
from pathlib import Path
from typing import Any

import pydantic_core
from pydantic import BaseModel, TypeAdapter
from pydantic_core import from_json

from .. import __version__
from ..core import categories
from ..core.catalog import LoadIssue, Part
from ..core.message import Arg, Items, Msg
from .text_files import FileReadError, read_bytes

CACHE_FORMAT = 4
#: the modules whose code decides what a valid part is (relative to the package): a change to any
#: of them, in a checkout that keeps its version number, must not be served old entries
RULES_CODE = ("core/catalog.py", "core/categories.py", "store/catalogs.py", "store/catalog_limits.py",
              "store/catalog_cache_entry.py")
MAX_CODE_BYTES = 1_000_000

Parsed = tuple[list[Part], list[LoadIssue]]


@functools.cache
def code_fingerprint() -> str:
    """What an entry's key depends on besides its file: format, versions and the validating code."""
    return fingerprint(Path(__file__).resolve().parents[1], __version__)


def fingerprint(package: Path, version: str) -> str:
    """The cache format, `version`, pydantic-core's version and the bytes of `RULES_CODE` under
    `package`, hashed (a module missing from a bundled app leaves the version to tell releases apart)."""
    h = hashlib.sha256(f"{CACHE_FORMAT}|{version}|{pydantic_core.__version__}".encode())
    for rel in RULES_CODE:
        try:
            code = read_bytes(package / rel, max_bytes=MAX_CODE_BYTES, what="source file")
        except FileReadError:
            code = b"-"
        h.update(f"|{rel}|{len(code)}|".encode())
        h.update(code)
    return h.hexdigest()


@functools.cache
def nested_fields(model: type[BaseModel]) -> dict[str, tuple[type[BaseModel], bool]]:
    """Fields of `model` that hold frozen nested models: name -> (nested model, is a tuple of them).
    Their values are stored once per entry and referred to by index."""
    out: dict[str, tuple[type[BaseModel], bool]] = {}
    for name, info in model.model_fields.items():
        ann = info.annotation
        args = [a for a in typing.get_args(ann) if a is not type(None) and a is not Ellipsis]
        if isinstance(ann, type) and issubclass(ann, BaseModel):
            out[name] = (ann, False)
        elif typing.get_origin(ann) is tuple and len(args) == 1 and isinstance(args[0], type) \
                and issubclass(args[0], BaseModel):
            out[name] = (args[0], True)
        elif len(args) == 1 and isinstance(args[0], type) and issubclass(args[0], BaseModel):  # X | None
            out[name] = (args[0], False)
    return out


class _Shared:
    """One field's distinct nested values (frozen models, told apart by value), and for a tuple
    field its distinct tuples of them."""

    def __init__(self) -> None:
        self.values: list[BaseModel] = []
        self.groups: list[list[int]] = []
        self._values: dict[Any, int] = {}
        self._groups: dict[tuple[int, ...], int] = {}

    def value(self, value: BaseModel) -> int:
        key: Any = (type(value), *value.__dict__.values())   # a tuple compares in C, a model in Python
        try:
            index = self._values.get(key)
        except TypeError:        # a value that cannot be hashed: told apart by its text
            key = repr(value)
            index = self._values.get(key)
        if index is None:
            index = self._values[key] = len(self.values)
            self.values.append(value)
        return index

    def group(self, values: tuple[BaseModel, ...]) -> int:
        refs = tuple(self.value(v) for v in values)
        index = self._groups.get(refs)
        if index is None:
            index = self._groups[refs] = len(self.groups)
            self.groups.append(list(refs))
        return index

    def dump(self, mode: str) -> dict[str, Any]:
        return {"values": [v.model_dump(mode=mode) for v in self.values], "groups": self.groups}


def _same(a: Any, b: Any) -> bool:
    """`a == b` with every value of the same type, inside tuples too (700 is not 700.0, () not [])."""
    if type(a) is not type(b) or a != b:
        return False
    return not isinstance(a, tuple) or all(_same(x, y) for x, y in zip(a, b, strict=True))


def _same_parts(originals: list[Part], rebuilt: list[Part]) -> bool:
    """Whether `rebuilt` are `originals` exactly: same model, fields in order, plain values equal and
    of the same types, inside tuples too. (Nested values are validated on every read.)"""
    if len(rebuilt) != len(originals):
        return False
    model = type(originals[0])
    fields = list(model.model_fields)
    plain = [f for f in fields if f not in nested_fields(model)]
    values = operator.itemgetter(*plain)
    tuples = [plain.index(f) for f in _tuple_fields(model)]
    for original, again in zip(originals, rebuilt, strict=True):
        if type(original) is not model or type(again) is not model or list(again.__dict__) != fields:
            return False
        a, b = values(original.__dict__), values(again.__dict__)
        if a != b or list(map(type, a)) != list(map(type, b)) or not all(_same(a[i], b[i]) for i in tuples):
            return False
    return True


@functools.cache
def _tuple_fields(model: type[BaseModel]) -> list[str]:
    """Fields of `model` declared as tuples of plain values (JSON gives them back as lists)."""
    nested = nested_fields(model)
    out = []
    for name, info in model.model_fields.items():
        kinds = [info.annotation, *typing.get_args(info.annotation)]
        if name not in nested and any(typing.get_origin(k) is tuple or k is tuple for k in kinds):
            out.append(name)
    return out


def _constructible(model: type[BaseModel]) -> bool:
    """Whether parts of `model` can be built without validation: nothing runs after it but our data."""
    config = model.model_config
    return model.__pydantic_post_init__ is None and not model.__private_attributes__ \
        and config.get("frozen") is True and config.get("extra") != "allow"


def encode(key: str, parts: list[Part], issues: list[LoadIssue]) -> bytes:
    """The entry for `parts` (all of one model) and `issues`: trusted when reading it back rebuilds
    exactly `parts`, else one whose parts are validated on reading."""
    if not parts:
        return _dump(key, parts, issues, trusted=True)
    if not _constructible(type(parts[0])):   # never trusted: no round trip to try
        return _dump(key, parts, issues, trusted=False)
    try:
        data = _dump(key, parts, issues, trusted=True)
        exact = _same_parts(parts, decode(key, data)[0])
    except (ValueError, TypeError, KeyError, IndexError):
        exact = False   # e.g. a value JSON cannot hold as it is (a Decimal, a date)
    return data if exact else _dump(key, parts, issues, trusted=False)


def _dump(key: str, parts: list[Part], issues: list[LoadIssue], *, trusted: bool) -> bytes:
    """A trusted entry holds the parts' own Python values (an unvalidated default 0 of a float field
    stays 0, where JSON mode would write 0.0); an untrusted one their JSON dump, validated on reading."""
    model = type(parts[0]) if parts else None
    fields = list(model.model_fields) if model else []
    nested = nested_fields(model) if model else {}
    tables = {name: _Shared() for name in nested}
    mode = "python" if trusted else "json"
    dumped = []
    for part in parts:
        row = part.model_dump(mode=mode, exclude=set(nested))
        for name, (_, many) in nested.items():
            value = getattr(part, name)
            row[name] = None if value is None else tables[name].group(value) if many else tables[name].value(value)
        dumped.append(row)
    constants = {f: dumped[0][f] for f in fields
                 if all(type(r[f]) is type(dumped[0][f]) and r[f] == dumped[0][f] for r in dumped)}
    columns = [f for f in fields if f not in constants]
    tuples = _tuple_fields(model) if model else []
    body = json.dumps({"fields": fields, "constants": constants, "tuples": tuples,
                       "shared": {name: table.dump(mode) for name, table in tables.items()},
                       "rows": [[r[f] for f in columns] for r in dumped]},
                      ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    head = {"format": CACHE_FORMAT, "version": __version__, "key": key,
            "category": parts[0].category if parts else "", "count": len(parts),
            "issues": [[i.file, i.entry, i.field, _msg_json(i.msg)] for i in issues], "trusted": trusted}
    rest = json.dumps(head, ensure_ascii=False).encode("utf-8") + b"\n" + body
    return hashlib.sha256(rest).hexdigest().encode("ascii") + b"\n" + rest


def _issue(row: Any) -> LoadIssue:
    if not (isinstance(row, list) and len(row) == 4 and all(isinstance(x, str) for x in row[:3])):
        raise ValueError("a cached issue is not three strings and a message")
    return LoadIssue(row[0], row[1], row[2], _msg_from(row[3]))


def _msg_json(msg: Msg) -> dict[str, Any]:
    """An issue's message as JSON: its id and arguments (names as they are, counts, lists, nested messages)."""
    return {"id": msg.id, "args": [[name, _arg_json(value)] for name, value in msg.args]}


def _arg_json(value: Arg) -> Any:
    if isinstance(value, Msg):
        return {"msg": _msg_json(value)}
    if isinstance(value, Items):
        return {"items": [_arg_json(v) for v in value.items], "limit": value.limit, "conj": value.conj}
    if isinstance(value, str | int | float) and not isinstance(value, bool):
        return value
    raise ValueError(f"a message argument of type {type(value).__name__} is not cached")


def _msg_from(data: Any) -> Msg:
    if not (isinstance(data, dict) and isinstance(data.get("id"), str) and isinstance(data.get("args"), list)):
        raise ValueError("a cached message is not an id with arguments")
    args = {}
    for pair in data["args"]:
        if not (isinstance(pair, list) and len(pair) == 2 and isinstance(pair[0], str)):
            raise ValueError("a cached argument is not a name and a value")
        args[pair[0]] = _arg_from(pair[1])
    return Msg(data["id"], **args)


def _arg_from(data: Any) -> Arg:
    if isinstance(data, dict) and "msg" in data:
        return _msg_from(data["msg"])
    if isinstance(data, dict) and isinstance(data.get("items"), list) and data.get("conj") in ("and", "or") \
            and type(data.get("limit")) is int:
        return Items(tuple(_arg_from(v) for v in data["items"]), data["limit"], data["conj"])
    if isinstance(data, str | int | float) and not isinstance(data, bool):
        return data
    raise ValueError("a cached argument is not a text, a number, a list or a message")


def _header(key: str, line: bytes) -> dict[str, Any]:
    """An entry's first line, checked: exactly ours, and every field of the right type."""
    head = json.loads(line)
    if not isinstance(head, dict):
        raise ValueError("not an object")
    if (head.get("format"), head.get("version"), head.get("key")) != (CACHE_FORMAT, __version__, key):
        raise ValueError("written for another file, format or version")
    kinds = {"category": str, "count": int, "issues": list, "trusted": bool}
    if any(type(head.get(name)) is not kind for name, kind in kinds.items()):
        raise ValueError("category, count, issues or trusted missing")
    return head


def _index(table: list[Any], ref: Any) -> Any:
    """`table[ref]` for a reference read from an entry; `ValueError` for anything but a valid index."""
    if type(ref) is not int or not 0 <= ref < len(table):
        raise ValueError(f"a reference {ref!r} outside the entry's {len(table)} shared values")
    return table[ref]


@functools.cache
def _adapter(model: type[BaseModel]) -> TypeAdapter:
    return TypeAdapter(list[model])  # type: ignore[valid-type]


def _validate(model: type[BaseModel], rows: Any) -> list[Any]:
    if not isinstance(rows, list):
        raise ValueError("not a list of entries")
    return _adapter(model).validate_python(rows)


def _shared(model: type[BaseModel], many: bool, stored: Any) -> list[Any]:
    """One field's shared values, validated; for a tuple field, its tuples of them."""
    if not isinstance(stored, dict) or not isinstance(stored.get("groups"), list):
        raise ValueError("not a table of shared values")
    values = _validate(model, stored.get("values"))
    if not many:
        return values
    groups = []
    for refs in stored["groups"]:
        if not isinstance(refs, list):
            raise ValueError("a group is not a list of references")
        groups.append(tuple(_index(values, r) for r in refs))
    return groups


def decode(key: str, raw: bytes) -> Parsed:
    """The parts and issues of the entry `raw` stored under `key`; raises unless it is intact."""
    checksum, _, rest = raw.partition(b"\n")
    if hashlib.sha256(rest).hexdigest().encode("ascii") != checksum:
        raise ValueError("the entry does not match its checksum")
    line, sep, body = rest.partition(b"\n")
    head = _header(key, line)
    if not sep:
        raise ValueError("no body")
    issues = [_issue(i) for i in head["issues"]]
    data = from_json(body)
    if not isinstance(data, dict):
        raise ValueError("not a cache body")
    count, rows = head["count"], data.get("rows")
    if not isinstance(rows, list) or len(rows) != count:
        raise ValueError("part count does not match the header")
    if not count:
        return [], issues
    known = categories.category(head["category"])
    if known is None:
        raise ValueError(f"unknown category {head['category']!r}")
    dicts = _dicts(known.model, data, rows)
    if head["trusted"] and _constructible(known.model):
        return _construct(known.model, dicts), issues
    return _validate(known.model, dicts), issues


def _dicts(model: type[BaseModel], data: dict[str, Any], rows: list[Any]) -> list[dict[str, Any]]:
    """Each row as its part's field values, tuples and shared nested values in place."""
    fields, constants, tuples, shared = data.get("fields"), data.get("constants"), data.get("tuples"), data.get("shared")
    if fields != list(model.model_fields) or not isinstance(constants, dict) or not isinstance(shared, dict) \
            or not isinstance(tuples, list) or not set(constants) <= set(fields) or not set(tuples) <= set(fields):
        raise ValueError("written for other part fields")
    nested = nested_fields(model)
    tables = {name: _shared(m, many, shared.get(name)) for name, (m, many) in nested.items()}
    template = dict.fromkeys(fields)
    for name, value in constants.items():
        template[name] = _resolved(name, value, tables, tuples)
    columns = [f for f in fields if f not in constants]
    as_tuples = [f for f in tuples if f not in constants]
    refs = [(f, tables[f], len(tables[f])) for f in nested if f not in constants]
    width = len(columns)
    out = []
    for row in rows:
        if type(row) is not list or len(row) != width:
            raise ValueError("a row does not hold one value per stored field")
        values = template.copy()
        values.update(zip(columns, row))
        for name in as_tuples:
            values[name] = _tuple(values[name])
        for name, table, size in refs:
            ref = values[name]
            if ref is not None:   # the index checks of `_index`, inline: this runs once per part and field
                if type(ref) is not int or not 0 <= ref < size:
                    raise ValueError(f"a reference {ref!r} outside the entry's {size} shared values")
                values[name] = table[ref]
        out.append(values)
    return out


def _tuple(value: Any) -> Any:
    if value is None:
        return None
    if type(value) is not list:
        raise ValueError("a tuple field holds no list")
    return tuple(value)


def _resolved(name: str, value: Any, tables: dict[str, list[Any]], tuples: list[str]) -> Any:
    """A constant's value as the parts hold it."""
    if name in tables:
        return None if value is None else _index(tables[name], value)
    return _tuple(value) if name in tuples else value


def _construct(model: type[BaseModel], dicts: list[dict[str, Any]]) -> list[Any]:
    """Parts of `model` with exactly these field values, unvalidated (`model_construct` without
    its per-field defaults and aliases, which a complete row of our own does not need)."""
    new, put = model.__new__, object.__setattr__
    # one "fields set" for all: a frozen part never adds to it (assignment is refused before) and
    # model_copy gives the copy a set of its own; a set per part was a fifth of the decoding
    fields_set = set(model.model_fields)
    out = []
    for values in dicts:
        part = new(model)
        put(part, "__dict__", values)
        put(part, "__pydantic_fields_set__", fields_set)
        put(part, "__pydantic_extra__", None)
        put(part, "__pydantic_private__", None)
        out.append(part)
    return out
