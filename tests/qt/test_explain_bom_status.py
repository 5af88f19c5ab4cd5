"""The Bill of materials and the status bar explain their figures: each price, quantity, total and
status-bar figure opens the explanation `configurator explain BUILD FIGURE` prints."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from configurator.core.build import Build
from configurator.core.evaluate.json_shape import figures
from configurator.core.ops import Place, Remove, SetOption
from configurator.core.session import Session
from configurator.launch import main
from configurator.qt.dialogs.explain_popup import ExplainDialog, cell_filter, explain_filter
from configurator.qt.panels.bom import CELL_FIGURES, PartsList
from configurator.qt.window.status_summary import SEPARATOR, StatusSummary
from configurator.store.build_files import load_build
from configurator.store.catalogs import load_catalog
from configurator.words.explain_words import explain_figure

ROOT = Path(__file__).parents[2]
HGX = ROOT / "examples" / "hgx-h100-8gpu.json"


@pytest.fixture(scope="module")
def shipped():
    return load_catalog()


def _session(shipped, path: Path = HGX) -> Session:
    return Session(shipped, load_build(path, shipped), path)


def _same_as_cli(dialog: ExplainDialog | None, session: Session, key: str) -> None:
    """The dialog shows the explanation the CLI prints for `key`, and says its sources."""
    assert isinstance(dialog, ExplainDialog) and dialog.isVisible(), key
    expected = explain_figure(session.build, session.catalog, session.evaluation, key)
    assert dialog.explanation == expected, key
    text = dialog.text.toPlainText()
    assert expected.formula[:40] in text
    for i in expected.inputs:
        assert i.name in text and i.source.split(" ")[0] in text, (key, i)
    dialog.close()


def test_clicking_each_bom_price_and_quantity_opens_its_explanation(qtbot, shipped):
    session = _session(shipped)
    bom = PartsList(session)
    qtbot.addWidget(bom)
    bom.resize(900, 500)
    bom.show()
    hook = cell_filter(bom.table)
    shown = figures(session.evaluation)
    clicked = 0
    for row in range(bom.table.rowCount()):
        for column, field in CELL_FIGURES.items():
            key = f"cost.lines.{row}.{field}"
            assert key in shown and bom.cell_figure(row, column) == key
            bom.table.scrollTo(bom.table.model().index(row, column))
            rect = bom.table.visualRect(bom.table.model().index(row, column))
            qtbot.mouseClick(bom.table.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
            _same_as_cli(hook.dialog, session, key)
            assert bom.selected_part() == session.evaluation.cost.lines[row].part_id   # the click still selects
            clicked += 1
    assert clicked == 3 * len(session.evaluation.cost.lines) >= 30
    assert bom.cell_figure(0, 0) == bom.cell_figure(0, 1) == ""    # category and name are not figures


def test_a_price_names_its_price_list_file_and_date(qtbot, shipped):
    session = _session(shipped)
    bom = PartsList(session)
    qtbot.addWidget(bom)
    row = next(r for r, ln in enumerate(session.evaluation.cost.lines) if ln.part_id == "supermicro-sys-821ge-tnhr")
    dialog = cell_filter(bom.table).show_cell(row, 3)
    price = next(i for i in dialog.explanation.inputs if i.name == "unit price")
    assert "list-2026-11.csv" in price.source and "2026-11-30" in price.source
    assert "list-2026-11.csv" in dialog.text.toPlainText()
    dialog.close()


def test_enter_on_a_bom_cell_opens_its_explanation(qtbot, shipped):
    session = _session(shipped)
    bom = PartsList(session)
    qtbot.addWidget(bom)
    bom.show()
    bom.table.setFocus()
    bom.table.setCurrentCell(1, 4)
    qtbot.keyClick(bom.table, Qt.Key.Key_Return)
    _same_as_cli(cell_filter(bom.table).dialog, session, "cost.lines.1.extended")


def test_each_bom_total_explains_itself_and_follows_edits(qtbot, shipped):
    session = _session(shipped)
    with session.batch("terms"):
        for path, value in (("discount_pct", 5), ("tax_pct", 13), ("shipping", 250)):
            session.apply(SetOption(path=f"commercial.{path}", value=value))
    bom = PartsList(session)
    qtbot.addWidget(bom)
    bom.show()
    for key, (_caption, value) in bom.rows.items():
        assert value.isVisible(), key
        qtbot.mouseClick(value, Qt.MouseButton.LeftButton)
        _same_as_cli(explain_filter(value).dialog, session, f"cost.{key}")
    total = bom.rows["total"][1]
    before = explain_filter(total).show_for(total).explanation.value
    session.apply(Remove(slot="NIC1"))
    after = explain_filter(total).show_for(total).explanation.value
    assert after != before and after == str(session.evaluation.cost.total)


def test_a_price_on_request_is_not_offered_as_a_figure(qtbot, shipped):
    session = Session(shipped, Build(chassis="hgx-8u", placements={"GPU1": "h100-sxm"}))
    bom = PartsList(session)
    qtbot.addWidget(bom)
    for row, line in enumerate(session.evaluation.cost.lines):
        if line.unit_price is None:
            assert bom.cell_figure(row, 3) == bom.cell_figure(row, 4) == ""
            assert cell_filter(bom.table).show_cell(row, 4) is None


def test_each_status_bar_figure_opens_its_explanation(qtbot, shipped):
    session = _session(shipped)
    summary = StatusSummary(session)
    qtbot.addWidget(summary)
    summary.show_evaluation(session.evaluation)
    summary.show()
    assert summary.text() == " · ".join(summary.parts(session.evaluation).values())
    assert summary.text().startswith("8× NVIDIA H100") and "kW max" in summary.text()
    keys = {}
    for name, label in summary.labels.items():
        hook = explain_filter(label)
        if hook is None:
            continue
        qtbot.mouseClick(label, Qt.MouseButton.LeftButton)
        keys[name] = hook.figure()
        _same_as_cli(hook.dialog, session, hook.figure())
    assert keys == {"gpus": "gpu.count", "power": "power_w.max", "total": "cost.total"}


def test_the_popup_says_what_the_cli_prints(qtbot, shipped, capsys):
    session = _session(shipped)
    summary = StatusSummary(session)
    qtbot.addWidget(summary)
    summary.show_evaluation(session.evaluation)
    label = summary.labels["power"]
    dialog = explain_filter(label).show_for(label)
    assert main(["explain", str(HGX), "power_w.max"]) == 0
    printed = capsys.readouterr().out
    assert printed.rstrip("\n") == dialog.explanation.to_text().rstrip("\n")
    dialog.close()


def test_the_main_window_status_bar_is_made_of_explainable_figures(make_window):
    win = make_window(Build(chassis="hgx-8u", placements={"GPU1": "h100-sxm"}))
    assert isinstance(win.summary, StatusSummary)
    assert win.summary.text() == SEPARATOR.join(win.summary.parts(win.session.evaluation).values())
    label = win.summary.labels["total"]
    dialog = explain_filter(label).show_for(label)
    assert dialog.explanation.figure == "cost.total"
    assert dialog.explanation.value == str(win.session.evaluation.cost.total)
    dialog.close()


def test_bom_amount_columns_fit_their_text_in_each_font(qtbot, shipped):
    """The amount columns are as wide as their widest text, measured in the table's font now
    (widths are remembered per font, so a larger font measures anew)."""
    session = _session(shipped)
    bom = PartsList(session)
    qtbot.addWidget(bom)
    bom.resize(1400, 500)
    bom.show()
    head = bom.table.horizontalHeader()
    before = head.sectionSize(4)
    font = bom.table.font()
    font.setPointSizeF(font.pointSizeF() * 2)
    bom.table.setFont(font)
    session.apply(Place(slot="AUX1", part="nvidia-cx7-mcx75310aas-neat"))   # a new BOM line, new totals
    widest = max(bom.table.fontMetrics().horizontalAdvance(bom.table.item(r, 4).text())
                 for r in range(bom.table.rowCount()))
    assert head.sectionSize(4) >= widest > before


def _distributor_bom(qtbot) -> tuple[Session, PartsList]:
    """The HGX example on the shipped catalog plus a distributor's (issue 30), and its BOM panel."""
    from configurator.store import paths

    user = ROOT / "tests" / "fixtures" / "user-catalog-distributor"
    cat = load_catalog([paths.catalog_dir(), user], [paths.price_dir(), user / "prices"])
    session = Session(cat, load_build(HGX, cat), HGX)
    bom = PartsList(session)
    qtbot.addWidget(bom)
    return session, bom


