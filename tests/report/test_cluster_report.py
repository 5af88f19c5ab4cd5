"""The cluster drawings (report/cluster_layout.py) and the cluster PDF that prints them."""

from __future__ import annotations

from pypdf import PdfReader

from configurator import paths
from configurator.cli import main
from configurator.core.cluster import plan_cluster
from configurator.io.catalog_io import default_catalog
from configurator.io.cluster_io import read_cluster
from configurator.report.cluster_layout import COLOURS, RACK_W, U_H, fabric_diagram, rack_elevation

CLUSTER = paths.examples_dir() / "clusters" / "hgx-h100-16.json"


def _plan():
    catalog = default_catalog()
    return plan_cluster(read_cluster(CLUSTER), catalog)


def test_rack_elevation_has_every_device_at_its_units():
    plan = _plan()
    pic = rack_elevation(plan)
    servers = [s for s in pic.shapes if s.kind == "rect" and s.fill == COLOURS["server"]]
    switches = [s for s in pic.shapes if s.kind == "rect" and s.fill == COLOURS["switch"]]
    assert len(servers) == plan.spec.server_count == 16
    assert len(switches) == sum(1 for r in plan.racks for i in r.items if i.kind == "switch")
    frames = [s for s in pic.shapes if s.kind == "rect" and s.w == RACK_W]
    assert len(frames) == len(plan.racks) and all(f.h == plan.spec.rack.rack_units * U_H for f in frames)
    server_u = {round(s.h + 1) for s in servers}
    assert server_u == {round(f.rack_units * U_H) for f in plan.servers}          # 8U each
    verdicts = [s.text for s in pic.shapes if s.kind == "text" and s.text.startswith("one feed lost")]
    assert verdicts == ["one feed lost: holds"] * len(plan.racks)


def test_fabric_diagram_draws_the_planned_switches():
    plan = _plan()
    fab = plan.fabric
    pic = fabric_diagram(fab)
    labels = {s.text for s in pic.shapes if s.kind == "text"}
    assert {f"L{i}" for i in range(1, fab.leaves + 1)} <= labels and {f"S{i}" for i in range(1, fab.spines + 1)} <= labels
    lines = [s for s in pic.shapes if s.kind == "line"]
    assert len(lines) == fab.leaves * fab.spines                                    # every leaf to every spine
    assert f"{fab.leaves} leaves, {fab.spines} spines" in pic.caption
    storage = fabric_diagram(plan.storage)
    assert "one switch" in storage.caption


def test_cluster_pdf_prints_drawings_and_bom(tmp_path):
    out = tmp_path / "cluster.pdf"
    assert main(["cluster", str(CLUSTER), "-o", str(out)]) == 0
    text = " ".join(" ".join(p.extract_text().split()) for p in PdfReader(out).pages)
    plan = _plan()
    assert "Rack elevation" in text and "Compute fabric" in text and "Bill of materials" in text
    assert all(r.name in text for r in plan.racks)
    assert f"{plan.fabric.leaves} leaves, {plan.fabric.spines} spines" in text
    assert f"{plan.cost.capex:,.2f}" in text
