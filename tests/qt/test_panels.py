"""Panels render the session's Evaluation: right numbers, and charts updated in place."""

from __future__ import annotations

from decimal import Decimal

import numpy as np
import pytest
from fixture_catalog import make_catalog
from sample_evaluation import render_all, sample_evaluation

from configurator.core.build import Build
from configurator.core.evaluate.result import Link
from configurator.core.evaluate.workload_models import MemoryBreakdown, WorkloadResult
from configurator.core.evaluator import Evaluator
from configurator.core.message import Msg, Num, items
from configurator.core.session import Session
from configurator.qt import theme
from configurator.qt.panels import PANELS, BandwidthPanel, CostPanel, PanelSpec, PowerPanel, ThermalPanel, WorkloadPanel
from configurator.qt.panels import format as fmt
from configurator.store import paths
from configurator.store.build_files import load_build
from configurator.store.catalogs import load_catalog
from configurator.words import i18n

GB = 10**9


@pytest.fixture
def session(monkeypatch: pytest.MonkeyPatch) -> Session:
    """A session whose evaluation is the sample one (currency follows the build)."""
    monkeypatch.setattr(Evaluator, "evaluate",
                        lambda self, build, workload=None: sample_evaluation(currency=build.site.currency))
    return Session(make_catalog(), Build(chassis="hgx-8u"))


def publish(session: Session, ev) -> None:
    session.evaluation = ev
    session.evaluated.emit(ev)


def with_power(ev, **power):
    p = ev.power.model_copy(update=power)
    return ev.model_copy(update={"power": p})


def workload_result(fits: bool = True) -> WorkloadResult:
    mem = MemoryBreakdown(weights=16 * GB, gradients=16 * GB, optimizer=32 * GB, activations=20 * GB,
                          kv_cache=0, overhead=4 * GB, phase="optimizer step")
    cap = 141 * GB if fits else 80 * GB
    return WorkloadResult(per_gpu=mem, capacity_bytes=cap, fits=fits, headroom_bytes=cap - mem.total - 5 * GB,
                          reserve_bytes=5 * GB, max_batch=6 if fits else 0,
                          verdict=Msg("workload.fits", need=Num(88.0, ".1f"), capacity=Num(141), pct=Num(0.62, ".0%")) if fits
                          else Msg("workload.no-fit", need=Num(88.0, ".1f"), capacity=Num(80), tips=items([])),
                          train_flops=1e22, train_days=12.25, mfu=0.4)


# --------------------------------------------------------------------------- format


def test_format_helpers():
    assert fmt.watts(700.4) == "700 W"
    assert fmt.kilowatts(10240) == "10.2 kW"
    assert fmt.btu_per_hour(34120.7) == "34,121 BTU/h"
    assert theme.money(Decimal("1234567.5"), "USD", digits=True) == "$1,234,567.50"
    assert theme.money(Decimal("1234567.5"), "EUR") == "€1,234,568"
    assert theme.money(None, "USD") == "—"
    assert fmt.gbs(6.94) == "6.9 GB/s" and fmt.gbs(4800) == "4,800 GB/s"
    assert [fmt.load_level(p) for p in (50, 85, 101)] == ["ok", "warning", "error"]


def test_titles_are_translated_strings():
    assert [spec.title for spec in PANELS] == ["Power", "Thermal", "Bandwidth", "Cost & TCO", "Workload",
                                                "Site & options"]


# --------------------------------------------------------------------------- power


def test_power_panel_numbers(qtbot, session):
    panel = PowerPanel(session)
    qtbot.addWidget(panel)
    head = panel.headline.text()
    # max 9,220 W of 4 × 3,000 W usable → 23 % headroom
    assert "est. 9.2 kW max / 12.0 kW usable (23 % headroom)" in head
    assert "4+2 × 3,000 W" in head
    assert panel.level_draw["typical"].text() == "6.6 kW"   # 6,650 W, half-even
    assert panel.level_load["peak"].text() == "86 %"
    assert panel.level_bar["peak"].level == "warning"
    assert "Feed A: 3 × PSU = 9.0 kW" in panel.feeds.text()
    assert "9.6 kW max" in panel.wall.text()
    widths = panel.typical_bars.opts["width"]
    assert widths[0] == pytest.approx(4.48)              # GPUs first
    assert panel.max_bars.opts["width"][0] == pytest.approx(5.6)
    ticks = panel.plot.getPlotItem().getAxis("left")._tickLevels[0]
    assert [t[1] for t in ticks][:3] == ["GPUs", "GPU baseboard", "CPUs"]


