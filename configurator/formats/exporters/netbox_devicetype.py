"""NetBox device types: one YAML file per device type, in the community devicetype-library format.

The format is https://github.com/netbox-community/devicetype-library (its `schema/devicetype.json`
is vendored in tests/fixtures/ and a test validates every export against it). A server device
type is a build: the chassis' maker, model, part number, height, depth and weight; one power port
per PSU placed (inlet from the PSU's power cord in the catalog, else "other"); one interface per
NIC port at its speed, plus the BMC port. A switch device type is a catalog `Switch`.

Power draws (whole watts, as NetBox stores them): `maximum_draw` is the build's max wall power
shared by the PSUs that count under its redundancy (the load each carries once the spares have
failed over), `allocated_draw` the typical wall power shared by every PSU placed.

Names follow the library's CONTRIBUTING.md: the manufacturer's human-friendly name (the catalog
vendor without a parenthesis: "xFusion", not "xFusion (超聚变)"), the model without the manufacturer
("PowerEdge XE9680", not "Dell PowerEdge XE9680 (6U …)"), the part number as `part_number`, a slug
that begins with the manufacturer's slug and uses only [-a-z0-9]. The NetBox devices CSV
(cluster_bom_csv.py) names the same manufacturer and model, as NetBox's bulk import matches a
device type by `model` within its manufacturer (netbox dcim/forms/bulk_import.py
`BaseDeviceImportForm`).

Port types: a DPU or SuperNIC (BlueField-3) runs Ethernet (its default link type); a VPI adapter
runs the protocol of the fabric it is wired to (a cluster's compute fabric), else InfiniBand. A PSU's
inlet is its catalog power cord's, else by its rating: the catalog's cords carry above ~1,800 W on
C19/C20 (16 A) and below on C13/C14 (10 A) (catalogs/accessories.toml). A tower is not rack-mounted:
0U in NetBox.

Files go under the output folder as `<Manufacturer>/<slug>.yaml`, as in the library.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ...core.build import Build
from ...core.catalog import NIC, PSU, Catalog, Switch
from ...core.evaluate.companions import cord_for
from ...core.evaluate.result import Evaluation
from ...core.input_error import InputError
from ...core.message import Msg
from ...store.safe_write import atomic_write, sanitize_filename
from ...words.i18n import N_
from ..registry import Exporter, ExportRequest
from .cluster_bom_csv import ClusterExporter

if TYPE_CHECKING:
    from ...core.cluster.plan import ClusterPlan

_IB = {100: "infiniband-edr", 200: "infiniband-hdr", 400: "infiniband-ndr", 800: "infiniband-xdr"}
_ETH = {1: "1000base-t", 10: "10gbase-x-sfpp", 25: "25gbase-x-sfp28", 100: "100gbase-x-qsfp28",
        200: "200gbase-x-qsfp56", 400: "400gbase-x-osfp", 800: "800gbase-x-osfp"}
#: the PSU-side end of a catalog power cord → the PSU's inlet (a C19 cord end plugs into a C20 inlet)
_INLET = (("C19", "iec-60320-c20"), ("C13", "iec-60320-c14"), ("C15", "iec-60320-c16"))
_MAX_TEXT = 100   # manufacturer, model and slug lengths the schema allows
#: above this rating a PSU's cord is C19/C20 (catalogs/accessories.toml acc-cord-c19-c20's note)
C20_ABOVE_W = 1800
_PAREN = re.compile(r"\s*\([^()]*\)\s*$")


def slug(text: str) -> str:
    """The library's slug: lower case, [-a-z0-9] (no dots or underscores), at most 100 characters."""
    out = re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")
    return (out or "device")[:_MAX_TEXT].rstrip("-") or "device"


def manufacturer_name(vendor: str) -> str:
    """The manufacturer as the library names it: the vendor without a trailing parenthesis."""
    return (_PAREN.sub("", vendor).strip() or vendor or "Unknown")[:_MAX_TEXT]


