"""Cluster exports: the cluster BOM as CSV, and NetBox bulk-import CSVs (racks and devices).

A `ClusterExporter` writes a `ClusterPlan` (core/cluster/plan.py); like the build exporters it
is one module per format, listed in `formats/exporters/clusters.py`, and writes atomically.
The NetBox files follow its bulk-import columns (Organization ▸ Racks, Devices ▸ Devices):
`<name>.racks.csv` and `<name>.devices.csv`, rack positions from `racks.elevation`.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from ...store.safe_write import atomic_write, sanitize_filename
from .cells import SafeCsvWriter

if TYPE_CHECKING:   # the registry lists this exporter without loading the cluster planner
    from ...core.catalog import Catalog
    from ...core.cluster.plan import ClusterPlan


@dataclass(frozen=True)
class ClusterExporter:
    """A file format a cluster plan can be written to."""

    name: str
    suffixes: tuple[str, ...]
    description: str
    write: Callable[[ClusterPlan, Catalog, Path], Path]   # atomic; returns the (first) path written


def _csv(rows: list[list[object]]) -> bytes:
    buf = io.StringIO()
    SafeCsvWriter(buf, lineterminator="\n").writerows(rows)
    return buf.getvalue().encode("utf-8")


def bom_rows(plan: ClusterPlan) -> list[list[object]]:
    """Header, one row per BOM line (grouped: servers, fabric, racks and power, services), totals; in
    English, as the file's column names are."""
    from ...words.render import named_in_english

    cost = plan.cost
    rows: list[list[object]] = [["group", "item", "qty", "unit_price", "extended", "currency", "source"]]
    for ln in cost.lines:
        rows.append([named_in_english(ln.group), named_in_english(ln.item), ln.qty,
                     "" if ln.unit_price is None else ln.unit_price,
                     "on request" if ln.extended is None else ln.extended, cost.currency, ln.source])
    rows.append(["Total", "capex (priced lines)", "", "", cost.capex, cost.currency, ""])
    rows.append(["Total", f"TCO {cost.years} years (capex + energy + support)", "", "", cost.tco, cost.currency, ""])
    return rows


def write_bom_csv(plan: ClusterPlan, catalog: Catalog, path: Path) -> Path:
    atomic_write(path, _csv(bom_rows(plan)))
    return path


def netbox_rows(plan: ClusterPlan, catalog: Catalog, site: str) -> tuple[list[list[object]], list[list[object]]]:
    """(racks rows, devices rows) for NetBox's bulk import: each device names its device type by
    the model and manufacturer the device-type YAML (netbox_devicetype.py) gives it."""
    from ...core.catalog import Switch
    from ...core.cluster.racks import elevation
    from .netbox_devicetype import manufacturer_name, server_models, switch_model

    models = server_models(plan, catalog)

    racks: list[list[object]] = [["site", "name", "status", "width", "u_height"]]
    devices: list[list[object]] = [["name", "role", "manufacturer", "device_type", "site", "rack", "position",
                                    "face", "status"]]
    for rack in plan.racks:
        racks.append([site, rack.name, "planned", 19, rack.spec.rack_units])
        for slot, item in zip(elevation(rack), rack.items, strict=True):
            part = catalog.get(item.part_id)
            maker = manufacturer_name(part.vendor) if part else "Unknown"
            if item.kind == "server":
                model = models[item.group]
            else:
                model = switch_model(part) if isinstance(part, Switch) else item.part_id
            role = "GPU server" if item.kind == "server" else "Fabric switch"
            devices.append([item.name, role, maker, model, site, rack.name, slot.position, "front", "planned"])
    return racks, devices


def write_netbox_csv(plan: ClusterPlan, catalog: Catalog, path: Path) -> Path:
    """`path` is `<name>.csv`: writes `<name>.racks.csv` and `<name>.devices.csv` beside it."""
    site = sanitize_filename(plan.spec.name, fallback="cluster")
    racks, devices = netbox_rows(plan, catalog, site)
    stem = path.name[: -len(".csv")] if path.name.lower().endswith(".csv") else path.name
    first = path.with_name(f"{stem}.racks.csv")
    atomic_write(first, _csv(racks))
    atomic_write(path.with_name(f"{stem}.devices.csv"), _csv(devices))
    return first


CLUSTER_BOM_CSV = ClusterExporter("cluster-bom-csv", (".csv",), "Cluster bill of materials (CSV)", write_bom_csv)
NETBOX_CSV = ClusterExporter("netbox-csv", (), "NetBox racks and devices import (CSV)", write_netbox_csv)