def test_power_panel_updates_in_place(qtbot, session):
    panel = PowerPanel(session)
    qtbot.addWidget(panel)
    bars, headline = panel.typical_bars, panel.headline
    ev = session.evaluation
    gpu_only = tuple(line for line in ev.power.lines if line.category == "gpu")
    publish(session, with_power(ev, lines=gpu_only, max_w=13000.0, peak_w=13500.0))
    assert panel.typical_bars is bars and panel.headline is headline
    assert len(bars.opts["width"]) == 1
    assert "(-8 % headroom)" in headline.text() or "(−8 % headroom)" in headline.text()
    assert panel.level_bar["max"].level == "error"


# --------------------------------------------------------------------------- thermal


def test_thermal_panel_numbers_and_update(qtbot, session):
    panel = ThermalPanel(session)
    qtbot.addWidget(panel)
    g = panel.grid
    assert g.text("heat_kw") == "6.9 kW / 9.6 kW"
    assert g.text("heat_btu") == "23,635 BTU/h / 32,769 BTU/h"
    assert "at ΔT 11.1 °C (20 °F)" in g.text("airflow")
    assert g.text("max_gpu") == "700 W"
    assert g.text("derate") == "× 0.94 of rated capacity"
    assert "HGX air cooling (air)" == g.text("cooling")     # name from the catalog
    assert panel.gauge.level == "warning"                   # 85 % of derated capacity
    label = g.values["heat_kw"]
    th = session.evaluation.thermal.model_copy(update={"heat_max_w": 5000.0, "load_pct": 44.0,
                                                       "airflow_cfm": 2000.0})
    publish(session, session.evaluation.model_copy(update={"thermal": th}))
    assert g.values["heat_kw"] is label and label.text() == "6.9 kW / 5.0 kW"
    assert panel.gauge.level == "ok"
    assert "short" in g.text("chassis_airflow")


# --------------------------------------------------------------------------- bandwidth


def test_bandwidth_panel_highlights_bottleneck(qtbot, session):
    panel = BandwidthPanel(session)
    qtbot.addWidget(panel)
    assert len(panel.rows) == 6
    storage = panel.rows[0]
    assert storage.stage.text() == "Storage" and storage.value.text() == "6.9"
    assert "font-weight:600" in storage.value.styleSheet() and fmt.COLOURS["warning"] in storage.value.styleSheet()
    assert panel.rows[3].value.text() == "4,800"
    assert "font-weight" not in panel.rows[3].value.styleSheet()
    assert panel.rows[5].value.text() == "50.0 (400 Gb/s)"
    assert "6.9 GB/s" in panel.explanation.text()
    assert panel.rows[0].bar.fraction < panel.rows[3].bar.fraction == pytest.approx(1.0)


def test_bandwidth_panel_in_chinese(qtbot, session):
    """The chain's names, details and the bottleneck's explanation in the app's language."""
    i18n.set_language("zh_CN")
    try:
        panel = BandwidthPanel(session)
        qtbot.addWidget(panel)
        storage = panel.rows[0]
        assert storage.name.text() == "NVMe 硬盘（顺序读）"
        assert storage.name.toolTip() == "NVMe 硬盘（顺序读）\n8 块 NVMe 数据盘共 55.2 GB/s，由 8 个 GPU 共享"
        assert panel.rows[2].name.text() == "PCIe Gen5 x16 交换芯片上行链路，由 4 个 GPU 共享"
        assert panel.rows[4].name.text() == "NVSwitch (NVLink 4)，双向 900 GB/s"
        assert panel.explanation.text() == ("每个 GPU 从 NVMe 硬盘获得 6.9 GB/s：填满一个 GPU 的 141 GB 显存需要 20 s；"
                                            "数据加载密集的任务和检查点恢复将受存储瓶颈限制。")
        assert "NVMe 硬盘（顺序读）" in panel.headline.text()
    finally:
        i18n.set_language("en")


