"""Where the main window's docks go, and how big they are, on a large or a small screen.

Two default arrangements: *wide* (palette left; the "checks" and "plan" panel groups stacked on
the right; Problems beside the bill of materials at the bottom) and *compact*, for windows
narrower than `COMPACT_W` or lower than `COMPACT_H` (a 1366×768 laptop), where each side
collapses to one stack of tabs and the docks are sized from the window so that the schematic
keeps the room it needs; below `NARROW_W` (a window on half a 1920 px screen) the panels join the
palette's stack on the left. Crossing a threshold re-arranges the docks, so a window shrunk and
grown again is not left with cramped docks; a saved layout is restored only when it fits the
screen, matches the window's arrangement and leaves no dock cramped (else the default is used).
View ▸ Reset layout applies the default at any time.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QRect, QSettings, Qt, QTimer
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QComboBox, QDockWidget, QFormLayout, QMainWindow, QScrollArea, QTabBar, QWidget

from ..panels import DOCK_GROUPS, PANELS

COMPACT_W, COMPACT_H = 1500, 860
NARROW_W = 1100
#: a docked dock smaller than this share of its default size (in the direction it can be
#: resized) is cramped: the layout is not restored, or the dock is given its room back
CRAMPED = 0.6
LAYOUT_VERSION = 1     # bump when the default arrangement changes: old saved states are dropped

LEFT = Qt.DockWidgetArea.LeftDockWidgetArea
BOTTOM = Qt.DockWidgetArea.BottomDockWidgetArea
H, V = Qt.Orientation.Horizontal, Qt.Orientation.Vertical


def is_compact(width: int, height: int) -> bool:
    """Whether a window of this size gets the compact (tabbed) arrangement."""
    return width < COMPACT_W or height < COMPACT_H


def mode_for(width: int, height: int) -> str:
    """'wide', 'compact', or 'narrow' (below `NARROW_W`: the panels join the palette's tab stack
    on the left, so that a half-screen window still shows a panel at the width it needs)."""
    return "narrow" if width < NARROW_W else "compact" if is_compact(width, height) else "wide"


def default_sizes(width: int, height: int, compact: bool) -> dict[str, int]:
    """Default dock sizes in px for a window of `width`×`height`: palette and right-hand
    widths, bottom height, and the bottom split (Problems : BOM)."""
    if not compact:
        return {"palette": 310, "right": 470, "bottom": 250, "problems": 470, "parts": 650}
    return {"palette": _clamp(width * 0.2, 230, 290), "right": _clamp(width * 0.3, 330, 420),
            "bottom": _clamp(height * 0.3, 180, 240), "problems": 0, "parts": 0}


def narrow_panel(panel: QWidget) -> None:
    """Let a panel get narrow without cutting what it shows: a form row too wide for the dock
    puts its field under its label, and a combo box shows its current text cut (the open list
    has it whole); spin boxes keep their full width, so a value is never clipped."""
    for form in panel.findChildren(QFormLayout):
        form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)
    for combo in panel.findChildren(QComboBox):
        if combo.sizeAdjustPolicy() != QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon:
            combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
            combo.setMinimumContentsLength(12)


#: dock property of a dock whose widget decides when it is shown (qt/chassis/tray.py), not the saved layout
SHOWS_ITSELF = "showsItself"


def shows_itself(dock: QWidget) -> bool:
    return bool(dock.property(SHOWS_ITSELF))


def _clamp(value: float, low: int, high: int) -> int:
    return int(max(low, min(high, value)))


class DockLayout(QObject):
    """Keeps `window`'s docks arranged for its size; saves and restores the user's layout.

    `window.docks` maps keys to docks: "palette", "violations", "parts" and one per
    registered panel (`PanelSpec.key`)."""

    def __init__(self, window: QMainWindow) -> None:
        super().__init__(window)
        self.window = window
        self.mode = mode_for(window.width(), window.height())
        self._handled: tuple[int, int] | None = None     # the window size last followed
        self._arranged: tuple[int, int] | None = None    # the size of the last default arrangement
        self._restored = False                           # the saved state is in place, not the default
        self._pending = QTimer(self, singleShot=True, interval=0)
        self._pending.timeout.connect(self._follow_size)
        window.installEventFilter(self)

    # ---------------------------------------------------------------- arranging
    def reset(self) -> None:
        """The default arrangement for the window's size, every dock shown (View ▸ Reset layout)."""
        self.arrange(self.window.width(), self.window.height(), show_all=True)

    def arrange(self, width: int, height: int, show_all: bool = False) -> None:
        """Put every dock in its default place and size for a `width`×`height` window; docks
        the user closed stay closed unless `show_all`."""
        win, docks = self.window, self.window.docks   # type: ignore[attr-defined]
        self.mode = mode_for(width, height)
        self._arranged, self._restored = (width, height), False
        # a dock that shows itself while it has something to show (the Not placed tray) keeps its state
        shown = {key: (show_all and not shows_itself(dock)) or not dock.isHidden() for key, dock in docks.items()}
        for dock in docks.values():
            dock.setFloating(False)
            win.removeDockWidget(dock)
        win.addDockWidget(LEFT, docks["palette"])
        problems, parts = docks["violations"], docks["parts"]
        win.addDockWidget(BOTTOM, problems)
        win.addDockWidget(BOTTOM, parts)
        if self.compact:
            win.tabifyDockWidget(problems, parts)
        else:
            win.splitDockWidget(problems, parts, H)
        if "tray" in docks:
            win.addDockWidget(BOTTOM, docks["tray"])
            win.tabifyDockWidget(problems, docks["tray"])
        tops = self._arrange_panels()
        for key, dock in docks.items():
            dock.setVisible(shown[key])
        problems.raise_()
        self._size_docks(width, height, tops)
        QTimer.singleShot(0, self._whole_tab_titles)

    def _whole_tab_titles(self) -> None:
        """Tab titles in full, scrolled when they do not fit ("P…", "Th…" tell nobody anything);
        Qt makes the tab bars of tabbed docks when it lays them out, hence after the arrangement."""
        for bar in self.window.findChildren(QTabBar):
            if bar.parent() is self.window:
                bar.setElideMode(Qt.TextElideMode.ElideNone)
                bar.setUsesScrollButtons(True)

    def _arrange_panels(self) -> list[QDockWidget]:
        """The panel docks: one tab stack per group (wide), one stack of all (compact), or tabs
        behind the palette (narrow); returns each right-hand stack's first dock."""
        win, docks = self.window, self.window.docks   # type: ignore[attr-defined]
        stacks: dict[str, list[QDockWidget]] = {group: [] for group in DOCK_GROUPS}
        for spec in PANELS:
            if spec.key not in docks:     # a window built without some panels (bench/bench_gui.py)
                continue
            if self.mode == "narrow":     # behind the palette, which stays the raised tab
                win.addDockWidget(LEFT, docks[spec.key])
                win.tabifyDockWidget(docks["palette"], docks[spec.key])
                continue
            win.addDockWidget(spec.area, docks[spec.key])
            stacks["checks" if self.compact else spec.group].append(docks[spec.key])
        tops = [stack[0] for stack in stacks.values() if stack]
        for upper, lower in zip(tops, tops[1:], strict=False):
            if win.dockWidgetArea(upper) == win.dockWidgetArea(lower):
                win.splitDockWidget(upper, lower, V)
        for stack in stacks.values():
            for dock in stack[1:]:
                win.tabifyDockWidget(stack[0], dock)
            if stack:
                stack[0].raise_()
        docks["palette"].raise_()
        return tops

    def _size_docks(self, width: int, height: int, tops: list[QDockWidget]) -> None:
        win, docks = self.window, self.window.docks   # type: ignore[attr-defined]
        size = self.sizes(width, height)
        win.resizeDocks([docks["palette"]], [size["palette"]], H)
        if tops:
            win.resizeDocks(tops[:1], [size["right"]], H)
        if len(tops) == 2:
            win.resizeDocks(tops, [height * 52 // 100, height * 42 // 100], V)
        win.resizeDocks([docks["violations"]], [size["bottom"]], V)
        if not self.compact:
            win.resizeDocks([docks["violations"], docks["parts"]], [size["problems"], size["parts"]], H)

    @property
    def compact(self) -> bool:
        """Whether the docks are collapsed to tab stacks (compact or narrow)."""
        return self.mode != "wide"

    def sizes(self, width: int, height: int) -> dict[str, int]:
        """`default_sizes`, with the side stack holding the panels as wide as the widest panel
        needs (no sideways scrolling), within 36 % (45 % when narrow) of the window."""
        size = default_sizes(width, height, self.compact)
        if self.compact:
            docks = self.window.docks   # type: ignore[attr-defined]
            need = max((w.minimumSizeHint().width() + s.verticalScrollBar().sizeHint().width() + 4
                        for s in (docks[p.key].widget() for p in PANELS)
                        if isinstance(s, QScrollArea) and (w := s.widget()) is not None), default=0)
            side = "palette" if self.mode == "narrow" else "right"
            size[side] = max(size[side], min(need, int(width * (0.45 if self.mode == "narrow" else 0.36))))
        return size

    # ---------------------------------------------------------------- following the window's size
    def eventFilter(self, obj: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
        if obj is self.window and event.type() == QEvent.Type.Resize:
            self._pending.start()      # after Qt has laid the window out at its new size
        return False

    def _follow_size(self) -> None:
        # once per window size: an arrangement that makes Qt resize the window (a dock's minimum
        # size) must not start another one, and docks resizing themselves are no reason to act
        size = (self.window.width(), self.window.height())
        if size == self._handled:
            return
        self._handled = size
        if mode_for(*size) != self.mode:
            self.arrange(*size)
        elif self.cramped():
            self._size_docks(*size, self._tops())

    def _tops(self) -> list[QDockWidget]:
        docks = self.window.docks   # type: ignore[attr-defined]
        keys = [next((s.key for s in PANELS if s.group == g), None) for g in DOCK_GROUPS]
        tops = [docks[k] for k in keys if k is not None and k in docks]
        return [] if self.mode == "narrow" else tops[:1] if self.compact else tops

    def cramped(self) -> list[str]:
        """The docked, shown docks smaller than `CRAMPED` of their default size (keys)."""
        win = self.window
        size = self.sizes(win.width(), win.height())
        out = []
        for key, dock in win.docks.items():   # type: ignore[attr-defined]
            if dock.isHidden() or dock.isFloating() or dock.visibleRegion().isEmpty():
                continue      # closed, floating, or a tab behind another (its size is not its own)
            area = win.dockWidgetArea(dock)
            if area == BOTTOM:
                want, have = size["bottom"], dock.height()
            else:
                want, have = size["palette" if area == LEFT else "right"], dock.width()
            if have < want * CRAMPED:
                out.append(key)
        return out

    # ---------------------------------------------------------------- saving and restoring
    def save(self) -> None:
        settings = QSettings()
        settings.setValue("mainWindow/geometry", self.window.saveGeometry())
        settings.setValue("mainWindow/state", self.window.saveState(LAYOUT_VERSION))
        settings.setValue("mainWindow/mode", self.mode)
        # closed docks stay closed even when the saved arrangement itself does not suit the next window
        settings.setValue("mainWindow/closed", [k for k, d in self.window.docks.items()  # type: ignore[attr-defined]
                                                if d.isHidden()] or "")

    def restore(self) -> None:
        """The saved geometry, fitted to the screen, and the saved dock layout when it suits the
        window's size; otherwise the default arrangement."""
        settings = QSettings()
        geometry, state = settings.value("mainWindow/geometry"), settings.value("mainWindow/state")
        if geometry is not None:
            self.window.restoreGeometry(geometry)
            screen = self.window.screen()
            # the offscreen platform's one 800×800 screen stands in for no real screen: keep the size
            if screen is not None and QGuiApplication.platformName() != "offscreen":
                self.fit_to(screen.availableGeometry())
        width, height = self.window.width(), self.window.height()
        closed = settings.value("mainWindow/closed") or []
        for key, dock in self.window.docks.items():   # type: ignore[attr-defined]
            if not shows_itself(dock):
                dock.setVisible(key not in (closed if isinstance(closed, list) else [closed]))
        self.arrange(width, height)
        if state is None or settings.value("mainWindow/mode") != mode_for(width, height):
            return
        if self.window.restoreState(state, LAYOUT_VERSION):
            self._restored = True
            # judged once the window is laid out at its size: a cramped state gives way to the default
            QTimer.singleShot(0, self._drop_cramped_state)

    def panels_built(self) -> None:
        """The panels were put into their docks after the arrangement (the window's first frame
        came first): size the docks again where the panels' widths decide it (a compact default
        arrangement), and judge a restored state again (a cramped one gives way to the default)."""
        if self._restored:
            self._drop_cramped_state()
        elif self.compact and self._arranged is not None:
            self._size_docks(*self._arranged, self._tops())

    def _drop_cramped_state(self) -> None:
        if self.cramped():
            self.arrange(self.window.width(), self.window.height())

    def fit_to(self, avail: QRect) -> None:
        """A saved size larger than the screen's `avail` area (another monitor, a laptop) is cut
        to it, and a window placed off it is moved back onto it."""
        win = self.window
        frame = win.frameGeometry()
        extra_w, extra_h = frame.width() - win.width(), frame.height() - win.height()
        width = min(win.width(), avail.width() - extra_w)
        height = min(win.height(), avail.height() - extra_h)
        if (width, height) != (win.width(), win.height()):
            win.resize(width, height)
        frame = win.frameGeometry()
        if not avail.contains(frame):
            x = min(max(frame.x(), avail.x()), avail.right() - frame.width() + 1)
            y = min(max(frame.y(), avail.y()), avail.bottom() - frame.height() + 1)
            win.move(x, y)
