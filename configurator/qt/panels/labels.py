"""Labels for figures that change on every edit, laid out cheaply.

QLabel.setText asks its parent's layout to run again on every change, the layout then asks the
label's size hints again (a wrapped rich text is laid out at several widths: ~1 ms per label in
the Power panel), and the parent's layout asks its own parent, up to the scroll area. A
`HeldLabel` sits in a `LabelHolder`, the widget its layout holds: a widget without a layout,
where the label's request stops. The holder answers the layout from the label, and asks for a
new layout itself only when what the layout reads from the label changed.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QEvent, QSize
from PySide6.QtWidgets import QLabel, QWidget

from .label_paint import document_height, forget_line, is_plain, note_text_control, paint_once, shows_document


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
            # QLabel's answer, from a document of the label's own when it shows one (one layout
            # for a new text, where QLabel lays its document out seven times: see label_paint)
            height = self._heights[key] = (document_height(self, width) if shows_document(self)
                                           else super().heightForWidth(width))
        return height

    def changeEvent(self, event: Any) -> None:  # noqa: N802 - Qt override
        if event.type() in (QEvent.Type.FontChange, QEvent.Type.StyleChange):
            self._heights.clear()
        forget_line(self)
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
        self._holder: LabelHolder | None = None     # None while QLabel's constructor sets the text
        super().__init__(text)
        self.setWordWrap(wrap)
        self._holder = LabelHolder(self, parent)

    @property
    def holder(self) -> LabelHolder:
        """The widget a layout holds in this label's place."""
        assert self._holder is not None, "made in __init__"
        return self._holder

    def setText(self, text: str) -> None:  # noqa: N802 - Qt override
        old = self.text()
        if text == old:   # an unchanged figure: no re-measure, no repaint
            return
        holder = self._holder
        if holder is None:
            super().setText(text)
            return
        if self.wordWrap():
            width = holder.width()
            before: object = self.heightForWidth(width)
            super().setText(text)
            after: object = self.heightForWidth(width)
        elif "\n" not in old and "\n" not in text and is_plain(self, old) and is_plain(self, text):
            # a line of plain text is as wide as its glyphs' advances: ~5 µs, where asking
            # QLabel for its size hint lays the text out three times
            metrics = self.fontMetrics()
            before = metrics.horizontalAdvance(old)
            super().setText(text)
            after = metrics.horizontalAdvance(text)
        else:
            before = self.sizeHint()
            super().setText(text)
            after = self.sizeHint()    # QLabel measures anew after a new text
        note_text_control(self)
        if after != before:
            holder.updateGeometry()

    def changeEvent(self, event: Any) -> None:  # noqa: N802 - Qt override
        super().changeEvent(event)
        if self._holder is not None and event.type() in (QEvent.Type.FontChange, QEvent.Type.StyleChange):
            self._holder.updateGeometry()

    def setVisible(self, visible: bool) -> None:  # noqa: N802 - Qt override
        """Show or hide the holder with the label (`show`, `hide` and `setHidden` come here): an
        event filter on the label did it, and cost a Python call for each of its paints."""
        was_hidden = self.isHidden()
        super().setVisible(visible)
        if self._holder is not None and was_hidden != self.isHidden():
            self._holder.setVisible(visible)


class LabelHolder(QWidget):
    """The place of a `HeldLabel` in its layout: sized by the layout, it gives the label its
    whole rect, and asks the label whatever the layout asks it."""

    def __init__(self, label: HeldLabel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._label = label
        self.setSizePolicy(label.sizePolicy())
        label.setParent(self)
        label.resize(self.size())

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
