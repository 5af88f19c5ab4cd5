"""Common pieces of the panels: translated titles, safe subscriptions (renders held while a
panel is out of sight), labels that lay out cheaply, value grids, a gauge bar and a coalescing
option writer. Charts are in `charts`."""

from __future__ import annotations

import weakref
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, Literal, overload

import shiboken6
from PySide6.QtCore import QCoreApplication, QEvent, QObject, QRect, QRectF, QSize, Qt, QTimer
from PySide6.QtGui import QColor, QPainter, QPen
from PySide6.QtWidgets import QGridLayout, QLabel, QSizePolicy, QWidget

from ...core.ops import OpError, SetOption
from ...words import say
from .format import COLOURS
from .label_paint import forget_line, note_text_control, paint_once
from .labels import HeldLabel, WrapLabel

if TYPE_CHECKING:
    from ...core.session import SessionLike


class Title:
    """A class attribute translated when read, so a translator installed after import applies.

    Usage: ``title = Title("PowerPanel", QT_TRANSLATE_NOOP("PowerPanel", "Power"))``.
    """

    def __init__(self, context: str, text: str) -> None:
        self.context = context
        self.text = text

    def __get__(self, obj: object, owner: type | None = None) -> str:
        return QCoreApplication.translate(self.context, self.text)


def subscribe(signal: Any, owner: QWidget, method: str) -> None:
    """Connect a psygnal `signal` to `owner.<method>` without keeping the widget alive.

    The relay drops itself once the widget is garbage-collected or its C++ side deleted,
    so a closed panel never receives another evaluation.
    """
    ref = weakref.ref(owner)

    def relay(*args: Any) -> None:
        obj = ref()
        if obj is None or not shiboken6.isValid(obj):
            signal.disconnect(relay, missing_ok=True)
            return
        getattr(obj, method)(*args)

    signal.connect(relay)


def subscribe_render(signal: Any, owner: QWidget, method: str) -> None:
    """Like `subscribe`, for a render of the latest value (an `Evaluation`).

    While `owner` is out of sight, the call is held, the latest arguments replacing earlier
    ones, and made when it comes back, before it paints: only the panels on screen pay for
    an edit. Out of sight means hidden in a shown window (a closed dock), or marked so with
    `set_on_screen(owner, False)` (a tabified dock behind another: Qt keeps it "visible",
    moved out of the window). A panel outside any shown window (a test, an export) renders
    at once.
    """
    ref = weakref.ref(owner)
    held = _HeldRenders.of(owner)

    def relay(*args: Any) -> None:
        obj = ref()
        if obj is None or not shiboken6.isValid(obj):
            signal.disconnect(relay, missing_ok=True)
            return
        if held.off_screen or (not obj.isVisible() and obj.window().isVisible()):
            held.hold(method, args)
            return
        getattr(obj, method)(*args)

    signal.connect(relay)


def set_on_screen(widget: QWidget, on_screen: bool) -> None:
    """Tell a panel whether it can be seen (e.g. from `QDockWidget.visibilityChanged`)."""
    held = _HeldRenders.of(widget)
    held.off_screen = not on_screen
    if on_screen:
        held.flush()


class _HeldRenders(QObject):
    """Renders held for a widget out of sight; made when it is shown or back on screen."""

    def __init__(self, owner: QWidget) -> None:
        super().__init__(owner)
        self.setObjectName("_held_renders")
        self.off_screen = False
        self._owner = weakref.ref(owner)
        self._calls: dict[str, tuple[Any, ...]] = {}
        owner.installEventFilter(self)

    @classmethod
    def of(cls, owner: QWidget) -> _HeldRenders:
        held = owner.findChild(cls, "_held_renders", Qt.FindChildOption.FindDirectChildrenOnly)
        return held if held is not None else cls(owner)

    def hold(self, method: str, args: tuple[Any, ...]) -> None:
        self._calls[method] = args

    def flush(self) -> None:
        owner = self._owner()
        if owner is None or not shiboken6.isValid(owner):
            return
        calls, self._calls = self._calls, {}
        for method, args in calls.items():
            getattr(owner, method)(*args)

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
        if event.type() == QEvent.Type.Show and self._calls and not self.off_screen:
            self.flush()
        return False


def set_style(widget: QWidget, css: str) -> None:
    """`setStyleSheet` only when the sheet changes: every call re-polishes (~50 µs) and repaints."""
    if widget.styleSheet() != css:
        widget.setStyleSheet(css)


@contextmanager
def blocked(*widgets: QWidget) -> Iterator[None]:
    """Write values into widgets without their change signals echoing back to the model."""
    unique = list(dict.fromkeys(widgets))   # a widget listed twice must not stay blocked
    previous = [w.blockSignals(True) for w in unique]
    try:
        yield
    finally:
        for w, was in zip(unique, previous):
            w.blockSignals(was)