def model_name(vendor: str, name: str) -> str:
    """The model without the manufacturer and without the catalog's parenthesised description."""
    model = _PAREN.sub("", name).strip() or name
    maker = manufacturer_name(vendor)
    if model.lower().startswith(maker.lower() + " "):
        model = model[len(maker) + 1:].strip()
    return model[:_MAX_TEXT]


def device_type_slug(vendor: str, model: str) -> str:
    """`<manufacturer slug>-<model slug>`, as the library's slugs begin with the manufacturer's."""
    return slug(f"{manufacturer_name(vendor)} {model}")


def interface_type(protocol: str, speed_gbps: float) -> str:
    """The NetBox interface type for a port: InfiniBand by rate, Ethernet by speed; else 'other'."""
    table = _IB if protocol in ("ib", "vpi") else _ETH
    return table.get(int(round(speed_gbps)), "other")


def nic_protocol(nic: NIC, fabric: str | None) -> str:
    """What a NIC's ports run: a DPU or SuperNIC Ethernet, a VPI adapter the fabric's protocol."""
    if nic.kind in ("dpu", "supernic"):
        return "eth"
    return fabric or nic.protocol if nic.protocol == "vpi" else nic.protocol


def inlet_by_rating(rating_w: float) -> str:
    """A PSU's inlet when no catalog cord names it: C20 above ~1,800 W, else C14."""
    return "iec-60320-c20" if rating_w > C20_ABOVE_W else "iec-60320-c14"


def _weight(kg: float) -> float:
    """`kg` to a value the schema's `multipleOf: 0.01` accepts as a float (14.3 / 0.01 is not whole)."""
    for value in (round(kg, 2), round(kg, 1), float(round(kg))):
        if float(value / 0.01).is_integer():
            return value
    return float(round(kg))


def _inlet(catalog: Catalog, psu: PSU, named: tuple[str, ...] = ()) -> str:
    """The PSU's inlet from the cord the BOM lists for it (`companions.cord_for`), else by its rating."""
    cord = cord_for(catalog, psu.id, named)
    if cord is not None:
        for cord_end, inlet in _INLET:
            if cord_end in cord.name.split(" to ")[0]:
                return inlet
    return inlet_by_rating(psu.rating_w)


def _power_ports(build: Build, ev: Evaluation, catalog: Catalog) -> list[dict[str, Any]]:
    psus = [(slot, part) for slot, pid in sorted(build.placements.items())
            if isinstance(part := catalog.get(pid), PSU)]
    active = max(1, ev.psu.active or len(psus))
    most = max(1, math.ceil(ev.power.wall_max_w / active))
    shared = max(1, math.ceil(ev.power.wall_typical_w / max(1, len(psus))))
    return [{"name": slot, "type": _inlet(catalog, p, build.companions), "maximum_draw": most, "allocated_draw": shared}
            for slot, p in psus]


def _interfaces(build: Build, catalog: Catalog, fabric: str | None) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for slot, pid in sorted(build.placements.items()):
        nic = catalog.get(pid)
        if isinstance(nic, NIC):
            kind = interface_type(nic_protocol(nic, fabric), nic.port_speed_gbps)
            out += [{"name": f"{slot}-p{i}"[:64], "type": kind, "description": nic.name[:200]}
                    for i in range(1, nic.ports + 1)]
    out.append({"name": "BMC", "type": "1000base-t", "mgmt_only": True})
    return out


