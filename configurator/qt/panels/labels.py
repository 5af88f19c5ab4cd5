"""Labels for figures that change on every edit, laid out cheaply.

QLabel.setText asks its parent's layout to run again on every change, the layout then asks the
label's size hints again (a wrapped rich text is laid out at several widths: ~1 ms per label in
the Power panel), and the parent's layout asks its own parent, up to the scroll area. A
`HeldLabel` sits in a `LabelHolder`, the widget its layout holds: a widget without a layout,
where the label's request stops. The holder answers the layout from the label, and asks for a
new layout itself only when what the layout reads from the label changed.
"""

from __future__ import annotations

import math
import weakref
from typing import Any

from PySide6 import QtGui
from PySide6.QtCore import QEvent, QObject, QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QFontMetricsF, QPainter
from PySide6.QtWidgets import QLabel, QWidget

_SELECTABLE = (Qt.TextInteractionFlag.TextSelectableByMouse | Qt.TextInteractionFlag.TextSelectableByKeyboard
               | Qt.TextInteractionFlag.TextEditable)


def is_plain(label: QLabel, text: str) -> bool:
    """Whether `label` shows `text` as plain text."""
    fmt = label.textFormat()
    return fmt == Qt.TextFormat.PlainText or (fmt == Qt.TextFormat.AutoText and not QtGui.Qt.mightBeRichText(text))


def paint_once(label: QLabel, event: Any) -> None:
    """Paint `label` as QLabel does, without the second paint its text document asks for.

    A label shows rich or selectable text, or text that takes the keyboard focus (a figure
    that explains itself on Enter), through a text document, which QLabel lays out when it is
    first asked for a size or else while painting. Laid out while painting, the document asks
    for the label to be painted again (its text control's update request reaches the label
    mid-paint): a second paint of the label, and of all under it up to an opaque parent, in a
    second pass of the window. That request is for what is being painted, so it is dropped.
    Laying the text out before the paint instead (`QLabel.heightForWidth`) lays it out three
    times: at its width, at the asked width, and back. The control is the one `note_text_control`
    noted when the text was set (none: the label paints as QLabel does).
    """
    control = getattr(label, "_text_control", None)
    if control is not None and _paint_line(label):
        return
    blocked = control is not None and control.blockSignals(True)
    try:
        QLabel.paintEvent(label, event)
    finally:
        if control is not None:
            control.blockSignals(blocked)


_ALIGN = Qt.AlignmentFlag
_PLAIN_LINE_BREAKERS = ("\n", "\t", "&", "\u2028", "\u2029")


def _paint_line(label: QLabel) -> bool:
    """Paint a figure's one line of plain text where its text document would put it, with one
    text layout instead of the document's five (QLabel fills it, and sets its text option, its
    frame and its width, each a layout of its own: ~0.5 ms a figure). Same pixels (a test paints
    both). False where `line_origin` has no place for it: QLabel paints."""
    origin = line_origin(label)
    if origin is None:
        return False
    painter = QPainter(label)
    label.drawFrame(painter)
    painter.setFont(label.font())
    painter.setPen(label.palette().color(label.foregroundRole()))
    painter.drawText(origin, label.text())
    painter.end()
    return True


def line_origin(label: QLabel) -> QPointF | None:
    """The baseline origin of the label's text as QLabel's document places it (after
    `QLabelPrivate::documentRect` and `layoutRect`), for an enabled, unselected, unfocused label
    showing one line of plain text, left to right, that fits; else None."""
    text = label.text()
    if (not text or label.wordWrap() or not is_plain(label, text) or any(c in text for c in _PLAIN_LINE_BREAKERS)
            or label.hasSelectedText() or label.hasFocus() or not label.isEnabled()
            or label.layoutDirection() != Qt.LayoutDirection.LeftToRight or label.alignment() & _ALIGN.AlignJustify):
        return None
    rect = QRectF(label.contentsRect())
    margin, align = label.margin(), label.alignment()
    rect.adjust(margin, margin, -margin, -margin)
    indent = label.indent()
    if indent < 0 and label.frameWidth():    # QLabel's default indent beside a frame
        indent = label.fontMetrics().horizontalAdvance("x") // 2 - margin
    if indent > 0:
        rect.adjust(indent if align & _ALIGN.AlignLeft else 0, indent if align & _ALIGN.AlignTop else 0,
                    -indent if align & _ALIGN.AlignRight else 0, -indent if align & _ALIGN.AlignBottom else 0)
    metrics = QFontMetricsF(label.font())
    # the document is as high as its line, rounded up to whole pixels
    width, height = metrics.horizontalAdvance(text), math.ceil(metrics.height())
    if width > rect.width() or height > rect.height():
        return None   # cut or overflowing: as QLabel does it
    x = rect.x() + (rect.width() - width if align & _ALIGN.AlignRight
                    else (rect.width() - width) / 2 if align & _ALIGN.AlignHCenter else 0.0)
    # QLabel moves the painter to the document's place rounded down to whole pixels (toAlignedRect)
    y = math.floor(rect.y() + ((rect.height() - height) / 2 if align & _ALIGN.AlignVCenter
                               else rect.height() - height if align & _ALIGN.AlignBottom else 0.0))
    return QPointF(x, y + metrics.ascent())