def value_label(text: str = "—") -> HeldLabel:
    """A figure of a panel: one line, right-aligned, selectable; a new figure of the same size
    re-lays-out nothing (add its `holder` to the layout, see `labels.HeldLabel`)."""
    label = HeldLabel(text)
    label.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
    label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    return label


def caption_label(text: str) -> QLabel:
    label = QLabel(text)
    label.setStyleSheet(f"color:{COLOURS['muted']};")
    return label


class SteadyLabel(QLabel):
    """A one-line label whose new text re-lays-out its parent only when it needs another size.

    QLabel.setText asks its parent's layout to run again on every change, and the parent asks
    its own, up to the main window (~2 ms from the status bar); a widget of fixed size does
    not ask. So the label stays at a fixed size, the width `max(min_width, text width)`,
    changed only when that number changes.
    """

    def __init__(self, text: str = "", min_width: int = 0, parent: QWidget | None = None, **kwargs: Any) -> None:
        super().__init__(text, parent, **kwargs)
        self._min_width = min_width
        self._fit()

    def setText(self, text: str) -> None:  # noqa: N802 - Qt override
        if text == self.text():   # an unchanged figure: no re-measure, no repaint
            return
        super().setText(text)
        self._fit()
        note_text_control(self)

    def setAlignment(self, alignment: Qt.AlignmentFlag) -> None:  # noqa: N802 - Qt override
        super().setAlignment(alignment)
        self._fit()

    def changeEvent(self, event: Any) -> None:  # noqa: N802 - Qt override
        super().changeEvent(event)
        forget_line(self)
        if event.type() in (QEvent.Type.FontChange, QEvent.Type.StyleChange):
            self._fit()

    def paintEvent(self, event: Any) -> None:  # noqa: N802 - Qt override
        paint_once(self, event)   # a figure that explains itself has a text document

    def _fit(self) -> None:
        self.ensurePolished()   # the style sheet's font and padding count
        # QLabel's own size hint for plain text, which cannot be asked: it grows to the fixed size
        fm, align = self.fontMetrics(), self.alignment()
        text = fm.boundingRect(QRect(0, 0, 4000, 4000), int(align), self.text()).size()
        hextra = vextra = 2 * self.margin()
        indent = self.indent()
        if indent < 0 and self.frameWidth():   # QLabel's default indent beside a frame
            indent = fm.horizontalAdvance("x") - 2 * self.margin()
        if indent > 0:
            hextra += indent if align & (Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignRight) else 0
            vextra += indent if align & (Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignBottom) else 0
        margins = self.contentsMargins()
        size = QSize(max(self._min_width, text.width() + hextra + margins.left() + margins.right()),
                     text.height() + vextra + margins.top() + margins.bottom())
        if size != self.minimumSize() or size != self.maximumSize():
            self.setFixedSize(size)


@overload
def heading_label(text: str = "", *, held: Literal[True]) -> HeldLabel: ...
@overload
def heading_label(text: str = "", held: Literal[False] = False) -> WrapLabel: ...


def heading_label(text: str = "", held: bool = False) -> WrapLabel:
    """The panel's one-line summary: larger, bold, wraps rather than truncates. `held` makes
    it a `HeldLabel` (add its `holder` to the layout)."""
    label = HeldLabel(text, wrap=True) if held else WrapLabel(text)
    font = label.font()
    font.setPointSizeF(font.pointSizeF() * 1.15)
    font.setBold(True)
    label.setFont(font)
    label.setWordWrap(True)
    label.setTextFormat(Qt.TextFormat.RichText)
    return label


class ElidedLabel(QLabel):
    """One line of plain text cut with "…" to the width it gets (at the end, or where `mode` says:
    a path in the middle, so its file name stays); the full text is the tooltip."""

    def __init__(self, text: str = "", parent: QWidget | None = None,
                 mode: Qt.TextElideMode = Qt.TextElideMode.ElideRight) -> None:
        super().__init__(parent)
        self._full = ""
        self._mode = mode
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.setMinimumWidth(40)
        self.setText(text)

    def full_text(self) -> str:
        return self._full

    def setText(self, text: str) -> None:  # noqa: N802 - Qt override
        if text == self._full and self.text():   # unchanged (the first, empty text is still set)
            return
        self._full = text
        self._elide()

    def resizeEvent(self, event: Any) -> None:  # noqa: N802 - Qt override
        super().resizeEvent(event)
        self._elide()

    def _elide(self) -> None:
        shown = self.fontMetrics().elidedText(self._full, self._mode, max(self.width(), 40))
        super().setText(shown)
        self.setToolTip(self._full if shown != self._full else "")


