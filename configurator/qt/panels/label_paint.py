"""How a figure label paints its new text with as few text layouts as the pixels need.

QLabel shows rich or selectable text, or text that takes the keyboard focus (a figure that
explains itself on Enter), through a text document. When the text changes, it fills the
document and sets its text option, its frame and its width, each a layout of the whole text
(shaping included: ~0.5 ms for a line, more for a wrapped paragraph), and asking its
`heightForWidth` lays it out twice more. Laid out while painting, the document also asks for a
second paint. Here a label (`labels.WrapLabel`, `labels.HeldLabel`, `widgets.SteadyLabel`)
paints a line of plain text with one layout, and wrapped text from a document of its own that
is filled once per text, in the same place and colours as QLabel's (tests compare the pixels);
a selected or focused label, and any other, paints as QLabel does, its second paint dropped.
"""

from __future__ import annotations

import math
import weakref
from typing import Any

from PySide6 import QtGui
from PySide6.QtCore import QPointF, QRect, QRectF, Qt
from PySide6.QtGui import QAbstractTextDocumentLayout, QFontMetricsF, QPainter, QPalette, QTextDocument, QTextOption
from PySide6.QtWidgets import QLabel

_ALIGN = Qt.AlignmentFlag
_SELECTABLE = (Qt.TextInteractionFlag.TextSelectableByMouse | Qt.TextInteractionFlag.TextSelectableByKeyboard
               | Qt.TextInteractionFlag.TextEditable)
# the flags as ints: `&` on two Qt flags builds a Python enum member (~2 µs), on ints it is free
_JUSTIFY, _VCENTER, _BOTTOM = (int(f.value) for f in (_ALIGN.AlignJustify, _ALIGN.AlignVCenter, _ALIGN.AlignBottom))
_PLAIN_LINE_BREAKERS = ("\n", "\t", "&", "\u2028", "\u2029")


def is_plain(label: QLabel, text: str) -> bool:
    """Whether `label` shows `text` as plain text."""
    fmt = label.textFormat()
    return fmt == Qt.TextFormat.PlainText or (fmt == Qt.TextFormat.AutoText and not QtGui.Qt.mightBeRichText(text))


def paint_once(label: QLabel, event: Any) -> None:
    """Paint `label`: a line of plain text or a wrapped text in as few layouts as QLabel's
    pixels need (see the module), else as QLabel does, without the second paint its document
    asks for while painting (that request is for what is being painted: dropped). Only for a
    label whose text control `note_text_control` noted (one without paints as QLabel does)."""
    control = getattr(label, "_text_control", None)
    if control is not None and _plain_sight(label):
        if _paint_line(label) or (label.wordWrap() and _paint_document(label)):
            return
    blocked = control is not None and control.blockSignals(True)
    try:
        QLabel.paintEvent(label, event)
    finally:
        if control is not None:
            control.blockSignals(blocked)


def note_text_control(label: QLabel) -> None:
    """Note the label's text control (QLabel's private child holding its document) for
    `paint_once`; call after setting a text, never while painting. Looked up once: a Python
    wrapper for a child of a class PySide does not know costs ~0.1 ms, and is not safe to make
    while Qt paints or deletes widgets."""
    if getattr(label, "_text_control", None) is not None or not shows_document(label):
        return
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


def shows_document(label: QLabel) -> bool:
    """Whether QLabel shows the label's text through a document (else it draws plain text)."""
    return not is_plain(label, label.text()) or bool(label.textInteractionFlags() & _SELECTABLE) \
        or label.focusPolicy() != Qt.FocusPolicy.NoFocus


def _plain_sight(label: QLabel) -> bool:
    """A label showing its text alone: no selection, no keyboard focus (a cursor, a selected
    link), enabled, left to right, not Markdown."""
    return bool(label.text()) and not label.hasSelectedText() and not label.hasFocus() and label.isEnabled() \
        and label.layoutDirection() == Qt.LayoutDirection.LeftToRight \
        and label.textFormat() != Qt.TextFormat.MarkdownText and not label.alignment().value & _JUSTIFY


