"""The component palette: parts by category, searchable and filterable, dragged onto the chassis.

Every part stays listed; those that cannot go into the current chassis are greyed with the
reason as a tooltip (the same `fits_chassis` answer the drop uses).
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QRectF, QRegularExpression, QSize, QSortFilterProxyModel, Qt, Signal
from PySide6.QtGui import QColor, QPen, QStandardItem, QStandardItemModel
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QHBoxLayout,
    QLineEdit,
    QStyle,
    QStyledItemDelegate,
    QTreeView,
    QVBoxLayout,
    QWidget,
)

from .. import i18n
from ..core import categories
from ..core.placement import fits_chassis
from ..core.session import Session
from . import theme
from .mime import part_mime

PART_ROLE = Qt.ItemDataRole.UserRole + 1
FIGURES_ROLE = Qt.ItemDataRole.UserRole + 2
PRICE_ROLE = Qt.ItemDataRole.UserRole + 3
FITS_ROLE = Qt.ItemDataRole.UserRole + 4
VENDOR_ROLE = Qt.ItemDataRole.UserRole + 5
FORM_ROLE = Qt.ItemDataRole.UserRole + 6
SEARCH_ROLE = Qt.ItemDataRole.UserRole + 7
FILTER_ROLE = Qt.ItemDataRole.UserRole + 8
FOCUS_RING = QColor("#163f8c")   # darker than the accent, so it shows on a selected row too



class _PartModel(QStandardItemModel):
    """Drags carry the part id under our MIME type."""

    def mimeTypes(self) -> list[str]:
        from .mime import PART_MIME
        return [PART_MIME]

    def supportedDragActions(self) -> Qt.DropAction:
        # copy only: a Move (Shift held during the drag) would make the view delete the dragged row
        return Qt.DropAction.CopyAction

    def mimeData(self, indexes):
        for index in indexes:
            part_id = index.data(PART_ROLE)
            if part_id:
                return part_mime(part_id)
        return None


class PartFilter(QSortFilterProxyModel):
    """Search text over name/vendor/figures, plus vendor, form factor and 'fits this chassis'.

    All four filters are one regular expression over each part's `FILTER_ROLE` key (see
    `filter_key`), so Qt filters in C++: a Python `filterAcceptsRow` costs ~8 µs a row, 150 ms a
    keystroke over 20,000 parts, where one frame is 16 ms.
    """

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.text: list[str] = []
        self.vendor = ""
        self.form = ""
        self.fits_only = False
        self.setRecursiveFilteringEnabled(True)
        self.setFilterRole(FILTER_ROLE)

    def set_filters(self, text: str, vendor: str, form: str, fits_only: bool) -> None:
        words = text.lower().split()
        if (words, vendor, form, fits_only) == (self.text, self.vendor, self.form, self.fits_only):
            return  # a trailing space or an unchanged combo: nothing to re-run over every row
        self.text, self.vendor, self.form, self.fits_only = words, vendor, form, fits_only
        self.setFilterRegularExpression(filter_pattern(words, vendor, form, fits_only))

    def refilter(self, change=lambda: None) -> None:
        """Re-run the filter around `change` (Qt 6.10+ API; invalidate() on older Qt)."""
        if hasattr(self, "beginFilterChange"):
            self.beginFilterChange()
            change()
            self.endFilterChange(QSortFilterProxyModel.Direction.Rows)
        else:  # pragma: no cover - older Qt
            change()
            self.invalidate()


_SEP = "\x1f"  # unit separator: cannot occur in a part's name, vendor or form factor


def filter_key(fits: bool, vendor: str, form: str, search: str) -> str:
    """A part's `FILTER_ROLE` text: fixed fields first (anchored, cheap to test), then search text."""
    return f"{int(bool(fits))}{_SEP}{vendor}{_SEP}{form}{_SEP}{search}"


