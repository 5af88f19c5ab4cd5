"""The cluster drawings (report/cluster_shapes.py) and the cluster PDF that prints them."""

from __future__ import annotations

from pypdf import PdfReader

from configurator.core.cluster import plan_cluster
from configurator.launch import main
from configurator.report.cluster_shapes import COLOURS, RACK_W, U_H, fabric_diagram, rack_elevation
from configurator.store import paths
from configurator.store.catalogs import default_catalog
from configurator.store.cluster_files import read_cluster

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


#: English words of the cluster PDF that a Chinese one must not print (part and build names aside)
ENGLISH_LABELS = ("Cluster plan", "Servers", "Racks", "Power, max", "Facility at PUE", "Floor", "Weight", "Capex",
                  "TCO", "Rack elevation", "one feed lost", "holds", "Compute fabric", "Storage fabric", "rails",
                  "leaves", "spines", "non-blocking", "server links", "bisection", "Bill of materials", "Item",
                  "Qty", "Unit price", "Extended", "on request", "Racks and power", "Services", "Rack 0", "Network rack",
                  "transceivers", "cables", "Installation", "Problems and notes", "Fix", "WARNING", "Page ")


def _pdf_text(path) -> str:
    return " ".join(" ".join(p.extract_text().split()) for p in PdfReader(path).pages)


def test_cluster_pdf_in_chinese_has_chinese_headings_and_no_english_label(tmp_path, monkeypatch):
    """`--lang zh_CN` (and CONFIGURATOR_LANG) reach the cluster PDF: headings, key figures, drawings'
    words, BOM groups and items, problems and the page footer in Chinese."""
    from configurator.words import i18n

    out, env_out = tmp_path / "cluster-zh.pdf", tmp_path / "cluster-env.pdf"
    try:
        assert main(["cluster", str(CLUSTER), "-o", str(out), "--lang", "zh_CN"]) == 0
        monkeypatch.setenv("CONFIGURATOR_LANG", "zh_CN")
        assert main(["cluster", str(CLUSTER), "-o", str(env_out)]) == 0
    finally:
        i18n.set_language("en")
    for path in (out, env_out):
        text = _pdf_text(path)
        for words in ("集群规划", "机柜立面图", "计算网络", "存储网络", "物料清单", "断一路供电：可承载", "叶交换机", "脊交换机",
                      "机柜 01", "网络机柜 1", "计算网络：网卡侧光模块", "机柜与供电", "问题与说明", "第 1 页"):
            assert words in text, words
        left = [w for w in ENGLISH_LABELS if w in text]
        assert not left, left


def test_rack_labels_fit_their_boxes():
    """A server's name is cut with an ellipsis (keeping its '#N') to the width of its box; a 1U
    switch's label is small enough to stay inside its 6 pt box."""
    from configurator.report import fonts

    plan = _plan()
    pic = rack_elevation(plan)
    labels = [s for s in pic.shapes if s.kind == "text" and s.fill == "#ffffff"]
    assert labels and all(fonts.string_width(s.text, fonts.SANS, s.size) <= RACK_W - 9 for s in labels)
    assert any(s.text.endswith("… #1") for s in labels)
    boxes = [s for s in pic.shapes if s.kind == "rect" and s.fill in (COLOURS["server"], COLOURS["switch"])]
    for label in labels:     # the box the label starts in holds its cap height and its baseline
        box = next(b for b in boxes if b.x <= label.x <= b.x + b.w and b.y <= label.y <= b.y + b.h)
        assert box.y <= label.y - 0.7 * label.size, label.text
    assert min(s.size for s in labels) < 5.5        # the 1U switches' labels are the smaller ones


def test_an_overfull_rack_stays_inside_its_picture_and_is_framed_red():
    spec = read_cluster(CLUSTER)
    spec = spec.model_copy(update={"rack": spec.rack.model_copy(update={"servers_per_rack": 6})})   # 48U in 40U
    plan = plan_cluster(spec, default_catalog())
    pic = rack_elevation(plan)
    assert all(s.y >= 0 and s.y + s.h <= pic.height for s in pic.shapes)
    frames = [s for s in pic.shapes if s.kind == "rect" and s.w == RACK_W]
    over = [r.rack_units > r.spec.rack_units - r.spec.reserved_ru for r in plan.racks]
    assert any(over) and [f.stroke == COLOURS["bad"] for f in frames] == over
