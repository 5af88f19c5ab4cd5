"""Compare builds…: the view shows the core's Comparison of open tabs, follows their edits and the
options typed into its grid, and a click on a build's column header goes to its tab."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QImage

from configurator.core.build import Build
from configurator.core.compare import CATALOG_PRICES
from configurator.qt.compare.compare_window import ComparePicker, open_compare
from configurator.qt.compare.grid import KEY_ROLE, format_delta, format_value
from configurator.store.build_files import save_build

BUILDS = (
    Build(chassis="hgx-8u", placements={"COOLING": "air-hgx", "CPU1": "xeon-8480", "CPU2": "xeon-8480",
                                        **{f"GPU{i}": "h100-sxm" for i in range(1, 9)}}),
    Build(chassis="pcie-2u", placements={"COOLING": "air-2u", "CPU1": "xeon-8480", "SLOT1": "h100-pcie",
                                         "SLOT3": "h100-pcie"}),
    Build(chassis="hgx-8u", placements={"COOLING": "air-hgx", "CPU1": "xeon-8480",
                                        **{f"GPU{i}": "h100-sxm" for i in range(1, 5)}}),
)


@pytest.fixture
def compared(make_window, tmp_path):
    """A window with the three builds open (one tab each) and their compare view."""
    win = make_window()
    for i, build in enumerate(BUILDS):
        path = tmp_path / f"build{i}.json"
        save_build(build, path)
        assert win.open_path(path)
    view = open_compare(win, list(win.documents.documents))
    yield win, view
    view.close()


def _cells(view) -> dict[str, list[str]]:
    """Row key -> the texts of its build cells, as shown."""
    table = view.table
    out = {}
    for r in range(table.rowCount()):
        head = table.item(r, 0)
        if head is not None and head.data(KEY_ROLE):
            out[head.data(KEY_ROLE)] = [table.item(r, c).text() for c in range(1, table.columnCount())]
    return out


def test_every_row_shows_the_cores_value_delta_and_best_mark(compared):
    _, view = compared
    cmp = view.comparison
    assert [c.label for c in cmp.columns] == ["build0.json", "build1.json", "build2.json"]
    shown = _cells(view)
    assert list(shown) == [r.key for r in cmp.rows]                     # every row, in the core's order
    for row in cmp.rows:
        for i, text in enumerate(shown[row.key]):
            assert format_value(row, row.values[i]) in text
            assert format_delta(row, row.deltas[i]) in text
            assert text.startswith("★") == row.best[i]
    gpus = cmp.row("hardware.gpu_count")
    assert gpus.values == (8, 2, 4)
    vram = cmp.row("compute.vram_gb")
    assert vram.better == "higher" and vram.best == (True, False, False)
    assert shown["hardware.gpu_count"][1].splitlines()[1] == "−6 (−75 %)"
    header = view.table.horizontalHeaderItem(1).text()
    assert "build0.json" in header and "baseline" in header and CATALOG_PRICES in header


def test_groups_head_their_rows_and_hide_equal_rows_hides_them(compared):
    _, view = compared
    groups = [view.table.item(r, 0).text() for r, key in enumerate(view.table.shown_rows) if key == ""]
    assert groups[:2] == ["Hardware", "Power"]
    equal = {r.key for r in view.comparison.rows if r.all_equal}
    assert equal and equal <= set(view.table.shown_rows)
    view.hide_equal.setChecked(True)
    assert not equal & set(view.table.shown_rows)
    assert set(view.table.shown_rows) - {""} == {r.key for r in view.comparison.rows if not r.all_equal}


def test_another_baseline_moves_the_deltas(compared):
    _, view = compared
    view.baseline.setCurrentIndex(2)
    row = view.comparison.row("hardware.gpu_count")
    assert view.comparison.baseline == 2 and row.deltas[2] is None
    assert _cells(view)["hardware.gpu_count"][0].splitlines()[1] == "+4 (+100 %)"
    assert "baseline" in view.table.horizontalHeaderItem(3).text()


def test_options_for_all_builds_and_for_one(compared):
    _, view = compared
    view.grid.set_value("tco_years", -1, "3")                            # All builds
    view.grid.set_value("tco_years", 1, "7")                             # build1 only
    view.refresh()
    assert [c.evaluation.tco.years for c in view.comparison.columns] == [3, 7, 3]
    assert view.grid.item(3, 1).text() == "3"                            # in force, shown in grey
    view.grid.set_value("pue", 0, "abc")
    view.refresh()
    assert view.error.isVisible() and "build0.json" in view.error.text() and "PUE" in view.error.text()
    assert [c.evaluation.tco.years for c in view.comparison.columns] == [3, 7, 3]   # the last good one stays
    view.grid.set_value("pue", 0, "")
    view.refresh()
    assert not view.error.isVisible()


def test_one_builds_workload_for_every_column(compared):
    win, view = compared
    from configurator.core.ops import SetOption

    wl = {"model": {"name": "Llama-2-7B", "layers": 32, "hidden": 4096, "heads": 32, "kv_heads": 32,
                    "ffn": 11008, "vocab": 32000}, "mode": "infer"}
    win.documents.documents[1].session.apply(SetOption(path="workload", value=wl))
    view.refresh()
    view.workload.setCurrentIndex(2)                                      # build1's, for every build
    view.refresh()
    assert all(c.build.workload is not None and c.build.workload["model"]["name"] == "Llama-2-7B"
               for c in view.comparison.columns)
    assert win.documents.documents[0].session.build.workload is None      # the builds are not edited


def test_edits_in_a_compared_tab_update_the_view(compared, qtbot):
    win, view = compared
    win.documents.tabs.setCurrentIndex(1)
    win.view.remove(["SLOT3"])
    qtbot.waitUntil(lambda: view.comparison.row("hardware.gpu_count").values[1] == 1, timeout=3000)
    assert "1" in _cells(view)["hardware.gpu_count"][1]


def test_header_click_jumps_to_the_tab_and_closing_a_tab_drops_its_column(compared):
    win, view = compared
    view.table.horizontalHeader().sectionClicked.emit(3)                  # build2's header
    assert win.documents.active is win.documents.documents[2]
    win.act_close_doc.trigger()
    assert [c.label for c in view.comparison.columns] == ["build0.json", "build1.json"]
    assert view.grid.columnCount() == 3
    win.act_close_doc.trigger()
    assert view.error.isVisible()                                         # one build left: said, not raised


def test_tooltips_give_the_formula_and_inputs(compared):
    _, view = compared
    r = view.table.shown_rows.index("cost.tco")
    row = view.comparison.row("cost.tco")
    tip = view.table.item(r, 2).toolTip()
    explanation = row.explain(1)
    assert explanation is not None and explanation.formula in tip
    assert all(name in tip for name, _ in explanation.inputs)
    assert "build0.json" in tip                                           # the delta names the baseline


def test_picker_takes_two_to_six(make_window, tmp_path):
    win = make_window()
    picker = ComparePicker(win.documents, win)
    ok = picker.buttons.button(picker.buttons.StandardButton.Ok)
    assert not ok.isEnabled()                                             # one build open
    win.act_duplicate.trigger()
    picker = ComparePicker(win.documents, win)
    assert picker.buttons.button(picker.buttons.StandardButton.Ok).isEnabled() and len(picker.chosen()) == 2


def test_gui_compare_screenshot_writes_the_view(tmp_path):
    from configurator.qt.app import run_gui
    from configurator.store import paths

    files = [str(paths.examples_dir() / name) for name in ("hgx-h100-8gpu.json", "pcie-l40s-8gpu.json")]
    out = tmp_path / "compare.png"
    assert run_gui(compare=files, screenshot=str(out), size=(1366, 768)) == 0
    image = QImage(str(out))
    assert (image.width(), image.height()) == (1366, 768)


def test_export_writes_the_comparison_shown(compared, tmp_path, monkeypatch):
    from openpyxl import load_workbook
    from PySide6.QtWidgets import QFileDialog

    _, view = compared
    view.grid.set_value("tco_years", -1, "3")
    view.refresh()
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(tmp_path / "cmp"), ""))
    view.export("compare-xlsx")
    written = tmp_path / "cmp.xlsx"
    assert written.is_file() and "cmp.xlsx" in view.status.full_text()
    book = load_workbook(written)
    values = [c.value for ws in book.worksheets for row in ws.iter_rows() for c in row]
    tco = [float(c.evaluation.tco.total) for c in view.comparison.columns]
    assert all(any(isinstance(v, (int, float)) and abs(v - t) < 0.01 for v in values) for t in tco)
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(tmp_path / "no" / "x.csv"), ""))
    view.export("compare-csv")
    assert view.error.isVisible() and "x.csv" in view.error.text()           # one line, nothing raised


def test_a_price_list_for_one_build_reprices_only_that_column(compared, tmp_path, monkeypatch):
    from PySide6.QtWidgets import QFileDialog

    _, view = compared
    before = [c.evaluation.cost.subtotal_hardware for c in view.comparison.columns]
    prices = tmp_path / "my-prices.csv"
    prices.write_text("id,price,currency,date,source\nh100-pcie,1,USD,2026-12-01,buyer quote\n", "utf-8")
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *a, **k: (str(prices), ""))
    view.apply_price_list(1)
    after = [c.evaluation.cost.subtotal_hardware for c in view.comparison.columns]
    assert after[0] == before[0] and after[2] == before[2] and after[1] < before[1]
    assert "my-prices" in view.table.horizontalHeaderItem(2).text()
    view.clear_price_lists()
    assert [c.evaluation.cost.subtotal_hardware for c in view.comparison.columns] == before


def test_gui_compare_refuses_one_build_and_an_unreadable_file(tmp_path, capsys):
    from configurator.qt.app import run_gui
    from configurator.store import paths

    good = str(paths.examples_dir() / "hgx-h100-8gpu.json")
    assert run_gui(compare=[good], screenshot=str(tmp_path / "x.png")) == 2
    assert "2 to 6" in capsys.readouterr().err
    bad = tmp_path / "broken.json"
    bad.write_text("{", "utf-8")
    assert run_gui(compare=[good, str(bad)], screenshot=str(tmp_path / "x.png")) == 2
    err = capsys.readouterr().err.strip()
    assert "broken.json" in err and "\n" not in err and not (tmp_path / "x.png").exists()


def test_the_four_examples_show_every_row_with_deltas_and_best_marks(qtbot):
    from configurator.formats.importers import importer_for
    from configurator.qt.app import open_session
    from configurator.qt.window.main_window import MainWindow
    from configurator.store import paths

    names = ("hgx-h100-8gpu.json", "pcie-l40s-8gpu.json", "dgx-a100-8gpu.json", "inspur-nf5688m7-8gpu.json")
    files = [paths.examples_dir() / n for n in names]
    session, error = open_session(str(files[0]))
    assert not error
    win = MainWindow(session, screenshot=True)
    qtbot.addWidget(win)
    for f in files[1:]:
        win.documents.add(importer_for(f).read(f, session.catalog).build, f)
    view = open_compare(win, list(win.documents.documents))
    qtbot.addWidget(view)
    cmp = view.comparison
    shown = _cells(view)
    assert list(shown) == [r.key for r in cmp.rows]
    for key in ("power.wall_max_w", "psu.feed_loss", "physical.weight_kg", "compute.fp8_tflops",
                "compute.bottleneck", "cost.tco", "cost.per_pflops", "cost.tflops_per_kw"):
        assert key in shown, key
    numeric = [r for r in cmp.rows if r.comparable and r.better and not r.all_equal
               and sum(v is not None for v in r.values) >= 2]
    assert len(numeric) > 20 and all(any(r.best) for r in numeric)
    for row in numeric:                                   # every column but the baseline shows its delta
        for i in range(1, 4):
            if row.deltas[i] is not None:
                assert format_delta(row, row.deltas[i]) in shown[row.key][i]
    assert sum(text.startswith("★") for texts in shown.values() for text in texts) >= len(numeric)


def test_builds_in_two_currencies_compare_in_one_with_the_rate_shown(make_window, tmp_path):
    """Issue 30: a CNY build beside a USD one compared as bare numbers without ★ or delta. Every
    column is now in the baseline's currency, converted at the shipped rates, and says the rate."""
    win = make_window()
    cny = BUILDS[1].model_copy(update={"site": BUILDS[1].site.model_copy(update={"currency": "CNY",
                                                                                 "input_currency": "CNY"})})
    for i, build in enumerate((BUILDS[0], cny)):
        save_build(build, tmp_path / f"b{i}.json")
        assert win.open_path(tmp_path / f"b{i}.json")
    from configurator.store.fx_rates import load_fx

    fx = load_fx()      # the shipped rates, as the app's evaluator has them
    for doc in win.documents.documents:
        doc.session.evaluator.fx = fx
    view = open_compare(win, list(win.documents.documents))
    cmp = view.comparison
    assert cmp is not None, view.error.text()
    assert {c.currency for c in cmp.columns} == {"USD"}
    tco = cmp.row("cost.tco")
    assert tco.unit == "USD" and tco.comparable and tco.deltas[1] is not None and any(tco.best)
    assert view.rates.isVisibleTo(view) and "1 USD = " in view.rates.text() and "CNY" in view.rates.text()
    assert all(text.lstrip("★ ").startswith("$") for text in _cells(view)["cost.tco"])   # every cell in USD
    view.charts.show_comparison(cmp)
    axis = view.charts.tco_plot.getPlotItem().getAxis("left").labelText
    assert axis == "thousand USD"
    # a currency typed for one build only: the money rows refuse to compare, and say so
    view.grid.set_value("currency", 1, "CNY")
    view.refresh()
    assert "CNY, USD" in view.error.text() and not view.comparison.row("cost.tco").comparable
    usd, cny = _cells(view)["cost.tco"]
    assert usd.startswith("$") and ("¥" in cny or "CN" in cny)      # every cell with its own currency
    view.charts.show_comparison(view.comparison)
    assert "currencies differ" in view.charts.tco_plot.getPlotItem().getAxis("left").labelText
    view.close()