def test_a_companion_line_names_its_alternatives(qtbot):
    """A distributor's user catalog (issue 30): one rail kit line, the distributor's kit named on it."""
    session, bom = _distributor_bom(qtbot)
    names = [bom.table.item(r, 1).text() for r in range(bom.table.rowCount())]
    rails = [n for n in names if "rail kit" in n]
    assert len(rails) == 1 and rails[0].startswith("Supermicro rail kit for the chassis — alternatives: Distributor")
    row = names.index(rails[0])
    assert "DIST-RK-4P-821" in bom.table.item(row, 1).toolTip()


def test_using_an_alternative_from_the_bom_is_one_undo_step(qtbot):
    session, bom = _distributor_bom(qtbot)
    cord = next(ln for ln in session.evaluation.cost.lines if ln.part_id == "acc-cord-c19-c20")
    bom.use_companion(cord, "dist-cord-c19-c20-3m")
    assert session.build.companions == ("dist-cord-c19-c20-3m",)
    ids = [ln.part_id for ln in session.evaluation.cost.lines if ln.kind == "companion"]
    assert ids == ["acc-rails-supermicro", "dist-cord-c19-c20-3m"]
    names = [bom.table.item(r, 1).text() for r in range(bom.table.rowCount())]
    assert any(n.startswith("Distributor power cord C19 to C20, 3 m — alternatives: Power cord IEC C19") for n in names)
    back = next(ln for ln in session.evaluation.cost.lines if ln.part_id == "dist-cord-c19-c20-3m")
    bom.use_companion(back, "acc-cord-c19-c20")      # back to the shipped cord: the role's choice is replaced
    assert session.build.companions == ("acc-cord-c19-c20",)
    session.undo()
    session.undo()
    assert session.build.companions == ()
