"""Import a running server from its BMC over Redfish: read the inventory, then build from it.

The walk starts at the service root and only follows `@odata.id` links (no URI is built):
Systems → Processors (CPUs, and GPUs as `ProcessorType: GPU`), Memory, Storage → Drives,
PCIeDevices; Chassis → Drives, PCIeDevices, NetworkAdapters, PowerSubsystem → PowerSupplies
(or the deprecated Power resource), ThermalSubsystem → Fans (or the deprecated Thermal).
A resource that fails (404, bad JSON, too large) becomes a note and the walk goes on; a
service that stops answering ends the import with one error line.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from ...core.catalog import Catalog
from ...core.input_error import InputError
from ...core.message import Msg
from ...store.text_files import FileReadError, read_text
from ...words.i18n import N_
from .inventory_model import Found, Inventory
from .placing import ImportResult, ImportSettings, ServerImporter, build_from_inventory
from .redfish_items import chassis_items, drop_fields, field_problems, pcie_items, system_items
from .redfish_options import RedfishError, RedfishOptions
from .software import redfish_software

if TYPE_CHECKING:
    from .redfish_client import RedfishSession

#: the causes that end an import: the service cannot be reached at all, or sent us elsewhere, or
#: answers for the whole service (401: the session is gone, 429: rate-limited, 503: unavailable)
_FATAL = frozenset({"redfish.tls-untrusted", "redfish.timeout", "redfish.connect", "redfish.cross-origin",
                    "redfish.unauthorized", "redfish.rate-limited", "redfish.unavailable"})
#: the longest text of a link or a name kept in a note or an item (a hostile BMC sends megabytes)
_SHORT = 200


class _Walker:
    """Follows links with a budget of resources and of bytes; remembers what it read and what it
    could not. Collections are streamed: each member is handed on as it is read and not kept."""

    def __init__(self, session: RedfishSession) -> None:
        self.s, self.seen, self.notes = session, set[str](), list[Msg]()
        self._budget = session.options.max_links
        self._spent_at: str | None = None      # the first resource the byte budget left unread
        self._left_out = 0                     # resources not read after that

    def note(self, msg: Msg) -> None:
        self.notes.append(msg)

    def get(self, link: Any) -> dict[str, Any] | None:
        """The resource an `{"@odata.id": ...}` object (or a bare URI) points to, read once."""
        uri = link.get("@odata.id") if isinstance(link, dict) else link
        if not isinstance(uri, str):
            return None
        try:
            path = self.s.path_of(uri)
        except ValueError:      # urlsplit: "http://[x" and the like, or a link of megabytes
            self.notes.append(Msg("import.link-invalid", uri=uri[:_SHORT]))
            return None
        if path is None:
            self.notes.append(Msg("import.foreign-link", uri=uri[:_SHORT]))
            return None
        if path in self.seen:
            return None
        self.seen.add(path)
        if len(self.seen) > self._budget:
            if len(self.seen) == self._budget + 1:
                self.notes.append(Msg("import.link-budget", n=self._budget))
            return None
        if self._spent_at is not None:
            self._left_out += 1
            return None
        data, why = self.s.get(path)
        if why is not None:
            if why.id in _FATAL:
                raise RedfishError(f"{self.s.base}{path}", why)
            if why.id == "redfish.budget-spent":
                self._spent_at = path
                return None
            self.notes.append(Msg("import.file-skipped", file=path, reason=why))
            return None
        assert data is not None
        problems = field_problems(data)
        for field, expected, found in problems:
            self.notes.append(Msg("import.field-type", path=path, field=field, expected=expected, found=found))
        drop_fields(data, [p[0] for p in problems])
        return data

    def finish(self) -> None:
        """The note naming what the byte budget left out, if it did."""
        if self._spent_at is not None:
            self.notes.append(Msg("import.bytes-budget", limit=f"{self.s.options.max_total_bytes:,}",
                                  path=self._spent_at, n=self._left_out))

    def members(self, link: Any) -> Iterator[dict[str, Any]]:
        """The resources of a collection, one by one as they are read, at most `max_members`,
        following `Members@odata.nextLink`; a page is dropped once its links are taken."""
        cap, tried, pages = self.s.options.max_members, 0, 0
        page = self.get(link)
        while page is not None:
            pages += 1      # a page holds a member or more: more pages than `cap` is an endless chain
            members = page.get("Members")
            refs = members[:cap - tried + 1] if isinstance(members, list) else []
            where = str(page.get("@odata.id") or (link.get("@odata.id") if isinstance(link, dict) else link))
            total = page.get("Members@odata.count", len(members) if isinstance(members, list) else 0)
            next_link = page.get("Members@odata.nextLink")
            del page, members
            capped = Msg("import.members-capped", where=where[:_SHORT], total=str(total)[:_SHORT], cap=cap)
            if pages > cap:
                self.notes.append(capped)
                return
            for ref in refs:
                if tried >= cap:
                    self.notes.append(capped)
                    return
                tried += 1
                item = self.get(ref)
                if item is not None:
                    yield item
            page = self.get(next_link)

    def links(self, refs: Any) -> Iterator[dict[str, Any]]:
        """The resources of a list of links (e.g. `Links.Drives`), at most `max_members`, one by one."""
        refs = refs if isinstance(refs, list) else []
        cap = self.s.options.max_members
        if len(refs) > cap:
            self.notes.append(Msg("import.links-capped", n=len(refs), cap=cap))
        for ref in refs[:cap]:
            item = self.get(ref)
            if item is not None:
                yield item


#: what is kept of a system, a chassis and a manager once its parts are read (the rest is dropped)
_KEEP_SYSTEM = ("Model", "Manufacturer", "BiosVersion", "PCIeDevices")
_KEEP_CHASSIS = ("Model", "Manufacturer", "ChassisType")
_KEEP_MANAGER = ("FirmwareVersion",)


def _kept(doc: dict[str, Any], keys: tuple[str, ...], cap: int) -> dict[str, Any]:
    out = {k: doc[k] for k in keys if k in doc}
    for key, value in out.items():
        if isinstance(value, str):
            out[key] = value[:_SHORT]
        elif isinstance(value, list):
            out[key] = value[:cap]      # links: the walker reads at most `cap` of them anyway
    return out


def read_inventory(options: RedfishOptions) -> Inventory:
    """Everything the BMC at `options.url` reports, as an `Inventory`; raises `RedfishError`.

    Memory: members are read and turned into items one at a time, never held as a collection;
    at most `max_total_bytes` are read in all (docs/import.md states the bound, measured)."""
    from .redfish_client import RedfishSession  # the client library costs 0.2 s to import: only when used

    session = RedfishSession(options)
    cap = options.max_members
    try:
        root = session.service_root()
        for field, expected, found in field_problems(root)[:1]:
            raise RedfishError(f"{session.base}/redfish/v1/",
                               Msg("redfish.root-field-type", field=field, expected=expected, found=found))
        walk = _Walker(session)
        tops = {k: root.get(k) for k in ("Systems", "Chassis", "Managers")}
        del root
        items: list[Found] = []
        systems: list[dict[str, Any]] = []
        for system in walk.members(tops["Systems"]):
            items += system_items(walk, system)
            systems.append(_kept(system, _KEEP_SYSTEM, cap))
        gpu_procs = any(i.kind == "gpu" for i in items)
        linked: set[str] = set()
        chassis: list[dict[str, Any]] = []
        for ch in walk.members(tops["Chassis"]):
            items += chassis_items(walk, ch, gpu_procs, linked)
            chassis.append(_kept(ch, _KEEP_CHASSIS, cap))
        for system in systems:      # PCIe devices only a system links to (the walker reads each once)
            items += pcie_items(walk.links(system.get("PCIeDevices")), linked, gpu_procs)
        managers = [_kept(m, _KEEP_MANAGER, cap) for m in walk.members(tops["Managers"])]
        walk.finish()
    finally:
        session.close()
    first = systems[0] if systems else {}
    frame = next((c for c in chassis if c.get("ChassisType") not in ("Component", "Module", "Card")), {})
    if options.insecure:
        walk.notes.insert(0, Msg("import.tls-unverified"))
    if not systems:
        walk.notes.append(Msg("import.no-system"))
    return Inventory(
        source=options.url, system_model=str(first.get("Model") or frame.get("Model") or ""),
        system_manufacturer=str(first.get("Manufacturer") or frame.get("Manufacturer") or ""),
        chassis_type=str(frame.get("ChassisType") or ""), items=tuple(items), notes=tuple(walk.notes),
        blind=() if systems else ("cpu", "dimm", "gpu"), software=redfish_software(first, managers))


def import_redfish(options: RedfishOptions, catalog: Catalog, chassis_id: str | None = None) -> ImportResult:
    """Read the BMC and build from what it reports (see `placing.build_from_inventory`)."""
    return build_from_inventory(read_inventory(options), catalog, chassis_id, name=options.url)


def _read(source: str, catalog: Catalog, settings: ImportSettings) -> ImportResult:
    options = settings.connection if isinstance(settings.connection, RedfishOptions) else RedfishOptions(source)
    return import_redfish(options, catalog, settings.chassis_id)


REDFISH = ServerImporter(name="redfish", description=N_("a running server's BMC over Redfish (https://BMC)"), read=_read)


def read_password_file(path: str) -> str:
    """The password in `path` (first line, without its newline); ValueError names the file."""
    try:
        text = read_text(path, max_bytes=4096, what="password file")   # bounded; refuses FIFOs and devices
    except FileReadError as exc:
        raise InputError(Msg("import.password-unreadable", reason=exc.msg), path) from None
    first = text.splitlines()[0] if text else ""
    if not first:
        raise InputError(Msg("import.password-empty"), path)
    return first


def password_file_warning(path: str) -> InputError | None:
    """A warning (an `InputError` naming the file, worded like one) when other users of this machine
    can read the password file, else None."""
    try:
        mode = os.stat(path).st_mode
    except (OSError, ValueError):
        return None
    if mode & (stat.S_IRGRP | stat.S_IROTH):
        return InputError(Msg("import.password-readable"), path)
    return None


__all__ = ["REDFISH", "RedfishError", "RedfishOptions", "read_inventory", "import_redfish", "read_password_file",
           "password_file_warning"]