def test_an_electricity_price_typed_in_another_currency_is_shown_as_typed(compared):
    """Issue 30: CNY and 0.9 per kWh read `0.1258741258741258741258741259 USD/kWh`."""
    _, view = compared
    from configurator.store.fx_rates import load_fx

    view.comparer.evaluator.fx = load_fx()
    view.grid.set_value("currency", -1, "CNY")
    view.grid.set_value("electricity_price_kwh", -1, "0.9")
    view.refresh()
    for col in view.comparison.columns:
        assert col.currency == "CNY" and col.build.site.input_currency == "CNY"
        assert str(col.build.site.electricity_price_kwh) == "0.9"
    tco = view.comparison.row("cost.tco")
    assert tco.unit == "CNY"
    inputs = dict(tco.explanations[0].inputs)
    assert inputs["electricity price"] == "0.9 CNY/kWh", inputs


def test_the_grid_words_messages_and_shows_names_as_they_are_in_chinese(qtbot):
    """A working's formula and a feed's inputs are messages worded in Chinese; a part's name in an
    input stays as written (the template matcher once read '… (4U, up to 10 DW PCIe GPUs)' as
    '… 台（4U, up to 10 DW PCIe 个 GPU）'); a build without a GPU reads 无 GPU, not 'no GPU'."""
    from configurator.core.compare import ColumnInput, Comparer
    from configurator.qt.compare.grid import CompareTable
    from configurator.store import paths
    from configurator.store.build_files import load_build
    from configurator.store.catalogs import load_catalog
    from configurator.store.loaded_evaluator import default_evaluator
    from configurator.words import i18n

    ex = paths.examples_dir()
    builds = [load_build(ex / n) for n in ("pcie-l40s-8gpu.json", "general-purpose-2u.json")]
    evaluator = default_evaluator(load_catalog([paths.catalog_dir()], [paths.price_dir()]))
    cmp = Comparer(evaluator).compare([ColumnInput(b) for b in builds])
    before = i18n.current_language()
    i18n.set_language("zh_CN")
    try:
        table = CompareTable()
        qtbot.addWidget(table)
        table.show_comparison(cmp, False)
        tip = table.item(table.shown_rows.index("power.idle_w"), 1).toolTip()
        gpus = table.item(table.shown_rows.index("hardware.gpus"), 2).text()
        feeds = table.item(table.shown_rows.index("psu.feed_loss_pct"), 1).toolTip()
    finally:
        i18n.set_language(before)
    chassis = cmp.columns[0].evaluation.chassis_name
    assert "各部件求和：数量 × 单件空闲功耗" in tip and f"1 × {chassis} = " in tip and "GPUs)" in chassis
    assert gpus == "无 GPU"
    assert "A 路失电" in feeds and "A 路电源数" in feeds


