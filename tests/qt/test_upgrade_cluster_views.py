"""View ▸ Upgrade plan and View ▸ Cluster plan: built from a session, redrawn on edits, and
showing what the core plans say (nothing computed in the widgets)."""

from __future__ import annotations

from pathlib import Path

import pytest

from configurator.core.cluster.racks import elevation
from configurator.core.ops import Place
from configurator.core.session import Session
from configurator.core.upgrade.found import upgrade_of
from configurator.launch import main
from configurator.qt.views.cluster_plan import ClusterView
from configurator.qt.views.upgrade_plan import FIGURES, UpgradeView
from configurator.store.build_files import load_build, save_build
from configurator.store.catalogs import default_catalog
from configurator.store.loaded_evaluator import default_evaluator

ROOT = Path(__file__).resolve().parents[2]
PROBE = ROOT / "tests" / "fixtures" / "probe-h200"
H200, PSU = "nvidia-h200-sxm5-141gb", "supermicro-psu-3000w-titanium"


@pytest.fixture(scope="module")
def real_catalog():
    return default_catalog()


@pytest.fixture
def imported(tmp_path) -> Path:
    out = tmp_path / "server.json"
    assert main(["import", "inventory", str(PROBE), "--chassis", "supermicro-sys-821ge-tnhr", "-o", str(out)]) == 0
    return out


def _session(path: Path, catalog) -> Session:
    return Session(catalog, load_build(path), evaluator=default_evaluator(catalog))


def _cells(table) -> list[list[str]]:
    return [[table.item(r, c).text() for c in range(table.columnCount())] for r in range(table.rowCount())]


def test_the_upgrade_view_follows_edits_of_an_imported_server(qtbot, imported, real_catalog):
    session = _session(imported, real_catalog)
    view = UpgradeView(session)
    qtbot.addWidget(view)
    view.show()
    assert _cells(view.changes)[0][0] == "No parts change."
    with session.batch("upgrade"):
        for slot in ("GPU2", "GPU3"):
            session.apply(Place(slot=slot, part=H200))
        for slot in ("PSU1", "PSU2"):
            session.apply(Place(slot=slot, part=PSU))
    plan = upgrade_of(session.build, session.evaluator)
    rows = _cells(view.changes)
    assert [(r[0], r[2]) for r in rows] == [("Add", "GPU2"), ("Add", "GPU3"), ("Add", "PSU1"), ("Add", "PSU2")]
    figures = {r[0] + r[1][-5:]: r for r in _cells(view.figures)}
    wall = next(d for d in plan.deltas if d.name == "wall_max_w")
    assert any(r[2] == f"{wall.after:,.0f} W" and r[3] == f"{wall.change:+,.0f} W" for r in figures.values())
    assert view.figures.rowCount() == len(FIGURES)
    assert "PSUs: no PSU → 2 x 3000 W" in view.psu.text()
    assert f"{plan.cost_new_parts:,.2f}" in view.cost.text().replace("$", "")


def test_the_upgrade_view_compares_with_a_file_and_says_when_there_is_none(qtbot, imported, real_catalog, tmp_path):
    example = ROOT / "examples" / "hgx-h100-8gpu.json"
    session = _session(example, real_catalog)
    view = UpgradeView(session)
    qtbot.addWidget(view)
    assert view.plan is None and "owns no parts" in view.source.text() and view.changes.rowCount() == 0
    assert view.set_before_file(imported)
    assert view.plan is not None and "server.json" in view.source.text()
    assert any(r[0] == "Remove" for r in _cells(view.changes))      # the imported H200 is not in the example
    removed = view.cost.text().split("Removed: ", 1)[1].split("\n")[0]
    assert real_catalog.get(H200).name in removed and H200 not in removed   # names, not catalog ids
    bad = tmp_path / "bad.json"
    bad.write_text("{", encoding="utf-8")
    assert not view.set_before_file(bad) and "bad.json" in view.source.text()
    view.use_owned()
    assert view.plan is None


def test_the_cluster_view_draws_every_rack_and_the_fabric(qtbot, real_catalog, tmp_path):
    session = _session(ROOT / "examples" / "hgx-h100-8gpu.json", real_catalog)
    view = ClusterView(session)
    qtbot.addWidget(view)
    view.servers.setValue(32)
    plan = view.plan
    assert plan is not None and plan.fabric is not None
    assert (plan.fabric.leaves, plan.fabric.spines) == (8, 4)          # DGX SuperPOD, 32 nodes (tests/core)
    texts = {i.text() for i in view.racks.scene.items() if hasattr(i, "text")}
    assert {r.name for r in plan.racks} <= texts
    devices = sum(len(elevation(r)) for r in plan.racks[:12])
    rects = [i for i in view.racks.scene.items() if type(i).__name__ == "QGraphicsRectItem"]
    assert len(rects) >= devices + len(plan.racks[:12])
    fabric_texts = {i.text() for i in view.fabric.scene.items() if hasattr(i, "text")}
    assert {"S1", "S4", "L1", "L8"} <= fabric_texts and "8 leaves, 4 spines" in view.fabric.caption.text()
    view.rack_kw.setValue(20.0)
    assert len(view.plan.racks) > len(plan.racks)                    # fewer servers per rack at 20 kW
    out = tmp_path / "c.pdf"
    from configurator.formats.exporters.clusters import CLUSTER_EXPORTERS

    CLUSTER_EXPORTERS["cluster-pdf"].write(view.plan, real_catalog, out)
    assert out.read_bytes().startswith(b"%PDF-")


def test_main_window_menus_open_both_views(qtbot, real_catalog, imported):
    from configurator.qt.views.cluster_plan import show_cluster_view
    from configurator.qt.views.upgrade_plan import show_upgrade_view
    from configurator.qt.window.main_window import MainWindow

    window = MainWindow(_session(imported, real_catalog), screenshot=True)
    qtbot.addWidget(window)
    texts = [a.text() for a in window.menuBar().actions()[2].menu().actions()]
    assert "&Upgrade plan…" in texts and "C&luster plan…" in texts
    up = show_upgrade_view(window)
    assert show_upgrade_view(window) is up and up.view.plan is not None
    cl = show_cluster_view(window)
    assert cl.view.plan is not None
    save_build(window.session.build, imported)   # the views never edit the build
    assert load_build(imported).placements == window.session.build.placements