def test_bandwidth_panel_reuses_rows(qtbot, session):
    panel = BandwidthPanel(session)
    qtbot.addWidget(panel)
    panel.show()
    rows = list(panel.rows)
    bw = session.evaluation.bandwidth.model_copy(update={
        "chain": (Link(name=Msg("bandwidth.link.pcie", gen=4, lanes=16), stage="pcie", gbs=32.0),
                  Link(name=Msg("bandwidth.link.hbm"), stage="hbm", gbs=3350.0)),
        "bottleneck": "pcie", "bottleneck_gbs": 32.0, "explanation": Msg("bandwidth.hbm", gbs=Num(3350, ".0f"))})
    publish(session, session.evaluation.model_copy(update={"bandwidth": bw}))
    assert panel.rows == rows                                  # same widgets, no rebuild
    assert rows[0].stage.text() == "PCIe host link" and "font-weight:600" in rows[0].value.styleSheet()
    assert "font-weight" not in rows[1].value.styleSheet()
    assert [r.value.isVisible() for r in rows] == [True, True, False, False, False, False]


# --------------------------------------------------------------------------- cost


def test_cost_panel_numbers_and_chart(qtbot, session):
    panel = CostPanel(session)
    qtbot.addWidget(panel)
    ev = session.evaluation
    g = panel.grid
    assert g.text("bom") == "$351,340.00"
    assert g.text("rent_hour") == "$3.50"
    assert g.text("total") == "$543,200.85" and g.captions["total"].text() == "Total cost of ownership (5 years)"
    assert g.text("breakeven") == f"at month {ev.tco.breakeven_month} (2.2 years)"
    x, y = panel.own_curve.getData()
    assert len(x) == 61 and y[0] == pytest.approx(351340.0)
    assert panel.rent_curve.getData()[1][12] == pytest.approx(float(ev.tco.rent_by_month[12]))
    assert panel.breakeven_line.value() == ev.tco.breakeven_month and panel.breakeven_line.isVisible()
    assert panel.axis.tickStrings([200000.0], 1.0, 1.0) == ["$200K"]


@pytest.mark.parametrize("width", [300, 460])
def test_the_cost_chart_labels_every_year_in_a_narrow_dock(qtbot, session, width):
    """The last month's tick ("60") went missing in a 1024 px window's dock (issue #30): pyqtgraph
    drops a label reaching past the axis, and the range left it no room."""
    from PySide6.QtGui import QImage, QPainter

    panel = CostPanel(session)
    qtbot.addWidget(panel)
    panel.resize(width, 600)
    panel.show()
    qtbot.waitUntil(lambda: panel.plot is not None and panel.plot.getPlotItem().getViewBox().width() > width / 2)
    axis = panel.plot.getPlotItem().getAxis("bottom")
    image = QImage(width, 100, QImage.Format.Format_ARGB32)
    painter = QPainter(image)
    try:
        labels = [text for _rect, _flags, text in axis.generateDrawSpecs(painter)[2]]
    finally:
        painter.end()
    assert labels == ["0", "12", "24", "36", "48", "60"]


def test_cost_panel_updates_in_place(qtbot, session):
    panel = CostPanel(session)
    qtbot.addWidget(panel)
    own, line = panel.own_curve, panel.breakeven_line
    ev = sample_evaluation(currency="EUR")
    tco = ev.tco.model_copy(update={"breakeven_month": None, "rent_by_month": tuple(Decimal(0) for _ in range(61))})
    cost = ev.cost.model_copy(update={"missing_prices": ("nic-x",)})
    publish(session, ev.model_copy(update={"tco": tco, "cost": cost}))
    assert panel.own_curve is own and panel.breakeven_line is line
    assert not line.isVisible()
    assert panel.grid.text("bom") == "€351,340.00"
    assert panel.grid.text("breakeven").startswith("not within 5 years")
    assert "nic-x" in panel.missing.text()
    assert panel.axis.currency == "EUR"