def filter_pattern(words: list[str], vendor: str, form: str, fits_only: bool) -> QRegularExpression:
    """The expression `filter_key` strings are matched with; an empty one when nothing filters.
    Category rows have no key, so they show only through a matching part (recursive filtering)."""
    if not (words or vendor or form or fits_only):
        return QRegularExpression()
    esc = QRegularExpression.escape
    fixed = ("1" if fits_only else "[01]") + _SEP
    fixed += (esc(vendor) if vendor else f"[^{_SEP}]*") + _SEP
    fixed += (esc(form) if form else f"[^{_SEP}]*") + _SEP
    return QRegularExpression("^" + fixed + "".join(f"(?=.*{esc(w)})" for w in words),
                              QRegularExpression.PatternOption.DotMatchesEverythingOption)


class PartDelegate(QStyledItemDelegate):
    """Two lines per part: name (bold) and key figures; price right-aligned; greyed if it cannot fit."""

    def sizeHint(self, option, index) -> QSize:
        if not index.data(PART_ROLE):
            return QSize(100, 26)
        return QSize(100, option.fontMetrics.height() * 2 + 10)

    def paint(self, painter, option, index) -> None:
        if not index.data(PART_ROLE):
            super().paint(painter, option, index)
            return
        style = option.widget.style() if option.widget else None
        opt = option.__class__(option)
        self.initStyleOption(opt, index)
        opt.text = ""
        if style:
            style.drawControl(QStyle.ControlElement.CE_ItemViewItem, opt, painter, option.widget)
        selected = bool(option.state & QStyle.StateFlag.State_Selected)
        fits = bool(index.data(FITS_ROLE))
        ink = option.palette.highlightedText().color() if selected else (theme.INK if fits else theme.FAINT)
        sub = option.palette.highlightedText().color() if selected else (theme.MUTED if fits else theme.FAINT)
        r = QRectF(option.rect).adjusted(4, 4, -8, -4)
        line = option.fontMetrics.height()
        price = index.data(PRICE_ROLE) or ""
        painter.save()
        f = option.font
        f.setBold(True)
        painter.setFont(f)
        pw = painter.fontMetrics().horizontalAdvance(price) + 8
        painter.setPen(ink)
        name = painter.fontMetrics().elidedText(index.data(Qt.ItemDataRole.DisplayRole) or "",
                                                Qt.TextElideMode.ElideRight, int(r.width() - pw))
        painter.drawText(QRectF(r.left(), r.top(), r.width() - pw, line), Qt.AlignmentFlag.AlignLeft, name)
        painter.drawText(QRectF(r.left(), r.top(), r.width(), line), Qt.AlignmentFlag.AlignRight, price)
        f.setBold(False)
        painter.setFont(f)
        painter.setPen(sub)
        figures = index.data(FIGURES_ROLE) or ""
        if not fits:
            figures = "✗ " + figures
        painter.drawText(QRectF(r.left(), r.top() + line + 2, r.width(), line), Qt.AlignmentFlag.AlignLeft,
                         painter.fontMetrics().elidedText(figures, Qt.TextElideMode.ElideRight, int(r.width())))
        if option.state & QStyle.StateFlag.State_HasFocus:
            # the keyboard's row: a ring that reads on a selected (accent) row and on a plain one;
            # the selection alone looks the same whether the palette has the keyboard or not
            painter.setPen(QPen(FOCUS_RING, 2))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRect(QRectF(option.rect).adjusted(1, 1, -1, -1))
        painter.restore()


class _PartTree(QTreeView):
    """Enter on a part asks for it to be placed in the first free slot that takes it."""

    place_requested = Signal(str)

    def focusInEvent(self, event) -> None:  # noqa: N802 - Qt override
        super().focusInEvent(event)
        if not self.currentIndex().isValid() and self.model() is not None:
            # tabbing in lands on the first part, so the focus ring shows where the keyboard is
            first = self.model().index(0, 0)
            if self.model().rowCount(first):
                self.setCurrentIndex(self.model().index(0, 0, first))

    def keyPressEvent(self, event) -> None:
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            part = self.currentIndex().data(PART_ROLE)
            if part:
                self.place_requested.emit(part)
                event.accept()
                return
        super().keyPressEvent(event)


