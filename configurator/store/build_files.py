"""Build files: read any file a customer may send without crashing, write without ever losing data.

Reading refuses (raises `BuildFileError`, one line naming the file and the field) whatever
cannot be a build: files over `MAX_BUILD_BYTES`, non-UTF-8 text, invalid JSON, NaN /
Infinity / out-of-range numbers, duplicate keys, nesting deeper than `MAX_DEPTH`, a newer
format version, wrong types and out-of-range values. Older format versions are migrated
(`migrations.py`). Against a catalog, unknown chassis or part ids, slots the chassis does
not have and parts in the wrong kind of slot are *not* fatal: the build loads unchanged
(nothing is dropped) and `read_build` returns them as `BuildNote`s; the rules report them
as violations too.

Writing (`save_build`) is atomic and keeps the previous version as `<name>.bak`; see
`safe_write.atomic_write` and docs/file-format.md.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from ..core import validation_text
from ..core.build import FORMAT_KIND, Build
from ..core.catalog import Accessory, Catalog
from ..core.categories import ACCEPTS
from ..core.input_error import InputError, english, located
from ..core.library_errors import json_reason
from ..core.message import Arg, Msg
from ..core.slots import slot_map
from .build_migrations import MigrationError, migrate
from .safe_write import atomic_write
from .text_files import FileReadError, decode_text, read_bytes, too_big
from .workload_limits import workload_problem

MAX_BUILD_BYTES = 10_000_000
MAX_DEPTH = 64          # a build is ~5 levels deep; the workload object gets the rest
_MAX_INT_DIGITS = 40    # far beyond any real figure, far below Python's 4300-digit limit
_MAX_SHOWN = 300        # longest message / field text echoed back


def clean_text(text: str, limit: int = _MAX_SHOWN) -> str:
    """`text` made safe for a one-line message: control characters escaped, length capped."""
    out = "".join(ch if ch.isprintable() or ch == " " else ascii(ch)[1:-1] for ch in str(text))
    return out if len(out) <= limit else out[: limit - 1] + "…"


class BuildFileError(InputError):
    """A build file that cannot be loaded: `msg` says why, `file` and `field` where."""

    def __init__(self, msg: Msg, file: str, field: str = "", entry: str = "") -> None:
        super().__init__(msg, clean_text(file, 200), clean_text(field, 120), entry)

    @property
    def message(self) -> str:
        """What is wrong, in English, without the place (for a reader that still keeps a text)."""
        return english(self.msg)


@dataclass(frozen=True)
class BuildNote:
    """A non-fatal finding: the build loaded unchanged, but something needs the user's eye."""

    file: str
    field: str
    msg: Msg

    @property
    def where(self) -> Msg:
        """The note with its place, `file: field 'x': …` (words/input_words.py)."""
        return located(self.msg, self.file, self.field) or self.msg

    @property
    def message(self) -> str:
        """What the note says, in English (`--json`, the build file's notes)."""
        return english(self.msg)

    def __str__(self) -> str:
        return english(self.where)


@dataclass(frozen=True)
class LoadedBuild:
    build: Build
    notes: tuple[BuildNote, ...] = ()
    version: int = 1  # format version the file was written in (< current: migrated)


# --------------------------------------------------------------------------- reading


def _read_bytes(path: Path, name: str) -> bytes:
    """The file's bytes (regular files up to `MAX_BUILD_BYTES` only)."""
    try:
        return read_bytes(path, max_bytes=MAX_BUILD_BYTES, what="build file")
    except FileReadError as exc:
        raise BuildFileError(exc.msg, name) from None


def _decode(raw: bytes, name: str) -> str:
    try:
        return decode_text(raw, name)
    except FileReadError as exc:
        raise BuildFileError(exc.msg, name) from None


def _too_big(name: str, size: int) -> BuildFileError:
    return BuildFileError(too_big(name, size, MAX_BUILD_BYTES, "build file").msg, name)


class _Bad:
    """A number JSON allows but a build cannot hold (NaN, Infinity, 1e400, 10**5000)."""

    __slots__ = ("text", "reason")

    def __init__(self, text: str, reason: Msg) -> None:
        self.text, self.reason = text, reason


def _parse_float(text: str) -> Any:
    value = float(text)
    return value if math.isfinite(value) else _Bad(text, Msg("build.number-too-large", number=clean_text(text, 24)))


