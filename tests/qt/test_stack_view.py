"""View ▸ Software stack: the open build's pinned stack, redrawn on edits, and a server's findings."""

from __future__ import annotations

import json
from pathlib import Path

from configurator.core.session import Session
from configurator.formats.importers.inventory import PROBE_KIND
from configurator.qt.views.stack_view import StackView
from configurator.store import paths
from configurator.store.build_files import load_build
from configurator.store.catalogs import default_catalog
from configurator.store.loaded_evaluator import default_evaluator
from configurator.words import i18n

PROBE = Path(__file__).resolve().parents[1] / "fixtures" / "probe-h200"


def _cells(table) -> list[list[str]]:
    return [[table.item(r, c).text() for c in range(table.columnCount())] for r in range(table.rowCount())]


def test_the_stack_view_pins_fabric_manager_and_follows_a_gpu_change(qtbot, tmp_path):
    i18n.set_language("en")
    catalog = default_catalog()
    session = Session(catalog, load_build(paths.examples_dir() / "hgx-h100-8gpu.json"),
                      evaluator=default_evaluator(catalog))
    view = StackView(session)
    qtbot.addWidget(view)
    view.show()
    rows = {r[0]: r[1] for r in _cells(view.pinned)}
    assert rows["Fabric Manager (NVSwitch)"] == rows["NVIDIA driver"] == "580.159.04"
    assert not any("arch" in r[1] for r in _cells(view.rejected))
    gpu_slots = [s for s, p in session.build.placements.items() if p == "nvidia-h100-sxm5-80gb"]
    # B200s on this Hopper board: Place now refuses the misfit, so the build is replaced whole (the
    # stack follows the GPUs the build names, fitting or not)
    placements = {**session.build.placements, **{slot: "nvidia-b200-sxm-180gb" for slot in gpu_slots}}
    session.replace_build(session.build.model_copy(update={"placements": placements}), clean=False)
    refused = [r for r in _cells(view.rejected) if r[0] == "PyTorch 2.9.0+cu126"]
    assert refused and "10.0" in refused[0][1]
    # a server whose Fabric Manager is another release than its driver
    files = {p.name: p.read_text(encoding="utf-8") for p in PROBE.iterdir() if p.suffix in (".xml", ".json", ".txt")}
    files["nv-fabricmanager.txt"] = "Fabric Manager version is : 580.95.05\n"
    probe = tmp_path / "server.json"
    probe.write_text(json.dumps({"kind": PROBE_KIND, "files": files, "missing": {}}), encoding="utf-8")
    assert view.compare_with(probe)
    assert [r[0] for r in _cells(view.findings) if "580.95.05" in r[1]] == ["Error"]


def test_the_pinned_stack_shows_every_row_in_a_laptop_sized_window(qtbot):
    """At 1366×768 the dialog is 1100×691: the pinned stack (five rows that wrap) was squeezed to a
    third of it and cut its last row, while the short list of refused candidates stood half empty."""
    from configurator.qt.views.stack_view import StackDialog

    i18n.set_language("en")
    catalog = default_catalog()
    session = Session(catalog, load_build(paths.examples_dir() / "hgx-h100-8gpu.json"),
                      evaluator=default_evaluator(catalog))
    dialog = StackDialog(session)
    qtbot.addWidget(dialog)
    dialog.resize(1100, 691)
    dialog.show()
    qtbot.waitExposed(dialog)
    table = dialog.view.pinned
    rows = sum(table.rowHeight(r) for r in range(table.rowCount()))
    assert table.rowCount() >= 5 and rows <= table.viewport().height(), (rows, table.viewport().height())