def server_device_type(build: Build, ev: Evaluation, catalog: Catalog, model: str | None = None,
                       fabric: str | None = None) -> dict[str, Any]:
    """The device type of one server build (see the module docstring); ValueError without a chassis.
    `fabric` is the protocol ("ib" or "eth") of the fabric its VPI adapters are wired to."""
    ch = catalog.chassis(build.chassis)
    if ch is None:
        raise InputError(Msg("format.unknown-chassis", chassis=repr(build.chassis)), build.meta.name or "build")
    name = (model or model_name(ch.vendor, ch.name))[:_MAX_TEXT]
    data: dict[str, Any] = {"manufacturer": manufacturer_name(ch.vendor), "model": name,
                            "slug": device_type_slug(ch.vendor, name)}
    if ch.part_number:
        data["part_number"] = ch.part_number[:50]
    data["description"] = ch.name[:200]
    racked = ch.form != "tower"
    data.update({"u_height": ch.rack_units if racked else 0, "is_full_depth": racked, "airflow": "front-to-rear",
                 "weight": _weight(ev.weight_kg or ch.weight_kg), "weight_unit": "kg",
                 "power-ports": _power_ports(build, ev, catalog), "interfaces": _interfaces(build, catalog, fabric),
                 "comments": f"{ev.compute.gpu_count} x {ev.compute.gpu_model or 'no GPU'}; max "
                             f"{ev.power.wall_max_w:,.0f} W at the wall; exported by ai-server-configurator "
                             f"from build {build.meta.name or build.chassis!r}"})
    return data


def switch_device_type(switch: Switch) -> dict[str, Any]:
    """A fabric switch's device type: its native ports, PSUs and mechanical figures."""
    psus = switch.psu_count
    carried = psus // switch.psu_feeds if switch.psu_feeds > 1 else psus   # 1+1: one side carries it all
    model = switch_model(switch)
    data: dict[str, Any] = {"manufacturer": manufacturer_name(switch.vendor), "model": model,
                            "slug": device_type_slug(switch.vendor, model)}
    if switch.part_number:
        data["part_number"] = switch.part_number[:50]
    data["description"] = switch.name[:200]
    kind = interface_type(switch.protocol, switch.port_speed_gbps)
    data.update({"u_height": switch.rack_units, "is_full_depth": True, "weight": _weight(switch.weight_kg),
                 "weight_unit": "kg",
                 "power-ports": [{"name": f"PSU{i}", "type": inlet_by_rating(switch.max_w / max(1, carried)),
                                  "maximum_draw": max(1, math.ceil(switch.max_w / max(1, carried))),
                                  "allocated_draw": max(1, math.ceil(switch.typical_w / psus))}
                                 for i in range(1, psus + 1)],
                 "interfaces": [{"name": f"p{i}", "type": kind} for i in range(1, switch.ports + 1)]
                 + [{"name": "mgmt0", "type": "1000base-t", "mgmt_only": True}]})
    return data


def switch_model(switch: Switch) -> str:
    """A switch's model: its orderable part number (the library's Mellanox switches are named by
    model number, e.g. device-types/Mellanox/QM8790.yaml), else its name without the manufacturer."""
    return switch.part_number[:_MAX_TEXT] if switch.part_number else model_name(switch.vendor, switch.name)


def to_yaml(device_type: dict[str, Any]) -> bytes:
    import yaml  # imported on the first NetBox export, not at start

    return ("---\n" + yaml.safe_dump(device_type, sort_keys=False, allow_unicode=True, width=120)).encode("utf-8")


def _write_all(types: Iterable[dict[str, Any]], folder: Path) -> Path:
    """Each device type to `<folder>/<Manufacturer>/<slug>.yaml`; returns the folder."""
    for dt in types:
        maker = sanitize_filename(dt["manufacturer"], fallback="Unknown")
        target = folder / maker / f"{dt['slug']}.yaml"
        target.parent.mkdir(parents=True, exist_ok=True)
        atomic_write(target, to_yaml(dt))
    return folder


def _file_key(dt: dict[str, Any]) -> tuple[str, str]:
    """Where `_write_all` puts a device type, as a case-insensitive file system sees it."""
    return sanitize_filename(dt["manufacturer"], fallback="Unknown").casefold(), str(dt["slug"]).casefold()


