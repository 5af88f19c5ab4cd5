"""The cluster XLSX (`configurator cluster PLAN -o OUT.xlsx`): its figures are the plan's, as
`cluster --json` prints them: totals, every rack with its per-feed loads, every device at its U,
the fabrics and the BOM adding up to the capex."""

from __future__ import annotations

import json
from decimal import Decimal

from openpyxl import load_workbook
from pytest import approx  # openpyxl writes 16 significant digits

from configurator.launch import main
from configurator.store import paths

CLUSTER = paths.examples_dir() / "clusters" / "hgx-h100-16.json"


def test_the_workbook_holds_the_plans_figures(tmp_path, capsys):
    out = tmp_path / "c.xlsx"
    assert main(["cluster", str(CLUSTER), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert main(["cluster", str(CLUSTER), "-o", str(out)]) == 0
    wb = load_workbook(out)
    assert wb.sheetnames == ["Totals", "Racks", "Devices", "Servers", "Fabric", "Bill of materials"]
    totals = {r[0]: r[1:] for r in wb["Totals"].iter_rows(min_row=2, values_only=True)}
    assert totals["GPUs"][0] == data["gpus"] and totals["Racks"][0] == data["racks"]
    assert totals["Power, max"] == (approx(data["power_w"]["max"] / 1000), "kW")
    assert Decimal(str(totals["Capex (priced lines)"][0])) == Decimal(data["cost"]["capex"])
    racks = list(wb["Racks"].iter_rows(values_only=True))
    head, body = racks[0], racks[1:]
    assert "Feed A (kW)" in head and "Feed B with A lost (kW)" in head and len(body) == data["racks"]
    for row, rack in zip(body, data["rack_list"], strict=True):
        assert row[0] == rack["name"] and row[head.index("Max (kW)")] == approx(rack["max_w"] / 1000)
        assert row[head.index("Feed A (kW)")] == approx(rack["feed_normal_w"]["A"] / 1000)
        assert row[head.index("Feed B with A lost (kW)")] == approx(rack["feed_after_loss_w"]["A"] / 1000)
    assert wb["Racks"].cell(row=2, column=head.index("Max (kW)") + 1).number_format == "#,##0.0"
    devices = list(wb["Devices"].iter_rows(min_row=2, values_only=True))
    assert len(devices) == sum(r["devices"] for r in data["rack_list"])
    assert [d[1] for d in devices if d[0] == "Rack 01"] == [1, 9, 17]
    fabric = {r[0]: r for r in wb["Fabric"].iter_rows(min_row=2, values_only=True)}
    assert fabric["compute"][5:7] == (data["fabric"]["leaves"], data["fabric"]["spines"])
    bom = list(wb["Bill of materials"].iter_rows(min_row=2, values_only=True))
    lines = [r for r in bom if r[0] != "Total"]
    assert sum(Decimal(str(r[4])) for r in lines) == Decimal(data["cost"]["capex"]) == Decimal(str(bom[-1][4]))