def test_bar_labels_fit_under_their_bars_in_a_narrow_window(make_window, tmp_path, qtbot):
    """At 1024 px the power bars' labels ran into each other ("pcie-l40s-8dgx-h100-8g…", issue #30):
    each is cut to the room under its bar, and grows back (to 12 characters) with the window."""
    from PySide6.QtGui import QFontMetrics

    from configurator.qt.panels.panel_charts import chart_font

    win = make_window()
    for i, build in enumerate(BUILDS):
        path = tmp_path / f"supermicro-sys-421ge-tnrt-{i}.json"
        save_build(build, path)
        assert win.open_path(path)
    view = open_compare(win, list(win.documents.documents))
    plot = view.charts.power_plot.getPlotItem()

    def labels() -> list[str]:
        return [text for _x, text in plot.getAxis("bottom")._tickLevels[0]]

    try:
        view.resize(view.minimumSizeHint().width(), 700)     # as narrow as it goes (~920 px)
        qtbot.waitUntil(lambda: 60 < plot.getViewBox().width() < 300)
        room = plot.getViewBox().width() / len(view.docs)
        metrics = QFontMetrics(chart_font())
        assert all(metrics.horizontalAdvance(text) <= room for text in labels()), (room, labels())
        view.resize(2200, 900)
        qtbot.waitUntil(lambda: plot.getViewBox().width() > 500)
        assert labels() == ["supermicro-…"] * 3
    finally:
        view.close()