def _unique(dt: dict[str, Any], taken: set[tuple[str, str]]) -> dict[str, Any]:
    """`dt`, its model and slug numbered ("… (2)", "…-2") while another device type of the export
    already has its file: two builds whose names slug alike never overwrite each other."""
    n, base_model, base_slug = 1, dt["model"], dt["slug"]
    while _file_key(dt) in taken:
        n += 1
        tail = f" ({n})"
        dt = {**dt, "model": base_model[:_MAX_TEXT - len(tail)] + tail,
              "slug": f"{base_slug[:_MAX_TEXT - len(str(n)) - 1].rstrip('-')}-{n}"}
    taken.add(_file_key(dt))
    return dt


def cluster_device_types(plan: ClusterPlan, catalog: Catalog) -> list[dict[str, Any]]:
    """One device type per server build and per switch model the plan uses, each to its own file
    (model and slug unique per maker folder, whatever the names slug to)."""
    out: list[dict[str, Any]] = []
    taken: set[tuple[str, str]] = set()
    fabric = fabric_protocol(plan, catalog)
    models = server_models(plan, catalog)     # unique per maker already: the devices CSV names the same
    for i, (group, fig) in enumerate(zip(plan.spec.servers, plan.servers, strict=True)):
        out.append(_unique(server_device_type(group.build, fig.evaluation, catalog, models[i], fabric), taken))
    switches: set[str] = set()
    for fab in (plan.fabric, plan.storage):
        part = catalog.get(fab.switch_id) if fab is not None else None
        if isinstance(part, Switch) and part.id not in switches:
            switches.add(part.id)
            out.append(_unique(switch_device_type(part), taken))
    return out


def fabric_protocol(plan: ClusterPlan, catalog: Catalog) -> str | None:
    """The compute fabric's protocol ("ib" or "eth"), None without a fabric switch."""
    part = catalog.get(plan.fabric.switch_id) if plan.fabric is not None else None
    return part.protocol if isinstance(part, Switch) else None


def server_models(plan: ClusterPlan, catalog: Catalog) -> list[str]:
    """Each server group's device-type model (by group index): the chassis' model, with the group's
    name added for a second build of the same chassis. The devices CSV names the same."""
    models: list[str] = []
    taken: set[tuple[str, str]] = set()
    for group, fig in zip(plan.spec.servers, plan.servers, strict=True):
        ch = catalog.chassis(group.build.chassis)
        maker, model = (manufacturer_name(ch.vendor), model_name(ch.vendor, ch.name)) if ch else ("Unknown", fig.name)
        key = (sanitize_filename(maker, fallback="Unknown").casefold(), slug(model).casefold())
        if key in taken:
            model = f"{model} {fig.name}"[:_MAX_TEXT]
        base, n = model, 1
        while (key := (key[0], slug(model).casefold())) in taken:   # names that slug alike: numbered
            n += 1
            model = f"{base[:_MAX_TEXT - len(str(n)) - 3]} ({n})"
        taken.add(key)
        models.append(model)
    return models


def _write_cluster(plan: ClusterPlan, catalog: Catalog, path: Path) -> Path:
    return _write_all(cluster_device_types(plan, catalog), path)


def _write_build(request: ExportRequest, path: Path) -> Path:
    from ...store.catalogs import default_catalog

    (build, ev), = request.options
    catalog = request.catalog if request.catalog is not None else default_catalog()
    atomic_write(path, to_yaml(server_device_type(build, ev, catalog)))
    return path


NETBOX_DEVICETYPE = ClusterExporter("netbox-devicetype", (), "NetBox device types (YAML per type, into a folder)",
                                    _write_cluster)
NETBOX_DEVICETYPE_BUILD = Exporter(name="netbox-devicetype", suffixes=(".yaml", ".yml"),
                                   description=N_("NetBox device type (YAML)"), max_options=1, write=_write_build)
