"""What keeps an edit cheap must not change what the user sees: panels behind a tab catch up
when raised, charts arrive after the first frame, steady labels still fit their text, and
the fast number formatting says what Babel says."""

from __future__ import annotations

import random

from configurator.core.build import Build
from configurator.core.ops import Place
from configurator.qt.panels import format as fmt
from configurator.qt.panels.widgets import SteadyLabel


def _panel(win, name):
    return next(p for p in win.panels if type(p).__name__ == name)


def test_panel_behind_a_tab_renders_when_raised(make_window, qtbot):
    win = make_window(Build(chassis="hgx-8u", placements={"COOLING": "air-hgx"}))
    thermal = _panel(win, "ThermalPanel")
    qtbot.waitUntil(lambda: win.docks["PowerPanel"].visibleRegion().isEmpty() is False)
    before = thermal.grid.text("heat_kw")
    win.session.apply(Place(slot="GPU1", part="h100-sxm"))
    assert thermal.grid.text("heat_kw") == before        # held: its tab is behind Power
    win.docks["ThermalPanel"].raise_()
    qtbot.waitUntil(lambda: thermal.grid.text("heat_kw") != before)
    th = win.session.evaluation.thermal
    assert thermal.grid.text("heat_kw") == f"{fmt.kilowatts(th.heat_typical_w)} / {fmt.kilowatts(th.heat_max_w)}"
    win.session.apply(Place(slot="GPU2", part="h100-sxm"))  # now on screen: renders at once
    assert fmt.kilowatts(win.session.evaluation.thermal.heat_max_w) in thermal.grid.text("heat_kw")


def test_charts_are_built_after_the_first_frame(make_window, qtbot):
    win = make_window()
    power, workload = _panel(win, "PowerPanel"), _panel(win, "WorkloadPanel")
    assert power.plot is None and workload.plot is None    # the window shows without pyqtgraph
    qtbot.waitUntil(lambda: power.plot is not None)
    gpu_w = sum(x.max_w for x in win.session.evaluation.power.lines if x.category == "gpu")
    if gpu_w:
        assert max(power.max_bars.opts["width"]) >= gpu_w / 1000
    assert workload.plot is None                          # behind its tab: built when first seen
    win.docks["WorkloadPanel"].raise_()
    win.docks["WorkloadPanel"].widget().ensureWidgetVisible(workload.chart)   # below the editor
    qtbot.waitUntil(lambda: workload.plot is not None)


def test_steady_label_is_fixed_yet_fits_its_text(qtbot):
    label = SteadyLabel("short", min_width=200)
    qtbot.addWidget(label)
    assert label.minimumWidth() == label.maximumWidth() == 200
    label.setText("a much longer line of text " * 4)
    assert label.width() >= label.sizeHint().width() > 200
    label.setText("short")
    assert label.maximumWidth() == 200


def test_fast_number_formatting_matches_babel():
    rng = random.Random(7)
    values = [0.0, -0.0, 0.125, 2.675, -1234.5, 999.95, 1e15, 6650.0, 12.25]
    values += [rng.choice([-1, 1]) * 10 ** rng.uniform(-3, 9) for _ in range(2000)]
    for v in values:
        for decimals in (0, 1, 2, 3):
            assert fmt.number(v, decimals) == fmt._babel_number(v, decimals), (v, decimals)