# --------------------------------------------------------------------------- workload results


def test_workload_panel_renders_result(qtbot, session):
    panel = WorkloadPanel(session, presets={})
    qtbot.addWidget(panel)
    assert "No workload" in panel.verdict.text()
    assert not panel.capacity_line.isVisible()
    bars = panel.bars
    publish(session, sample_evaluation(workload=workload_result()))
    assert panel.bars is bars
    np.testing.assert_allclose(bars.opts["width"], [16, 16, 32, 20, 0, 4, 5])   # + CUDA context reserve
    np.testing.assert_allclose(bars.opts["x0"], [0, 16, 32, 64, 84, 84, 88])
    assert panel.capacity_line.value() == pytest.approx(141)
    assert panel.legend.text("optimizer") == "32.0 GB"
    assert panel.legend.text("total") == "93.0 GB of 141 GB (66 %)"
    assert panel.figures.text("max_batch") == "6"
    assert panel.figures.text("speed") == "12.2 days"   # 12.25, half-even
    assert "Fits" in panel.verdict.text() and fmt.COLOURS["ok"] in panel.verdict.text()
    publish(session, sample_evaluation(workload=workload_result(fits=False)))
    assert panel.bars is bars and panel.capacity_line.value() == pytest.approx(80)
    assert fmt.COLOURS["error"] in panel.verdict.text()
    assert panel.figures.text("max_batch").startswith("none")


def test_workload_panel_shows_the_serving_kv_capacity_line(qtbot, session):
    """A serving engine's result carries the KV-capacity note (issue #26: max concurrent sequences at a context):
    the panel's notes show it as one line."""
    panel = WorkloadPanel(session, presets={})
    qtbot.addWidget(panel)
    note = Msg("workload.note.kv-capacity", tokens=Num(445614, ","), conc=Num(54, ","), context=Num(8192, ","),
               util=Num(0.9, ".0%"), weights=Num(16.1, ".1f"), acts=Num(0.9, ".1f"), graphs=Num(0.8, ".1f"),
               comm=Num(0.0, ".1f"), other=Num(0.4, ".1f"))
    served = workload_result().model_copy(update={"notes": (note,), "kv_cache_tokens": 445614,
                                                  "max_concurrency": 54.4, "concurrency_tokens": 8192})
    publish(session, sample_evaluation(workload=served))
    lines = panel.notes.text().splitlines()
    assert any("445,614 tokens" in ln and "54 concurrent sequences of 8,192 tokens" in ln for ln in lines)
    assert panel.figures.text("kv") == "445,614 tokens · up to 54 sequences of 8,192 tokens"   # whole sequences (54.4 floored)
    assert not panel.figures.values["kv"].isHidden()
    publish(session, sample_evaluation(workload=workload_result()))      # training: no KV-capacity row
    assert panel.figures.values["kv"].isHidden() and panel.figures.captions["kv"].isHidden()


def test_the_gpu_capacity_label_stays_inside_the_chart(qtbot, session):
    """Left of the capacity line where it fits, else right of it (issue #30: "GPU 48 GB" at 48 of a
    2,100 GB bar was cut to its last digit at the chart's left edge)."""
    panel = WorkloadPanel(session, presets={})
    qtbot.addWidget(panel)
    panel.resize(460, 600)
    panel.show()
    qtbot.waitUntil(lambda: panel.plot is not None and panel.plot.getPlotItem().getViewBox().width() > 200)
    huge = workload_result(fits=False)
    huge = huge.model_copy(update={"per_gpu": huge.per_gpu.model_copy(update={"activations": 2000 * GB})})
    publish(session, sample_evaluation(workload=huge))
    assert panel.capacity_text.anchor.x() < 0          # right of the line at 80 of ~2,100 GB
    publish(session, sample_evaluation(workload=workload_result()))
    assert panel.capacity_text.anchor.x() > 1          # left of the line at 141 of ~147 GB


