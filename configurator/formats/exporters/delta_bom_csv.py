"""The upgrade's delta bill of materials as CSV: what is bought, taken out and moved, and the totals.

One row per `core.upgrade.DeltaLine` (Add lines priced as the upgrade quote prices them, Remove
lines with their trade-in value where one was given, Move lines unpriced), then the totals:
new parts, the total with support and terms, the trade-in and the net cost.
"""

from __future__ import annotations

import io
from pathlib import Path

from ...core.upgrade.delta import UpgradePlan
from ...core.upgrade.found import delta_bom
from ...store.safe_write import atomic_write
from ...words.i18n import N_
from ...words.render import named_in_english
from ..registry import Exporter, ExportRequest
from .cells import SafeCsvWriter
from .upgrade_request import request_plan

HEADER = ("group", "part_id", "part_number", "name", "qty", "slots", "unit_price", "extended", "currency")


def delta_rows(plan: UpgradePlan, catalog) -> list[list[object]]:
    """Header, the delta lines, then the totals (money as exact decimals; '' where there is none)."""
    cur = plan.currency
    rows: list[list[object]] = [list(HEADER)]
    for ln in delta_bom(plan, catalog):
        unit = "" if ln.unit_price is None else ln.unit_price
        ext = ("on request" if ln.group == "Add" else "") if ln.extended is None else ln.extended
        rows.append([ln.group, ln.part_id, ln.part_number, named_in_english(ln.name), ln.qty, ln.where, unit, ext, cur])
    rows += [["Total", "", "", "new parts (hardware)", "", "", "", plan.cost_new_parts, cur],
             ["Total", "", "", "total with support and terms", "", "", "", plan.cost_total, cur],
             ["Total", "", "", "trade-in of removed parts", "", "", "", -plan.trade_in_total, cur],
             ["Total", "", "", "net cost of the upgrade", "", "", "", plan.net_cost, cur]]
    return rows


def _write(request: ExportRequest, path: Path) -> Path:
    job = request_plan(request)
    buf = io.StringIO()
    SafeCsvWriter(buf, lineterminator="\n").writerows(delta_rows(job.plan, job.catalog))
    atomic_write(path, buf.getvalue().encode("utf-8"))
    return path


DELTA_BOM_CSV = Exporter(name="delta-bom-csv", suffixes=(".csv",), description=N_("Upgrade delta BOM (CSV)"),
                         max_options=2, write=_write)
