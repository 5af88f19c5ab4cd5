"""What a technician brings back: the parts the server showed and the values the tools measured.

Importers (formats/importers/acceptance/) fill a `Results` from the results folder the
acceptance script writes; a baseline (store/acceptance_baselines.py) is a stored `Results`.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from typing import Any

from ..message import Msg


@dataclass(frozen=True)
class Seen:
    """One part the server showed: kind, where (index, locator, device name), its serial number."""

    kind: str
    location: str
    serial: str = ""
    model: str = ""

    @property
    def identity(self) -> str:
        """How the part is recognised again: its serial number, else its kind and place."""
        return f"{self.kind}:{self.serial}" if self.serial else f"{self.kind}@{self.location}"


@dataclass(frozen=True)
class Measured:
    """One measured value: `key` as the plan's steps name it, `value` in the step's unit; `detail`
    says what failed (a DCGM test, a FAULTY GPU) where the value is a pass/fail."""

    key: str
    value: float
    detail: tuple[Msg, ...] = ()


@dataclass(frozen=True)
class Results:
    """One acceptance run: the system's serial, the parts seen, the values measured, the steps the
    script skipped (with the reason) and notes on files that could not be read."""

    system_serial: str = ""
    host: str = ""
    taken: str = ""
    seen: tuple[Seen, ...] = ()
    measured: tuple[Measured, ...] = ()
    skipped: tuple[tuple[str, str], ...] = ()
    notes: tuple[Msg, ...] = field(default=())

    def value(self, key: str) -> Measured | None:
        return next((m for m in self.measured if m.key == key), None)

    def of(self, kind: str) -> list[Seen]:
        return [s for s in self.seen if s.kind == kind]

    @property
    def server_key(self) -> str:
        """The baseline's key: the system serial number, else a digest of the GPU and DIMM serials."""
        if self.system_serial:
            return self.system_serial
        serials = sorted(s.serial for s in self.seen if s.serial)
        if not serials:
            return ""
        return "parts-" + hashlib.sha256("\n".join(serials).encode()).hexdigest()[:16]


def results_to_json(r: Results) -> dict[str, Any]:
    """The stored form (details are kept as message ids and parameters)."""
    return {"system_serial": r.system_serial, "host": r.host, "taken": r.taken,
            "seen": [{"kind": s.kind, "location": s.location, "serial": s.serial, "model": s.model} for s in r.seen],
            "measured": [{"key": m.key, "value": m.value, "detail": [_msg_json(d) for d in m.detail]}
                         for m in r.measured],
            "skipped": [list(p) for p in r.skipped]}


def results_from_json(data: dict[str, Any]) -> Results:
    """The inverse of `results_to_json`; raises KeyError/TypeError/ValueError on a malformed file."""
    return Results(system_serial=str(data.get("system_serial", "")), host=str(data.get("host", "")),
                   taken=str(data.get("taken", "")),
                   seen=tuple(Seen(str(s["kind"]), str(s["location"]), str(s.get("serial", "")),
                                   str(s.get("model", ""))) for s in data["seen"]),
                   measured=tuple(Measured(str(m["key"]), float(m["value"]),
                                           tuple(_msg_from(d) for d in m.get("detail", ())))
                                  for m in data["measured"]),
                   skipped=tuple((str(a), str(b)) for a, b in data.get("skipped", ())))


def _msg_json(msg: Msg) -> dict[str, Any]:
    return {"id": msg.id, "args": {k: v for k, v in msg.args if isinstance(v, (str, int, float))}}


def _msg_from(data: dict[str, Any]) -> Msg:
    args = data.get("args", {})
    return Msg(str(data["id"]), **{str(k): v for k, v in args.items() if isinstance(v, (str, int, float))})