# --------------------------------------------------------------------------- screenshots


def test_every_panel_renders_to_png(qtbot, session, tmp_path):
    publish(session, sample_evaluation(workload=workload_result()))
    paths = render_all(session, tmp_path)
    assert [p.name for p in paths] == [f"{spec.key}.png" for spec in PANELS]
    assert all(p.stat().st_size > 2000 for p in paths)


def test_deleted_panel_is_unsubscribed(qtbot, session):
    panel = PowerPanel(session)
    panel.deleteLater()
    qtbot.waitUntil(lambda: not _valid(panel), timeout=1000)
    publish(session, sample_evaluation())       # must not touch the deleted widget
    assert len(session.evaluated) == 0


def _valid(widget) -> bool:
    import shiboken6
    return shiboken6.isValid(widget)


def test_panels_render_the_real_engine(qtbot):
    """Smoke test against `evaluate` itself: a populated HGX build renders in every panel."""
    placements = {"CPU1": "xeon-8480", "CPU2": "xeon-8480", "COOLING": "air-hgx"}
    placements |= {f"GPU{i}": "h100-sxm" for i in range(1, 9)}
    placements |= {f"NIC{i}": "cx7" for i in range(1, 9)}
    placements |= {f"PSU{i}": "psu-3000" for i in range(1, 7)}
    placements |= {f"{s}_DIMM_{c}1": "ddr5-64" for s in ("CPU1", "CPU2") for c in "ABCDEFGH"}
    session = Session(make_catalog(), Build(chassis="hgx-8u", placements=placements))
    panels = [spec.panel(session) for spec in PANELS]
    for p in panels:
        qtbot.addWidget(p)
    power = panels[0]
    assert "kW usable" in power.headline.text()
    gpu_w = sum(x.typical_w for x in session.evaluation.power.lines if x.category == "gpu")
    assert power.typical_bars.opts["width"][0] == pytest.approx(gpu_w / 1000)
    assert panels[2].rows[0].stage.text() == "Storage"


# --------------------------------------------------------------------------- the registry


@pytest.fixture(scope="module")
def shipped_catalog():
    return load_catalog()


@pytest.mark.parametrize("example", sorted(paths.examples_dir().glob("*.json")), ids=lambda p: p.stem)
def test_every_registered_panel_builds_and_renders_every_example(qtbot, shipped_catalog, example):
    """A panel that raises on a real build is a failing test, never a dock that silently vanishes."""
    build = load_build(example, shipped_catalog)
    session = Session(shipped_catalog, build, example)
    panels = []
    for spec in PANELS:
        panel = spec.panel(session)
        qtbot.addWidget(panel)
        panel.resize(560, max(panel.sizeHint().height(), 200))
        panel.show()
        panels.append(panel)
    for panel in panels:
        assert not panel.grab().isNull(), type(panel).__name__
    session.replace_build(build.model_copy(deep=True), example)   # a second evaluation re-renders each
    for panel in panels:
        assert not panel.grab().isNull(), type(panel).__name__


def test_registry_refuses_an_unknown_dock_group():
    with pytest.raises(ValueError, match="unknown dock group 'sidebar'"):
        PanelSpec(PowerPanel, "sidebar")


def test_every_panel_class_in_the_package_is_registered():
    """A panel written but not registered would never appear: every titled panel is in PANELS."""
    import importlib
    import pkgutil

    import configurator.qt.panels as package
    from configurator.qt.panels.widgets import Title

    titled = set()
    for info in pkgutil.iter_modules(package.__path__):
        module = importlib.import_module(f"{package.__name__}.{info.name}")
        titled |= {obj for obj in vars(module).values()
                   if isinstance(obj, type) and isinstance(obj.__dict__.get("title"), Title)}
    assert titled == {spec.panel for spec in PANELS}