def _parse_int(text: str) -> Any:
    if len(text.lstrip("-")) > _MAX_INT_DIGITS:
        return _Bad(text, Msg("build.digits-too-large", n=len(text.lstrip("-"))))
    return int(text)


def _parse_constant(text: str) -> Any:
    return _Bad(text, Msg("build.not-finite", value=text))


def _parse_json(text: str, name: str) -> tuple[Any, dict[int, list[tuple[str, Any]]]]:
    """Parse; returns the data and, per dict id, the (key, later value) pairs of repeated keys."""
    dups: dict[int, list[tuple[str, Any]]] = {}

    def pairs(items: list[tuple[str, Any]]) -> dict[str, Any]:
        obj: dict[str, Any] = {}
        for key, value in items:
            if key in obj:
                dups.setdefault(id(obj), []).append((key, value))
                continue
            obj[key] = value
        return obj

    if not text.strip():
        raise BuildFileError(Msg("build.empty"), name)
    try:
        data = json.loads(text, object_pairs_hook=pairs, parse_float=_parse_float,
                          parse_int=_parse_int, parse_constant=_parse_constant)
    except json.JSONDecodeError as exc:
        raise BuildFileError(Msg("build.json-at", line=exc.lineno, column=exc.colno, reasons=json_reason(exc.msg)),
                             name) from None
    except RecursionError:
        raise BuildFileError(Msg("build.too-deep", n=MAX_DEPTH), name) from None
    except (ValueError, MemoryError) as exc:
        raise BuildFileError(Msg("build.json", reasons=json_reason(str(exc))), name) from None
    return data, dups


def _path(parent: str, key: str | int) -> str:
    if isinstance(key, int):
        return f"{parent}[{key}]"
    return f"{parent}.{key}" if parent else key


def _check_tree(data: Any, dups: dict[int, list[tuple[str, Any]]], name: str) -> None:
    """Refuse duplicate keys, non-finite / huge numbers and deep nesting (iteratively)."""
    stack: list[tuple[Any, str, int]] = [(data, "", 0)]
    while stack:
        value, where, depth = stack.pop()
        if depth > MAX_DEPTH:
            raise BuildFileError(Msg("build.too-deep", n=MAX_DEPTH), name, where)
        if isinstance(value, _Bad):
            raise BuildFileError(value.reason, name, where)
        if isinstance(value, dict):
            for key, later in dups.get(id(value), ()):
                raise BuildFileError(_twice(where, value[key], later), name, _path(where, key))
            stack.extend((v, _path(where, k), depth + 1) for k, v in reversed(value.items()))
        elif isinstance(value, list):
            stack.extend((v, _path(where, i), depth + 1) for i, v in reversed(list(enumerate(value))))


def _twice(where: str, first: Any, later: Any) -> Msg:
    slot = "slot-" if where == "placements" else ""
    if isinstance(first, str) and isinstance(later, str):
        return Msg(f"build.{slot}twice-values", first=clean_text(repr(first), 60), later=clean_text(repr(later), 60))
    return Msg(f"build.{slot}twice")


_PATTERN_WORDS = {
    r"^[A-Za-z0-9_.-]+$": "build.pattern-id",
    r"^[A-Za-z0-9][A-Za-z0-9._+-]*$": "build.pattern-name",
    r"^[A-Z]{3}$": "build.pattern-currency",
}


def validation_error(exc: ValidationError, name: str) -> BuildFileError:
    """The first problem of `exc` as one line naming `name` and the field."""
    err = exc.errors(include_url=False)[0]
    loc = list(err.get("loc", ()))
    is_key = bool(loc) and loc[-1] == "[key]"
    if is_key:
        loc = loc[:-1]
    field = ""
    for part in loc:
        field = _path(field, part)
    kind = err.get("type", "")
    msg = validation_text.msg(err)
    pattern = str(err.get("ctx", {}).get("pattern"))
    if kind == "string_pattern_mismatch" and pattern in _PATTERN_WORDS:
        msg = Msg(_PATTERN_WORDS[pattern])
    elif kind == "extra_forbidden":
        msg = Msg("build.unknown-field")
    elif kind == "missing":
        msg = Msg("build.required")
    if is_key:
        msg = Msg("input.name-pattern" if kind == "string_pattern_mismatch" else "input.name", details=msg)
    more = exc.error_count() - 1
    if more:
        msg = Msg("input.more-problems" if more > 1 else "input.more-problem", details=msg, n=more)
    return BuildFileError(msg, name, field)