def note_text_control(label: QLabel) -> None:
    """Note the label's text control (QLabel's private child holding its document) for
    `paint_once`; call after setting a text, never while painting. Looked up once: a Python
    wrapper for a child of a class PySide does not know costs ~0.1 ms, and is not safe to make
    while Qt paints or deletes widgets."""
    if getattr(label, "_text_control", None) is not None:
        return
    if is_plain(label, label.text()) and not label.textInteractionFlags() & _SELECTABLE \
            and label.focusPolicy() == Qt.FocusPolicy.NoFocus:
        return   # QLabel draws plain text without a document
    control = next((c for c in label.children() if c.metaObject().className() == "QWidgetTextControl"), None)
    if control is None:
        return
    label._text_control = control  # type: ignore[attr-defined]
    ref = weakref.ref(label)

    def forget(*_: Any) -> None:
        # Python is not told when C++ deletes an object it did not make (a label that needs no
        # document any more): the control says so itself
        owner = ref()
        if owner is not None:
            owner._text_control = None  # type: ignore[attr-defined]

    control.destroyed.connect(forget)


class WrapLabel(QLabel):
    """A word-wrapped label that remembers its height per width for the text it shows.

    A layout asks a wrapped label's `heightForWidth` a dozen times per pass, and QLabel lays
    the (rich) text out again for each ask: ~0.1 ms apiece, so a panel whose headline changed
    took ~2 ms to lay out instead of ~0.5.
    """

    def __init__(self, text: str = "", parent: QWidget | None = None) -> None:
        super().__init__(text, parent)
        self._heights: dict[tuple[str, int], int] = {}
        self.setWordWrap(True)

    def heightForWidth(self, width: int) -> int:  # noqa: N802 - Qt override
        key = (self.text(), width)
        height = self._heights.get(key)
        if height is None:
            if len(self._heights) > 32:
                self._heights.clear()
            height = self._heights[key] = super().heightForWidth(width)
        return height

    def changeEvent(self, event: Any) -> None:  # noqa: N802 - Qt override
        if event.type() in (QEvent.Type.FontChange, QEvent.Type.StyleChange):
            self._heights.clear()
        super().changeEvent(event)

    def paintEvent(self, event: Any) -> None:  # noqa: N802 - Qt override
        paint_once(self, event)


class HeldLabel(WrapLabel):
    """A label whose new text re-lays-out its panel only when the layout would place it anew:
    when a wrapped label needs another height at the width it has, or a one-line label another
    size. Add `holder`, not the label, to a layout; hiding or showing the label hides or shows
    its holder. Until then the layout keeps the holder's other hints (a wrapped label's minimum
    width, its longest word; the size hint a wrapped label would like), as it only reads them
    to lay out anew.
    """

    def __init__(self, text: str = "", wrap: bool = False, parent: QWidget | None = None) -> None:
        self.holder: LabelHolder | None = None
        super().__init__(text)
        self.setWordWrap(wrap)
        self.holder = LabelHolder(self, parent)

    def setText(self, text: str) -> None:  # noqa: N802 - Qt override
        if text == self.text():   # an unchanged figure: no re-measure, no repaint
            return
        if self.holder is None:
            super().setText(text)
            return
        if self.wordWrap():
            width = self.holder.width()
            before: object = self.heightForWidth(width)
            super().setText(text)
            after: object = self.heightForWidth(width)
        elif self._plain(self.text()) and self._plain(text) and "\n" not in self.text() + text:
            # a line of plain text is as wide as its glyphs' advances: ~5 µs, where asking
            # QLabel for its size hint lays the text out three times
            before = self.fontMetrics().horizontalAdvance(self.text())
            super().setText(text)
            after = self.fontMetrics().horizontalAdvance(text)
        else:
            before = self.sizeHint()
            super().setText(text)
            after = self.sizeHint()    # QLabel measures anew after a new text
        note_text_control(self)
        if after != before:
            self.holder.updateGeometry()

    def _plain(self, text: str) -> bool:
        return is_plain(self, text)

    def changeEvent(self, event: Any) -> None:  # noqa: N802 - Qt override
        super().changeEvent(event)
        if self.holder is not None and event.type() in (QEvent.Type.FontChange, QEvent.Type.StyleChange):
            self.holder.updateGeometry()


class LabelHolder(QWidget):
    """The place of a `HeldLabel` in its layout: sized by the layout, it gives the label its
    whole rect, and asks the label whatever the layout asks it."""

    def __init__(self, label: HeldLabel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._label = label
        self.setSizePolicy(label.sizePolicy())
        label.setParent(self)
        label.resize(self.size())
        label.installEventFilter(self)

    @property
    def label(self) -> HeldLabel:
        return self._label

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt override
        return self._label.sizeHint()

    def minimumSizeHint(self) -> QSize:  # noqa: N802 - Qt override
        return self._label.minimumSizeHint()

    def hasHeightForWidth(self) -> bool:  # noqa: N802 - Qt override
        return self._label.wordWrap()

    def heightForWidth(self, width: int) -> int:  # noqa: N802 - Qt override
        return self._label.heightForWidth(width)

    def resizeEvent(self, event: Any) -> None:  # noqa: N802 - Qt override
        self._label.resize(self.size())
        # the layout may have kept a height asked before the text changed (it keeps a few)
        if self._label.wordWrap() and self.height() != self._label.heightForWidth(self.width()):
            self.updateGeometry()

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt override
        if event.type() == QEvent.Type.ShowToParent:
            self.setVisible(True)
        elif event.type() == QEvent.Type.HideToParent:
            self.setVisible(False)
        return False
