"""Views redraw only what an edit touched (core/changes.py): a customer's name redraws no slot and no
tray row; a placed part redraws the slots; an undone chassis change redraws all. The model bare is in
tests/core/test_changes.py; here the views, built on a real session with a counting subclass."""

from __future__ import annotations

from configurator.core.build import Build
from configurator.core.ops import Place, SetChassis, SetOption
from configurator.core.session import Session
from configurator.qt.chassis.schematic import ChassisView
from configurator.qt.chassis.tray import NotPlacedTray


class _CountingView(ChassisView):
    def __init__(self, session: Session) -> None:
        self.refreshes = 0
        super().__init__(session)

    def refresh_parts(self) -> None:
        self.refreshes += 1
        super().refresh_parts()


class _CountingTray(NotPlacedTray):
    def __init__(self, session: Session) -> None:
        self.refreshes = 0
        super().__init__(session)

    def refresh(self) -> None:
        self.refreshes += 1
        super().refresh()


def test_each_view_redraws_only_for_the_parts_of_the_build_it_shows(qtbot, catalog):
    session = Session(catalog, Build(chassis="hgx-8u"))
    view, tray = _CountingView(session), _CountingTray(session)
    qtbot.addWidget(view)
    qtbot.addWidget(tray)
    seen = (view.refreshes, tray.refreshes)
    session.apply(SetOption(path="meta.customer", value="ACME"))
    session.apply(SetOption(path="commercial.tco_years", value=3))
    assert (view.refreshes, tray.refreshes) == seen                 # neither shows the quote's fields
    session.apply(Place(slot="GPU1", part="h100-sxm"))
    assert view.refreshes == seen[0] + 1 and tray.refreshes == seen[1]
    session.apply(SetOption(path="psu_feeds", value={"PSU1": "B"}))  # a PSU bay's feed is drawn on it
    assert view.refreshes == seen[0] + 2
    session.apply(SetChassis(chassis="pcie-2u"))                     # the tray may fill; the scene is rebuilt
    assert tray.refreshes == seen[1] + 1
    assert "GPU1" not in view.slot_items                                # the new chassis' slots drawn
    session.undo()                                                   # everything restored: all redrawn
    assert tray.refreshes == seen[1] + 2 and "GPU1" in view.slot_items
    assert view.slot_items["GPU1"].part_id == "h100-sxm"
