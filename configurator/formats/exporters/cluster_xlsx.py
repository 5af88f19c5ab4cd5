"""The cluster plan as an Excel workbook: totals, racks with the load on each PDU feed, the devices
at their rack units, the server groups, the fabrics and the cluster BOM.

Every figure is the `ClusterPlan`'s (core/cluster), as `configurator cluster --json` prints it:
nothing is recomputed here. Power in kW (the plan's watts / 1000), rounded by the cell's number
format, never in the value; money as numbers in the plan's currency; units in the headers.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ...words.i18n import N_, _
from ...words.render import named, say
from .cells import xlsx_row
from .cluster_bom_csv import ClusterExporter
from .xlsx_common import MONEY_FORMAT, print_setup, save_workbook

if TYPE_CHECKING:
    from ...core.catalog import Catalog
    from ...core.cluster.plan import ClusterPlan

KW = "#,##0.0"
WHOLE = "#,##0"
#: (header, number format or None for text); the headers are translated when written
Column = tuple[str, str | None]


def _kw(watts: float) -> float:
    return watts / 1000


def _sheet(wb: Any, title: str, columns: Sequence[Column], rows: Sequence[Sequence[Any]], first: bool = False) -> Any:
    from openpyxl.styles import Alignment, Font

    ws = wb.active if first else wb.create_sheet()
    ws.title = _(title)[:31]
    ws.append(xlsx_row(_(h) for h, _f in columns))
    for cell in ws[1]:
        cell.font = Font(bold=True)
        cell.alignment = Alignment(wrap_text=True, vertical="top")
    for row in rows:
        ws.append(xlsx_row(row))
        for i, (_h, fmt) in enumerate(columns, 1):
            cell = ws.cell(row=ws.max_row, column=i)
            if fmt and isinstance(cell.value, int | float) and not isinstance(cell.value, bool):
                cell.number_format = fmt
            elif fmt and not isinstance(cell.value, str) and cell.value is not None:
                cell.number_format = fmt
    for i, (header, fmt) in enumerate(columns, 1):
        values = [r[i - 1] for r in rows if i <= len(r) and r[i - 1] is not None]
        longest = max((len(f"{v:,.1f}") if isinstance(v, int | float) and not isinstance(v, bool) else len(str(v))
                       for v in values), default=0)
        width = max(longest + 2, min(len(_(header)), 16) + 2, 8)   # a long header wraps onto two lines
        ws.column_dimensions[ws.cell(row=1, column=i).column_letter].width = min(width, 60 if fmt is None else 16)
    if any(len(_(h)) > 14 for h, _f in columns):
        ws.row_dimensions[1].height = 30     # room for the wrapped headers (no reader computes it)
    ws.freeze_panes = "A2"
    ws.print_title_rows = "1:1"
    print_setup(ws)
    return ws


def _summary(plan: ClusterPlan) -> list[list[Any]]:
    cost = plan.cost
    return [[_("Servers"), plan.spec.server_count, ""], [_("GPUs"), plan.gpus, ""], [_("Racks"), len(plan.racks), ""],
            [_("Power, idle"), _kw(plan.total("idle_w")), "kW"],
            [_("Power, typical"), _kw(plan.total("typical_w")), "kW"],
            [_("Power, max"), _kw(plan.total("max_w")), "kW"],
            [_("Facility power at max (× PUE)"), _kw(plan.facility_max_w), "kW"],
            [_("Heat, max"), plan.heat_btu_hr, "BTU/h"], [_("Rack units used"), plan.total("rack_units"), "U"],
            [_("Weight"), plan.total("weight_kg"), "kg"], [_("Floor space"), plan.floor_m2, "m²"],
            [_("Capex (priced lines)"), cost.capex, cost.currency],
            [_("Energy per year"), cost.energy_kwh_per_year, "kWh"],
            [_("Energy cost per year"), cost.energy_cost_per_year, cost.currency],
            [_("Support per year"), cost.support_per_year, cost.currency],
            [_("TCO, {years} years (capex + energy + support)").format(years=cost.years), cost.tco, cost.currency],
            [_("On request (not in the capex)"), ", ".join(named(i) for i in cost.on_request) or "—", ""]]


RACKS: tuple[Column, ...] = (
    (N_("Rack"), None), (N_("Role"), None), (N_("Servers"), WHOLE), (N_("Rack units used"), WHOLE),
    (N_("Rack units"), WHOLE), (N_("Weight (kg)"), WHOLE), (N_("Typical (kW)"), KW), (N_("Max (kW)"), KW),
    (N_("Heat to air (kW)"), KW), (N_("Heat to liquid (kW)"), KW), (N_("Feed A (kW)"), KW), (N_("Feed B (kW)"), KW),
    (N_("Feed B with A lost (kW)"), KW), (N_("Feed A with B lost (kW)"), KW),
    (N_("Continuous limit per feed (kW)"), KW), (N_("Breaker capacity per feed (kW)"), KW))


def _racks(plan: ClusterPlan) -> list[list[Any]]:
    rows = []
    for r in plan.racks:
        f = r.feeds
        rows.append([r.name, _(r.role), r.servers, r.rack_units, r.spec.rack_units, r.weight_kg, _kw(r.typical_w),
                     _kw(r.max_w), _kw(r.heat_to_air_w), _kw(r.heat_to_liquid_w), _kw(f.normal_w.get("A", 0.0)),
                     _kw(f.normal_w.get("B", 0.0)), _kw(f.after_loss_w.get("A", 0.0)),
                     _kw(f.after_loss_w.get("B", 0.0)), _kw(f.continuous_w), _kw(f.capacity_w)])
    return rows


DEVICES: tuple[Column, ...] = ((N_("Rack"), None), (N_("Position (U)"), WHOLE), (N_("Height (U)"), WHOLE),
                               (N_("Device"), None), (N_("Kind"), None), (N_("Max (kW)"), KW))


def _devices(plan: ClusterPlan) -> list[list[Any]]:
    from ...core.cluster.racks import elevation

    return [[r.name, slot.position, item.rack_units, item.name, _(item.kind), _kw(item.max_w)]
            for r in plan.racks for slot, item in zip(elevation(r), r.items, strict=True)]


SERVERS: tuple[Column, ...] = (
    (N_("Server group"), None), (N_("Count"), WHOLE), (N_("Chassis"), None), (N_("Rack units"), WHOLE),
    (N_("GPUs per server"), WHOLE), (N_("Network per GPU (Gb/s)"), WHOLE), (N_("At the wall, idle (W)"), WHOLE),
    (N_("At the wall, typical (W)"), WHOLE), (N_("At the wall, max (W)"), WHOLE), (N_("Weight (kg)"), WHOLE))


def _servers(plan: ClusterPlan) -> list[list[Any]]:
    return [[f.name, g.count, f.evaluation.chassis_name, f.rack_units, f.gpus, f.network_gbps_per_gpu, f.wall_idle_w,
             f.wall_typical_w, f.wall_max_w, f.weight_kg] for f, g in zip(plan.servers, plan.spec.servers, strict=True)]


FABRIC: tuple[Column, ...] = (
    (N_("Fabric"), None), (N_("Switch"), None), (N_("Link (Gb/s)"), WHOLE), (N_("Rails"), WHOLE), (N_("Tiers"), WHOLE),
    (N_("Leaves"), WHOLE), (N_("Spines"), WHOLE), (N_("Cores"), WHOLE), (N_("Server links"), WHOLE),
    (N_("Server-leaf links"), WHOLE), (N_("Leaf-spine links"), WHOLE), (N_("Spine-core links"), WHOLE))


def _fabric(plan: ClusterPlan) -> list[list[Any]]:
    return [[_(f.role), f.switch_name, f.link_gbps, f.rails, f.tiers, f.leaves, f.spines, f.cores, f.endpoints,
             f.node_leaf_links, f.leaf_spine_links, f.spine_core_links] for f in (plan.fabric, plan.storage) if f]


def _bom(plan: ClusterPlan) -> tuple[tuple[Column, ...], list[list[Any]]]:
    cur = plan.cost.currency
    columns: tuple[Column, ...] = ((N_("Group"), None), (N_("Item"), None), (N_("Qty"), WHOLE),
                                   (f"{_('Unit price')} ({cur})", MONEY_FORMAT),
                                   (f"{_('Extended')} ({cur})", MONEY_FORMAT), (N_("Source"), None))
    rows = [[say(ln.group), named(ln.item), ln.qty, ln.unit_price, ln.extended if ln.extended is not None else _("on request"),
             ln.source] for ln in plan.cost.lines]
    rows.append([_("Total"), _("Capex (priced lines)"), None, None, plan.cost.capex, ""])
    return columns, rows


def write_cluster_xlsx(plan: ClusterPlan, catalog: Catalog, path: Path) -> Path:
    """Write the plan's workbook to `path` (atomically); returns the path."""
    from openpyxl import Workbook  # imported on the first XLSX export, not at start

    wb = Workbook()
    summary = _sheet(wb, N_("Totals"), ((N_("Figure"), None), (N_("Value"), "#,##0.##"), (N_("Unit"), None)),
                     _summary(plan), first=True)
    summary.column_dimensions["A"].width = 44
    summary.column_dimensions["B"].width = 18
    for row in summary.iter_rows(min_row=2):
        if row[2].value and len(str(row[2].value)) == 3 and str(row[2].value).isupper():   # a currency
            row[1].number_format = MONEY_FORMAT
    _sheet(wb, N_("Racks"), RACKS, _racks(plan))
    _sheet(wb, N_("Devices"), DEVICES, _devices(plan))
    _sheet(wb, N_("Servers"), SERVERS, _servers(plan))
    _sheet(wb, N_("Fabric"), FABRIC, _fabric(plan))
    _sheet(wb, N_("Bill of materials"), *_bom(plan))
    return save_workbook(wb, path)


CLUSTER_XLSX = ClusterExporter("cluster-xlsx", (".xlsx",), "Cluster plan (XLSX)", write_cluster_xlsx)