def _to_build(data: Any, name: str) -> tuple[Build, int]:
    if not isinstance(data, dict):
        got: Arg = (Msg("build.a-list") if isinstance(data, list) else Msg("build.a-string") if isinstance(data, str)
                    else type(data).__name__)
        raise BuildFileError(Msg("build.top-level", kind=got), name)
    try:
        data, version = migrate(data)
    except MigrationError as exc:
        raise BuildFileError(exc.msg, name, exc.field) from None
    kind = data.get("kind", FORMAT_KIND)
    if kind != FORMAT_KIND:
        raise BuildFileError(Msg("build.kind", kind=clean_text(repr(kind), 60), expected=repr(FORMAT_KIND)), name, "kind")
    body = {k: v for k, v in data.items() if k not in ("format", "kind")}
    problem = workload_problem(body.get("workload"))
    if problem:
        raise BuildFileError(problem[1], name, f"workload.{problem[0]}")
    if body.get("workload") is not None:
        _check_workload(body["workload"], name)
    try:
        return Build.model_validate(body), version
    except ValidationError as exc:
        raise validation_error(exc, name) from None
    except RecursionError:
        raise BuildFileError(Msg("build.too-deep", n=MAX_DEPTH), name) from None


def _check_workload(workload: Any, name: str) -> None:
    """A build's workload is checked like every other field (the build keeps it as a dict, and the
    evaluator would skip one that does not validate: a typo would silently remove the fit check).
    The workload model is imported here: most builds have none."""
    from ..core.evaluate.workload_models import Workload

    if not isinstance(workload, dict):
        raise BuildFileError(Msg("build.workload-not-object"), name, "workload")
    try:
        Workload.model_validate(workload)
    except ValidationError as exc:
        inner = validation_error(exc, name)
        field = "workload" + (inner.field if inner.field.startswith("[") else f".{inner.field}" if inner.field else "")
        raise BuildFileError(inner.msg, name, field) from None
    except RecursionError:
        raise BuildFileError(Msg("build.too-deep", n=MAX_DEPTH), name, "workload") from None


def catalog_notes(build: Build, catalog: Catalog, name: str = "") -> list[BuildNote]:
    """What in `build` the catalog does not know; nothing here stops the build loading."""
    chassis = catalog.chassis(build.chassis)
    if chassis is None:
        what = "note.not-a-chassis" if catalog.get(build.chassis) else "note.unknown-chassis"
        return [BuildNote(name, "chassis", Msg(what, chassis=repr(build.chassis)))]
    notes: list[BuildNote] = []
    smap = slot_map(chassis)
    for slot, part_id in build.placements.items():
        where = _path("placements", slot)
        part = catalog.get(part_id)
        if slot not in smap:
            notes.append(BuildNote(name, where, Msg("note.no-slot-kept", chassis=chassis.name, slot=slot,
                                                    part=repr(part_id))))
        elif part is None:
            notes.append(BuildNote(name, where, Msg("note.unknown-part", part=repr(part_id))))
        elif part.category not in ACCEPTS[smap[slot].kind]:
            notes.append(BuildNote(name, where, Msg("note.wrong-slot", category=part.category, part=part_id,
                                                    kind=smap[slot].kind, slot=slot)))
    for i, group in enumerate(build.bridges):
        for slot in group:
            if slot not in smap:
                notes.append(BuildNote(name, f"bridges[{i}]", Msg("note.no-slot", chassis=chassis.name, slot=slot)))
    for slot in build.psu_feeds:
        if slot not in smap:
            notes.append(BuildNote(name, _path("psu_feeds", slot), Msg("note.no-psu-bay", chassis=chassis.name,
                                                                       slot=slot)))
    in_build = {build.chassis, *build.placements.values()}
    for i, pid in enumerate(build.companions):
        acc = catalog.get(pid)
        if not isinstance(acc, Accessory):
            notes.append(BuildNote(name, f"companions[{i}]", Msg("note.not-a-companion", part=repr(pid))))
        elif not in_build & set(acc.companion_of):
            notes.append(BuildNote(name, f"companions[{i}]", Msg("note.companion-unused", part=pid)))
    if build.psu_redundancy and build.psu_redundancy not in chassis.psu.redundancy_modes:
        notes.append(BuildNote(name, "psu_redundancy", Msg("note.mode-not-offered", mode=repr(build.psu_redundancy),
                                                           chassis=chassis.name,
                                                           modes=", ".join(chassis.psu.redundancy_modes))))
    return notes


