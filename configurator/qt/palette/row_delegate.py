"""How a palette row looks: a part's name, price and key figures on two lines (greyed, with a
✗, when it cannot go into the chassis), a category header with its fold arrow and count."""

from __future__ import annotations

from collections import OrderedDict

from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QFontMetrics, QPainter, QPen, QStaticText, QTransform
from PySide6.QtWidgets import QStyle, QStyledItemDelegate, QWidget

from .. import theme
from .roles import ROW_ROLE

FOCUS_RING = QColor("#163f8c")   # darker than the accent, so it shows on a selected row too
PART_INDENT = 12                 # parts sit right of their category's header, as in a tree
_SELECTED, _HOVERED, _FOCUSED = (f.value for f in (QStyle.StateFlag.State_Selected, QStyle.StateFlag.State_MouseOver,
                                                  QStyle.StateFlag.State_HasFocus))


def row_height(view: QWidget) -> int:
    """Every row's height: a part's two lines (name and figures) and their margins."""
    return view.fontMetrics().height() * 2 + 10


class PartDelegate(QStyledItemDelegate):
    """Two lines per part: name (bold) and key figures; price right-aligned; greyed if it cannot fit.
    A category header: a fold arrow and its bold title with the count.

    Texts are drawn as `QStaticText`s kept by (text, width, weight): laying a string out costs
    more than drawing it, and a keystroke repaints every row on screen."""

    _KEPT_TEXTS = 2048

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self._texts: OrderedDict[tuple[str, int, bool], QStaticText] = OrderedDict()
        self._font: QFont | None = None
        self._fonts = (QFont(), QFont())          # plain and bold, made from the view's font

    def sizeHint(self, option, index) -> QSize:  # noqa: N802 - Qt override
        return QSize(100, option.fontMetrics.height() * 2 + 10)

    def _use_font(self, font: QFont) -> None:
        """Keep plain and bold copies of the view's font; laid-out texts in another font are stale."""
        if self._font is None or font != self._font:
            self._font = QFont(font)
            bold = QFont(font)
            bold.setBold(True)
            self._fonts = (QFont(font), bold)
            self._texts.clear()

    def _text(self, painter: QPainter, text: str, width: int, bold: bool) -> QStaticText:
        """`text` elided to `width` px in the plain or bold font, laid out once."""
        key = (text, width, bold)
        found = self._texts.get(key)
        if found is None:
            font = self._fonts[bold]
            shown = QFontMetrics(font).elidedText(text, Qt.TextElideMode.ElideRight, width)
            found = self._texts[key] = QStaticText(shown)
            found.setTextFormat(Qt.TextFormat.PlainText)
            found.prepare(QTransform(), font)
            if len(self._texts) > self._KEPT_TEXTS:
                self._texts.popitem(last=False)
        return found

    def paint(self, painter, option, index) -> None:
        row = index.data(ROW_ROLE)
        if row is None:
            return
        self._use_font(option.font)
        rect, state = option.rect, option.state.value
        painter.save()
        if len(row) == 5:
            self._paint_part(painter, option, rect, state, row)
        else:
            self._paint_header(painter, rect, row)
        if state & _FOCUSED:
            # the keyboard's row: a ring that reads on a selected (accent) row and on a plain one;
            # the selection alone looks the same whether the palette has the keyboard or not
            painter.setPen(QPen(FOCUS_RING, 2))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRect(QRectF(rect).adjusted(1, 1, -1, -1))
        painter.restore()

    def _paint_header(self, painter, rect, row) -> None:
        text, folded = row
        painter.fillRect(rect, theme.BOARD)
        painter.setPen(theme.LINE)
        painter.drawLine(rect.bottomLeft(), rect.bottomRight())
        painter.setFont(self._fonts[True])
        painter.setPen(theme.INK)
        shown = self._text(painter, f"{'▸' if folded else '▾'}  {text}", rect.width() - 8, True)
        painter.drawStaticText(QPointF(rect.left() + 4, rect.top() + (rect.height() - shown.size().height()) / 2), shown)

    def _paint_part(self, painter, option, rect, state: int, row) -> None:
        _, name, figures, price, fits = row
        selected = bool(state & _SELECTED)
        if state & (_SELECTED | _HOVERED):
            # the view's option has no text: the style draws the row's selection and hover only
            style = option.widget.style() if option.widget else None
            if style:
                style.drawControl(QStyle.ControlElement.CE_ItemViewItem, option, painter, option.widget)
        if selected:
            ink = sub = option.palette.highlightedText().color()
        else:
            ink, sub = (theme.INK, theme.MUTED) if fits else (theme.FAINT, theme.FAINT)
        left, top = rect.left() + 4 + PART_INDENT, rect.top() + 4
        width = rect.width() - 12 - PART_INDENT
        painter.setFont(self._fonts[True])
        painter.setPen(ink)
        cost = self._text(painter, price, width, True) if price else None
        pw = int(cost.size().width()) + 8 if cost is not None else 8
        painter.drawStaticText(QPointF(left, top), self._text(painter, name, width - pw, True))
        if cost is not None:
            painter.drawStaticText(QPointF(left + width - cost.size().width(), top), cost)
        painter.setFont(self._fonts[False])
        painter.setPen(sub)
        line = QFontMetrics(self._fonts[False]).height()
        painter.drawStaticText(QPointF(left, top + line + 2), self._text(painter, figures if fits else "✗ " + figures,
                                                                          width, False))