def document_rect(label: QLabel) -> QRect:
    """Where QLabel lays its text out: the contents less margin and indent
    (`QLabelPrivate::documentRect`)."""
    rect = label.contentsRect()
    margin, align = label.margin(), label.alignment()
    rect.adjust(margin, margin, -margin, -margin)
    indent = label.indent()
    if indent < 0 and label.frameWidth():    # QLabel's default indent beside a frame
        indent = label.fontMetrics().horizontalAdvance("x") // 2 - margin
    if indent > 0:
        rect.adjust(indent if align & _ALIGN.AlignLeft else 0, indent if align & _ALIGN.AlignTop else 0,
                    -indent if align & _ALIGN.AlignRight else 0, -indent if align & _ALIGN.AlignBottom else 0)
    return rect


def _top(label: QLabel, rect: QRectF, height: float) -> int:
    """The top of a text `height` high in `rect` by the label's vertical alignment, rounded down
    to whole pixels as QLabel places its document (`layoutRect().toAlignedRect()`)."""
    align = label.alignment().value
    offset = max((rect.height() - height) / 2, 0.0) if align & _VCENTER \
        else max(rect.height() - height, 0.0) if align & _BOTTOM else 0.0
    return math.floor(rect.y() + offset)


def line_origin(label: QLabel) -> QPointF | None:
    """The baseline origin of the label's one line of plain text, where its document would put
    it, if it has one such line and it fits; else None."""
    text = label.text()
    if label.wordWrap() or not is_plain(label, text) or any(c in text for c in _PLAIN_LINE_BREAKERS):
        return None
    rect = QRectF(document_rect(label))
    metrics = QFontMetricsF(label.font())
    # the document is as high as its line, rounded up to whole pixels
    width, height = metrics.horizontalAdvance(text), math.ceil(metrics.height())
    if width > rect.width() or height > rect.height():
        return None   # cut or overflowing: as QLabel does it
    align = label.alignment()
    x = rect.x() + (rect.width() - width if align & _ALIGN.AlignRight
                    else (rect.width() - width) / 2 if align & _ALIGN.AlignHCenter else 0.0)
    return QPointF(x, _top(label, rect, height) + metrics.ascent())


def held_line_origin(label: QLabel) -> QPointF | None:
    """`line_origin`, remembered for the label's text, text rect and text settings: a figure
    label repaints with the text it last laid out or the one before (~16 µs to work out, for
    some 15 labels an edit; ~4 µs to look up). The font, the one input not in the key, changes
    with a change event: the label's `changeEvent` calls `forget_line`."""
    if label.wordWrap():
        return None   # a wrapped label is painted from its document (as `line_origin` says)
    key = (label.text(), document_rect(label).getRect(), label.alignment(), label.textFormat())
    held: dict[tuple, QPointF | None] | None = getattr(label, "_line_at", None)
    if held is None:
        held = label._line_at = {}  # type: ignore[attr-defined]
    if key in held:
        return held[key]
    if len(held) > 8:
        held.clear()
    origin = held[key] = line_origin(label)
    return origin


def forget_line(label: QLabel) -> None:
    """Drop what `held_line_origin` remembers (call from the label's `changeEvent`)."""
    label._line_at = None  # type: ignore[attr-defined]


def _paint_line(label: QLabel) -> bool:
    origin = held_line_origin(label)
    if origin is None:
        return False
    painter = QPainter(label)
    label.drawFrame(painter)
    painter.setFont(label.font())
    painter.setPen(label.palette().color(label.foregroundRole()))
    painter.drawText(origin, label.text())
    painter.end()
    return True


#: documents a label keeps, one per text: a figure that goes back to its previous text (undo,
#: redo, a part put in and taken out again) is painted from a document laid out already
DOCUMENTS_KEPT = 2