def parse_json_checked(text: str, name: str) -> Any:
    """JSON with the build reader's protections (duplicate keys, NaN/Infinity, huge numbers,
    nesting deeper than `MAX_DEPTH` refused); for other JSON inputs such as workload files.
    Raises `BuildFileError` (one line naming `name` and the field)."""
    if text.startswith("\ufeff"):
        text = text[1:]
    data, dups = _parse_json(text, name)
    _check_tree(data, dups, name)
    return data


def parse_build(text: str | bytes, name: str = "<string>", catalog: Catalog | None = None) -> LoadedBuild:
    """Parse build-file text (str, or raw bytes as read from disk) into a `LoadedBuild`."""
    if isinstance(text, (bytes, bytearray)):
        if len(text) > MAX_BUILD_BYTES:
            raise _too_big(name, len(text))
        text = _decode(bytes(text), name)
    elif len(text) > MAX_BUILD_BYTES:
        raise _too_big(name, len(text))
    data = parse_json_checked(text, name)
    build, version = _to_build(data, name)
    notes: list[BuildNote] = []
    if version < 1:
        notes.append(BuildNote(name, "format", Msg("note.migrated", version=version)))
    if catalog is not None:
        notes.extend(catalog_notes(build, catalog, name))
    return LoadedBuild(build, tuple(notes), version)


def read_build(path: Path | str, catalog: Catalog | None = None) -> LoadedBuild:
    """Load a build file with its non-fatal notes; raises `BuildFileError`."""
    name = str(path)
    return parse_build(_read_bytes(Path(path), name), name, catalog)


def load_build(path: Path | str, catalog: Catalog | None = None) -> Build:
    """Load a build file; raises `BuildFileError` (one line: file, field, what is wrong)."""
    return read_build(path, catalog).build


def loads_build(text: str | bytes, name: str = "<string>", catalog: Catalog | None = None) -> Build:
    """`load_build` for text already in memory (clipboard, e-mail attachment, tests)."""
    return parse_build(text, name, catalog).build


# --------------------------------------------------------------------------- writing


def _sorted(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _sorted(value[k]) for k in sorted(value)}
    if isinstance(value, list):
        return [_sorted(v) for v in value]
    return value


def dumps_build(build: Build) -> str:
    """The build file text: `format` and `kind` first, then keys sorted; indent 2, final newline.

    Non-ASCII text is written as UTF-8. A string the UTF-8 codec cannot carry (a lone
    surrogate in free-form workload data) switches the file to \\u escapes, which load back
    exactly.
    """
    data = build.to_file_dict()
    head = {k: data.pop(k) for k in ("format", "kind")}
    doc = {**head, **_sorted(data)}
    text = json.dumps(doc, indent=2, ensure_ascii=False, allow_nan=False) + "\n"
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        text = json.dumps(doc, indent=2, ensure_ascii=True, allow_nan=False) + "\n"
    return text


def save_build(build: Build, path: Path | str) -> None:
    """Write `build` to `path` atomically, keeping the previous file as `<name>.bak`.

    The text is parsed back before anything is written, so a file this app could not open
    again is never written (`BuildFileError`); disk problems raise `OSError` and leave the
    old file untouched.
    """
    path = Path(path)
    try:
        text = dumps_build(build)
    except (ValueError, RecursionError) as exc:
        raise BuildFileError(_cannot_save(Msg("input.as-given", text=str(exc))), str(path)) from None
    data = text.encode("utf-8")
    if len(data) > MAX_BUILD_BYTES:
        raise BuildFileError(_cannot_save(Msg("build.save-too-big", size=f"{len(data) / 1e6:.1f}",
                                              limit=MAX_BUILD_BYTES // 1_000_000)), str(path))
    try:
        again = parse_build(text, str(path)).build
    except BuildFileError as exc:   # e.g. a workload that does not validate: the file would not open again
        raise BuildFileError(_cannot_save(exc.msg), str(path), exc.field) from None
    if again != build:
        raise BuildFileError(_cannot_save(Msg("build.save-differs")), str(path))
    atomic_write(path, data, backup=True)


def _cannot_save(why: Msg) -> Msg:
    return Msg("input.cannot-save", details=why)