class ValueGrid(QWidget):
    """Rows of caption (left) and right-aligned value; values addressed by key. Captions are
    `HeldLabel`s, wrapped with `wrap_captions`: a caption that names a changing figure ("Energy
    per year (41,000 kWh)") re-lays-out the grid only when it needs another height."""

    def __init__(self, parent: QWidget | None = None, wrap_captions: bool = False) -> None:
        super().__init__(parent)
        self._wrap_captions = wrap_captions
        self._grid = QGridLayout(self)
        self._grid.setContentsMargins(0, 0, 0, 0)
        self._grid.setHorizontalSpacing(16)
        self._grid.setVerticalSpacing(4)
        self._grid.setColumnStretch(1, 1)
        self.values: dict[str, QLabel] = {}
        self.captions: dict[str, HeldLabel] = {}

    def add_row(self, key: str, caption: str, extra: QWidget | None = None, elide: bool = False) -> QLabel:
        row = self._grid.rowCount()
        value: ElidedLabel | HeldLabel
        if elide:  # long names (a cooling kit) are cut to the dock's width instead of widening it
            value = ElidedLabel()
            value.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        else:
            value = value_label()
        self.captions[key] = label = HeldLabel(caption, wrap=self._wrap_captions)
        label.setStyleSheet(f"color:{COLOURS['muted']};")
        self._grid.addWidget(label.holder, row, 0)
        self._grid.addWidget(value if isinstance(value, ElidedLabel) else value.holder, row, 1)
        if extra is not None:
            self._grid.addWidget(extra, row, 2)
        self.values[key] = value
        return value

    def set(self, key: str, text: str, level: str | None = None, bold: bool = False) -> None:
        label = self.values[key]
        label.setText(text)
        style = f"color:{COLOURS.get(level, level)};" if level else ""
        set_style(label, style + ("font-weight:600;" if bold else ""))

    def text(self, key: str) -> str:
        return self.values[key].text()


class GaugeBar(QWidget):
    """A horizontal bar: fill = value / capacity, coloured by level, a tick at 100 %."""

    def __init__(self, parent: QWidget | None = None, span: float = 1.25, tick: bool = True) -> None:
        super().__init__(parent)
        self._tick = tick
        self._fraction = 0.0
        self._level = "ok"
        self._span = span            # the bar's full width in units of capacity
        self._text = ""
        self.setMinimumSize(120, 16)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt override
        return QSize(200, 18)

    @property
    def fraction(self) -> float:
        return self._fraction

    @property
    def level(self) -> str:
        return self._level

    def set_value(self, fraction: float, level: str, text: str = "") -> None:
        fraction = max(0.0, fraction)
        if (fraction, level, text) == (self._fraction, self._level, self._text):
            return   # the same bar: no repaint
        self._fraction = fraction
        self._level = level
        self._text = text
        self.setToolTip(text)
        self.update()

    def paintEvent(self, event: Any) -> None:  # noqa: N802 - Qt override
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        r = QRectF(self.rect()).adjusted(0.5, 2.5, -0.5, -2.5)
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor("#e5e7eb"))
        p.drawRoundedRect(r, 3, 3)
        fill = r.adjusted(0, 0, 0, 0)
        fill.setWidth(r.width() * min(self._fraction / self._span, 1.0))
        p.setBrush(QColor(COLOURS.get(self._level, self._level)))
        p.drawRoundedRect(fill, 3, 3)
        if not self._tick:
            p.end()
            return
        x = r.left() + r.width() / self._span
        p.setPen(QPen(QColor("#111827"), 1.5))
        p.drawLine(int(x), int(r.top()) - 2, int(x), int(r.bottom()) + 2)
        p.end()


class OptionWriter:
    """Writes editor values back as `SetOption`s, one undo step per user change.

    Rapid edits to the same option (spinbox arrows held, typing) restart a short timer and
    are applied once; editing another option or `flush()` (editingFinished) applies at once.
    `writing` is true while the session re-renders, so views don't echo their own edit.
    """

    def __init__(self, session: SessionLike, parent: QWidget | None = None, delay_ms: int = 400,
                 on_error: Callable[[str, str], None] | None = None) -> None:
        self.session = session
        self.writing = False
        self._pending: tuple[str, Any] | None = None
        self._on_error = on_error
        self._timer = QTimer(parent)
        self._timer.setSingleShot(True)
        self._timer.setInterval(delay_ms)
        self._timer.timeout.connect(self.flush)

    def set_later(self, path: str, value: Any) -> None:
        if self._pending is not None and self._pending[0] != path:
            self.flush()
        self._pending = (path, value)
        self._timer.start()

    def set_now(self, path: str, value: Any) -> None:
        self.set_later(path, value)
        self.flush()

    def cancel(self) -> None:
        self._timer.stop()
        self._pending = None

    def flush(self) -> None:
        self._timer.stop()
        if self._pending is None:
            return
        path, value = self._pending
        self._pending = None
        if _current(self.session.build, path) == value:
            return
        self.writing = True
        try:
            self.session.apply(SetOption(path=path, value=value))
        except OpError as exc:
            if self._on_error is not None:
                self._on_error(path, say(exc.msg))
        finally:
            self.writing = False


def _current(build: Any, path: str) -> Any:
    obj = build
    for part in path.split("."):
        obj = getattr(obj, part, None)
    return obj