def label_document(label: QLabel, width: int) -> QTextDocument:
    """The label's own copy of the document QLabel would lay its text out in, `width` wide
    (-1: unwrapped), filled and set only where the text, font, alignment or width changed.
    The label keeps one per text for its last `DOCUMENTS_KEPT` texts."""
    text = label.text()
    plain = is_plain(label, text)
    kept: dict[tuple[str, bool], tuple[QTextDocument, dict[str, Any]]] | None = getattr(label, "_documents", None)
    if kept is None:
        kept = label._documents = {}  # type: ignore[attr-defined]
    entry = kept.pop((text, plain), None)
    if entry is None:
        if len(kept) >= DOCUMENTS_KEPT:
            entry = kept.pop(next(iter(kept)))   # the least recently shown text's, filled anew
        else:
            doc = QTextDocument(label)
            doc.setUndoRedoEnabled(False)
            doc.setDocumentMargin(0)   # QLabel sets its frame's margin to 0; this one survives a new text
            entry = (doc, {})
    kept[(text, plain)] = entry   # the most recent last
    doc, shown = entry
    font, align, wrap = label.font(), label.alignment(), label.wordWrap()
    if shown.get("font") != font:   # QFont's == (its key() is a string made anew on each call)
        doc.setDefaultFont(font)
        shown["font"] = font
    if shown.get("option") != (align, wrap):
        option = doc.defaultTextOption()
        option.setAlignment(align)
        option.setWrapMode(QTextOption.WrapMode.WordWrap if wrap else QTextOption.WrapMode.ManualWrap)
        doc.setDefaultTextOption(option)
        shown["option"] = (align, wrap)
    if shown.get("width") != width:
        doc.setTextWidth(width)
        shown["width"] = width
    if shown.get("text") != (text, plain):
        if plain:
            doc.setPlainText(text)
        else:
            doc.setHtml(text)
        shown["text"] = (text, plain)
    return doc


def document_height(label: QLabel, width: int) -> int:
    """QLabel's `heightForWidth(width)` for a label shown through a document
    (`QLabelPrivate::sizeForWidth`), from the label's own document: one layout for a new text."""
    if label.minimumWidth() > 0:
        width = max(width, label.minimumWidth())
    margins, margin, align = label.contentsMargins(), label.margin(), label.alignment()
    hextra = vextra = 2 * margin
    indent = label.indent()
    if indent < 0 and label.frameWidth():
        indent = label.fontMetrics().horizontalAdvance("x") - 2 * margin
    if indent > 0:
        hextra += indent if align & (_ALIGN.AlignLeft | _ALIGN.AlignRight) else 0
        vextra += indent if align & (_ALIGN.AlignTop | _ALIGN.AlignBottom) else 0
    text_width = max(width - hextra - margins.left() - margins.right(), 0) if label.wordWrap() else -1
    height = math.ceil(label_document(label, text_width).size().height())
    return max(height + vextra + margins.top() + margins.bottom(), label.minimumHeight())


def _paint_context(label: QLabel) -> QAbstractTextDocumentLayout.PaintContext:
    """The document's paint context: the label's palette, its text in the label's foreground
    colour (as QLabel paints it), made again only when the palette or the role changes."""
    palette, role = label.palette(), label.foregroundRole()
    key = (palette.cacheKey(), role)
    held = getattr(label, "_context", None)
    if held is not None and held[0] == key:
        return held[1]
    palette = QPalette(palette)
    if role != QPalette.ColorRole.Text:
        palette.setColor(QPalette.ColorRole.Text, palette.color(role))
    context = QAbstractTextDocumentLayout.PaintContext()
    context.palette = palette
    label._context = (key, context)  # type: ignore[attr-defined]
    return context


def _paint_document(label: QLabel) -> bool:
    rect = document_rect(label)
    doc = label_document(label, rect.width())
    top = _top(label, QRectF(rect), doc.documentLayout().documentSize().height())
    place = QRectF(rect.x(), top, rect.width(), rect.height()).toAlignedRect()
    context = _paint_context(label)
    painter = QPainter(label)
    label.drawFrame(painter)
    painter.translate(place.topLeft())
    painter.setClipRect(QRect(0, 0, place.width(), place.height()))
    doc.documentLayout().draw(painter, context)
    painter.end()
    return True