class Palette(QWidget):
    """Left dock. Signals: `place_requested(part_id)` (Enter / double-click), `message(str)`."""

    place_requested = Signal(str)
    message = Signal(str)

    def __init__(self, session: Session, parent=None) -> None:
        super().__init__(parent)
        self.session = session
        self._chassis_id: str | None = None
        self.search = QLineEdit(placeholderText=self.tr("Search parts…  (name, vendor, 80 GB, 400G …)"))
        self.search.setClearButtonEnabled(True)
        self.vendor = QComboBox()
        self.form = QComboBox()
        for combo in (self.vendor, self.form):
            # sized to their longest entry, the two combos kept the dock at least 355 px wide
            combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
            combo.setMinimumContentsLength(8)
        self.fits = QCheckBox(self.tr("Fits this chassis"))
        self.model = _PartModel(self)
        self.proxy = PartFilter(self)
        self.proxy.setSourceModel(self.model)
        self.tree = _PartTree()
        self.tree.setModel(self.proxy)
        self.tree.setHeaderHidden(True)
        self.tree.setItemDelegate(PartDelegate(self.tree))
        self.tree.setDragEnabled(True)
        self.tree.setDragDropMode(QAbstractItemView.DragDropMode.DragOnly)
        self.tree.setDefaultDropAction(Qt.DropAction.CopyAction)
        self.tree.setUniformRowHeights(False)
        self.tree.setIndentation(12)
        self.tree.setAlternatingRowColors(False)
        self.tree.place_requested.connect(self.place_requested)
        self.tree.doubleClicked.connect(self._on_double_click)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(6, 6, 6, 6)
        lay.addWidget(self.search)
        row = QHBoxLayout()
        row.addWidget(self.vendor, 1)
        row.addWidget(self.form, 1)
        lay.addLayout(row)
        lay.addWidget(self.fits)
        lay.addWidget(self.tree, 1)
        self._populate()
        self.search.textChanged.connect(self._apply_filters)
        self.vendor.currentIndexChanged.connect(self._apply_filters)
        self.form.currentIndexChanged.connect(self._apply_filters)
        self.fits.toggled.connect(self._apply_filters)
        session.changed.connect(self._on_session_change)

    def _populate(self) -> None:
        catalog = self.session.catalog
        vendors, forms = set(), set()
        for info in categories.REGISTRY:
            if not info.slot_kinds:      # the chassis, rack-level parts (switches): nothing to drop
                continue
            cat = info.key
            parts = sorted(catalog.by_category(cat), key=lambda p: (p.vendor, p.name))
            if not parts:
                continue
            title = theme.category_title(cat)
            head = QStandardItem(title + f"  ({len(parts)})")
            head.setFlags(Qt.ItemFlag.ItemIsEnabled)
            f = head.font()
            f.setBold(True)
            head.setFont(f)
            for part in parts:
                item = QStandardItem(part.name)
                item.setFlags(Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable | Qt.ItemFlag.ItemIsDragEnabled)
                figures = theme.key_figures(part)
                price = catalog.price(part.id)
                item.setData(part.id, PART_ROLE)
                item.setData(figures, FIGURES_ROLE)
                item.setData(theme.money(price.price, price.currency) if price else "", PRICE_ROLE)
                item.setData(part.vendor, VENDOR_ROLE)
                form = theme.form_factor(part)
                item.setData(form, FORM_ROLE)
                item.setData(" ".join((part.name, part.vendor, part.id, part.part_number, figures, form,
                                       title)).lower(), SEARCH_ROLE)
                vendors.add(part.vendor)
                if form:
                    forms.add(form)
                head.appendRow(item)
            self.model.appendRow(head)
        self.vendor.addItem(self.tr("All vendors"), "")
        for v in sorted(vendors):
            self.vendor.addItem(v, v)
        self.form.addItem(self.tr("All form factors"), "")
        for f in sorted(forms):
            self.form.addItem(f, f)
        self._update_fits()
        self.tree.expandAll()

    def _update_fits(self) -> None:
        """Grey parts that cannot go into the current chassis; the reason becomes the tooltip."""
        catalog = self.session.catalog
        chassis = catalog.chassis(self.session.build.chassis)
        self._chassis_id = self.session.build.chassis
        for r in range(self.model.rowCount()):
            head = self.model.item(r)
            for c in range(head.rowCount()):
                item = head.child(c)
                part = catalog.get(item.data(PART_ROLE))
                ok, why = fits_chassis(catalog, chassis, part) if chassis and part else (False, "")
                item.setData(ok, FITS_ROLE)
                item.setData(filter_key(ok, part.vendor, item.data(FORM_ROLE) or "", item.data(SEARCH_ROLE) or ""),
                             FILTER_ROLE)
                tip = f"<b>{part.name}</b><br>{item.data(FIGURES_ROLE)}"
                if part.part_number:
                    tip += f"<br>{part.part_number}"
                tip += "<br><small>" + _provenance(part, catalog) + "</small>"
                if not ok:
                    tip += "<br><span style='color:#d64545'>✗ " + (i18n.translate(why) or self.tr("does not fit")) + "</span>"
                item.setToolTip(tip)

    def _on_session_change(self, changes) -> None:
        if self.session.build.chassis != self._chassis_id:
            self.proxy.refilter(self._update_fits)

    def _apply_filters(self, *_):
        self.proxy.set_filters(self.search.text(), self.vendor.currentData() or "", self.form.currentData() or "",
                               self.fits.isChecked())
        self._expand_categories()

    def _expand_categories(self) -> None:
        """Open every category row the filter shows. Not `expandAll()`: that visits every part row
        (35 ms over 20,000 parts) to find children that parts never have."""
        for r in range(self.proxy.rowCount()):
            self.tree.expand(self.proxy.index(r, 0))

    def _on_double_click(self, index) -> None:
        part = index.data(PART_ROLE)
        if part:
            self.place_requested.emit(part)

    def current_part(self) -> str | None:
        """The selected part id, or None."""
        return self.tree.currentIndex().data(PART_ROLE) or None

    def select_part(self, part_id: str) -> bool:
        """Make `part_id` the current row (tests, and 'replace with')."""
        for r in range(self.proxy.rowCount()):
            head = self.proxy.index(r, 0)
            for c in range(self.proxy.rowCount(head)):
                idx = self.proxy.index(c, 0, head)
                if idx.data(PART_ROLE) == part_id:
                    self.tree.setCurrentIndex(idx)
                    return True
        return False


def _provenance(part, catalog) -> str:
    """Where the part's figures and price come from (file, sources, confidence)."""
    from html import escape

    lines = [QCoreApplication.translate("Palette", "From {file}").format(file=escape(part.origin or "?"))]
    for src in part.sources[:3]:
        scope = ", ".join(src.fields) if src.fields else QCoreApplication.translate("Palette", "all figures")
        lines.append(f"{escape(src.confidence)} · {escape(src.date)} · {escape(src.url[:80])} ({escape(scope[:60])})")
    if len(part.sources) > 3:
        lines.append(QCoreApplication.translate("Palette", "+{n} more sources").format(n=len(part.sources) - 3))
    price = catalog.price(part.id)
    if price is not None:
        lines.append(QCoreApplication.translate("Palette", "Price: {src} ({date}, {file})").format(
            src=escape(price.source[:80]), date=escape(price.date), file=escape(price.origin)))
    return "<br>".join(lines)

