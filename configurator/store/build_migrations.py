"""Build-file format versions and the steps that bring an old file up to date.

History (see docs/file-format.md):

* **0** — the pre-release layout (builds saved before 0.1). No `format` field (or
  `"format": 0`); parts as a list ``"parts": [{"slot": "GPU1", "id": "..."}]``; the site's
  feed voltage as ``site.voltage``; `name`, `customer` and `notes` at the top level.
* **1** — the current layout written by `Build.to_file_dict()`: `format`, `kind`,
  `placements` as a slot → part object, `site.input_voltage_v`, and `meta`.

Each step is a pure function from the version-N JSON object to the version-N+1 object. A
file newer than `FORMAT_VERSION` is refused: an old app must not silently drop what it
does not understand.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..core.build import FORMAT_KIND, FORMAT_VERSION
from ..core.message import Msg


class MigrationError(ValueError):
    """The file's version is unknown or its old layout is broken; `field` names where."""

    def __init__(self, field: str, msg: Msg) -> None:
        super().__init__(msg)
        self.field = field
        self.msg = msg


def detect_version(data: dict[str, Any]) -> int:
    """The file's format version; files without `format` are version 0 (pre-release)."""
    if "format" not in data:
        if "placements" in data or "kind" in data:
            raise MigrationError("format", Msg("build.format-missing"))
        return 0
    raw = data["format"]
    if isinstance(raw, bool) or not isinstance(raw, int):
        shown = repr(raw) if not isinstance(raw, (dict, list)) else type(raw).__name__
        raise MigrationError("format", Msg("build.format-not-int", value=shown[:40]))
    if raw < 0:
        raise MigrationError("format", Msg("build.format-unknown", version=raw))
    if raw > FORMAT_VERSION:
        raise MigrationError("", Msg("build.format-newer", version=raw, current=FORMAT_VERSION))
    return raw


def _v0_to_v1(data: dict[str, Any]) -> dict[str, Any]:
    # a step never drops what it does not recognise: a current-layout key in a version-0 file
    # means the file is mislabelled, and guessing which half is right would lose parts silently
    if "placements" in data:
        raise MigrationError("format", Msg("build.format-0-layout"))
    if "kind" in data and data["kind"] != FORMAT_KIND:
        raise MigrationError("kind", Msg("build.kind", kind=repr(str(data["kind"])[:60]), expected=repr(FORMAT_KIND)))
    out = {k: v for k, v in data.items() if k not in ("format", "kind", "parts", "name", "customer", "notes")}
    parts = data.get("parts", [])
    if not isinstance(parts, list):
        raise MigrationError("parts", Msg("build.parts-list"))
    placements: dict[str, Any] = {}
    where: dict[str, int] = {}
    for i, entry in enumerate(parts):
        if not isinstance(entry, dict) or set(entry) - {"slot", "id"} or "slot" not in entry or "id" not in entry:
            raise MigrationError(f"parts[{i}]", Msg("build.part-object"))
        slot = entry["slot"]
        if not isinstance(slot, str):
            raise MigrationError(f"parts[{i}].slot", Msg("build.must-be-string"))
        if slot in placements:
            raise MigrationError(f"parts[{i}]", Msg("build.slot-holds", slot=repr(slot), part=repr(placements[slot]),
                                                    where=f"parts[{where[slot]}]"))
        placements[slot] = entry["id"]
        where[slot] = i
    out["placements"] = placements
    site = data.get("site")
    if isinstance(site, dict) and "voltage" in site:
        site = {k: v for k, v in site.items() if k != "voltage"}
        if "input_voltage_v" in site:
            raise MigrationError("site.voltage", Msg("build.voltage-twice"))
        site["input_voltage_v"] = data["site"]["voltage"]
        out["site"] = site
    meta = {k: data[k] for k in ("name", "customer", "notes") if k in data}
    if meta:
        if "meta" in data:
            raise MigrationError("meta", Msg("build.meta-twice"))
        out["meta"] = meta
    out["format"] = 1
    out["kind"] = FORMAT_KIND
    return out


#: MIGRATIONS[n] turns a version-n object into a version-(n+1) object
MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {
    0: _v0_to_v1,
}


def migrate(data: dict[str, Any]) -> tuple[dict[str, Any], int]:
    """Bring a parsed build file to `FORMAT_VERSION`; returns (data, version it was in)."""
    original = detect_version(data)
    version = original
    while version < FORMAT_VERSION:
        data = MIGRATIONS[version](data)
        version += 1
    return data, original
