"""The component palette: parts by category, searchable and filterable, dragged onto the chassis.

Every part stays listed; those that cannot go into the current chassis are greyed with the
reason as a tooltip (the same `fits_chassis` answer the drop uses).
"""

from __future__ import annotations

import re

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
TITLE_ROLE = Qt.ItemDataRole.UserRole + 9
PART_CATEGORY_ROLE = Qt.ItemDataRole.UserRole + 10
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

    All four filters are one regular expression over each row's `FILTER_ROLE` key (see
    `filter_key`), so Qt filters in C++: a Python `filterAcceptsRow` costs ~8 µs a row, 150 ms a
    keystroke over 20,000 parts, where one frame is 16 ms. Filtering is not recursive: a
    category row has a key of its own (`category_key`) that the expression accepts while the
    category holds a match (found here from `set_index`, stopping at the first match), so Qt
    filters a category's parts only when its row is open, and visits each part once.
    """

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.text: list[str] = []
        self.vendor = ""
        self.form = ""
        self.fits_only = False
        self._index: dict[str, tuple[list[tuple[bool, str, str, str]], str]] = {}
        self._shown: list[str] | None = None   # categories with a match for the current filters
        self.setRecursiveFilteringEnabled(False)
        self.setFilterRole(FILTER_ROLE)

    def set_index(self, index: dict[str, list[tuple[bool, str, str, str]]]) -> None:
        """Each category's parts as (fits, vendor, form, search text); read when the filters change."""
        self._index = {cat: (rows, "\n".join(r[3].replace("\n", " ") for r in rows)) for cat, rows in index.items()}
        self._shown = None

    def set_filters(self, text: str, vendor: str, form: str, fits_only: bool) -> None:
        words = [w for w in plain(text.lower()).split() if w]
        before = (self.text, self.vendor, self.form, self.fits_only)
        if (words, vendor, form, fits_only) == before:
            return  # a trailing space or an unchanged combo: nothing to re-run over every row
        # typing on: a category without a match for the shorter text has none for the longer one
        narrower = (vendor, form, fits_only) == before[1:] and self.text and text.lower().startswith(" ".join(self.text))
        self.text, self.vendor, self.form, self.fits_only = words, vendor, form, fits_only
        self._apply(narrower=bool(narrower))

    def _apply(self, narrower: bool = False) -> None:
        parts = filter_pattern(self.text, self.vendor, self.form, self.fits_only)
        if not parts.pattern():
            self._shown = None
        else:
            candidates = self._shown if narrower and self._shown is not None else list(self._index)
            self._shown = [cat for cat in candidates if cat in self._index and
                           _has_match(*self._index[cat], self.text, self.vendor, self.form, self.fits_only)]
            heads = "".join(f"|^{category_key(cat)}$" for cat in self._shown)   # control characters only
            parts = QRegularExpression(parts.pattern() + heads, parts.patternOptions())
        self.setFilterRegularExpression(parts)

    def refilter(self, change=lambda: None) -> None:
        """Re-run the filter around `change` (Qt 6.10+ API; invalidate() on older Qt)."""
        if hasattr(self, "beginFilterChange"):
            self.beginFilterChange()
            change()
            if self.filterRegularExpression().pattern():
                self._apply()     # 'fits this chassis' changed: which categories have a match too
            self.endFilterChange(QSortFilterProxyModel.Direction.Rows)
        else:  # pragma: no cover - older Qt
            change()
            self._apply()
            self.invalidate()


_SEP = "\x1f"     # unit separator between a key's fields
_HEAD = "\x1e"    # record separator: starts a category row's key
_FITS, _NO_FIT = "\x03", "\x02"
_CONTROL = re.compile(r"[\x00-\x1f\x7f]")


def plain(text: str) -> str:
    """`text` with control characters made spaces: search texts and typed words never hold the
    characters keys are built from, so a typed word can match only a part's search text."""
    return _CONTROL.sub(" ", text)


def filter_key(fits: bool, vendor: str, form: str, search: str) -> str:
    """A part's `FILTER_ROLE` text: its search text, then 'fits', vendor and form factor, each
    between separators, so that one typed word is a plain (fast) substring search."""
    return f"{plain(search)}{_SEP}{_FITS if fits else _NO_FIT}{_SEP}{plain(vendor)}{_SEP}{plain(form)}{_SEP}"


def category_key(category: str) -> str:
    """A category row's `FILTER_ROLE` text, made of control characters only (no typed word can
    match it): accepted while the category holds a match."""
    return _HEAD + "".join(chr(1 + (b >> 4)) + chr(1 + (b & 15)) for b in category.encode())


def _has_match(rows: list[tuple[bool, str, str, str]], searches: str, words: list[str], vendor: str, form: str,
               fits_only: bool) -> bool:
    """Whether any (fits, vendor, form, search text) passes the filters `filter_pattern` states;
    `searches` is every row's search text, one a line, to rule a category out in one C-level scan."""
    if not all(w in searches for w in words):
        return False
    if len(words) <= 1 and not (vendor or form or fits_only):
        return True
    for fits, v, f, search in rows:
        if (fits_only and not fits) or (vendor and v != vendor) or (form and f != form):
            continue
        if all(w in search for w in words):
            return True
    return False


def filter_pattern(words: list[str], vendor: str, form: str, fits_only: bool) -> QRegularExpression:
    """The expression `filter_key` strings are matched with (every word in the search text, and
    'fits', vendor and form factor as chosen); an empty one when nothing filters. `PartFilter`
    adds the category rows that hold a match."""
    esc = QRegularExpression.escape
    needs = [esc(w) for w in words]
    if fits_only:
        needs.append(_SEP + _FITS + _SEP)
    if vendor:
        needs.append(f"{_SEP}[{_FITS}{_NO_FIT}]{_SEP}{esc(plain(vendor))}{_SEP}")
    if form:
        needs.append(f"{_SEP}{esc(plain(form))}{_SEP}$")
    if not needs:
        return QRegularExpression()
    pattern = needs[0] if len(needs) == 1 else "^" + "".join(f"(?=.*{n})" for n in needs)
    return QRegularExpression(pattern, QRegularExpression.PatternOption.DotMatchesEverythingOption)


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
            head.setData(title, TITLE_ROLE)
            head.setFlags(Qt.ItemFlag.ItemIsEnabled)
            head.setData(cat, PART_CATEGORY_ROLE)
            head.setData(category_key(cat), FILTER_ROLE)
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
                item.setData(plain(" ".join((part.name, part.vendor, part.id, part.part_number, figures, form,
                                             title)).lower()), SEARCH_ROLE)
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
        index: dict[str, list[tuple[bool, str, str, str]]] = {}
        for r in range(self.model.rowCount()):
            head = self.model.item(r)
            rows = index[head.data(PART_CATEGORY_ROLE)] = []
            for c in range(head.rowCount()):
                item = head.child(c)
                part = catalog.get(item.data(PART_ROLE))
                ok, why = fits_chassis(catalog, chassis, part) if chassis and part else (False, "")
                form, search = item.data(FORM_ROLE) or "", item.data(SEARCH_ROLE) or ""
                rows.append((ok, part.vendor, form, search))
                item.setData(ok, FITS_ROLE)
                item.setData(filter_key(ok, part.vendor, form, search), FILTER_ROLE)
                tip = f"<b>{part.name}</b><br>{item.data(FIGURES_ROLE)}"
                if part.part_number:
                    tip += f"<br>{part.part_number}"
                tip += "<br><small>" + _provenance(part, catalog) + "</small>"
                if not ok:
                    tip += "<br><span style='color:#d64545'>✗ " + (i18n.translate(why) or self.tr("does not fit")) + "</span>"
                item.setToolTip(tip)
        self.proxy.set_index(index)

    def _on_session_change(self, changes) -> None:
        if self.session.build.chassis != self._chassis_id:
            self.proxy.refilter(self._update_fits)
            self._count_categories()

    def _apply_filters(self, *_):
        self.proxy.set_filters(self.search.text(), self.vendor.currentData() or "", self.form.currentData() or "",
                               self.fits.isChecked())
        self._expand_categories()
        self._count_categories()

    def _count_categories(self) -> None:
        """Each category row says how many parts the filter shows: "Network (3 of 9)", not "(9)"."""
        filtering = self.proxy.filterRegularExpression().pattern() != ""
        for r in range(self.proxy.rowCount()):
            index = self.proxy.index(r, 0)
            head = self.model.itemFromIndex(self.proxy.mapToSource(index))
            shown, total = self.proxy.rowCount(index), head.rowCount()
            text = (self.tr("%1  (%2 of %3)").replace("%1", head.data(TITLE_ROLE)).replace("%2", str(shown))
                    .replace("%3", str(total)) if filtering and shown != total
                    else f"{head.data(TITLE_ROLE)}  ({total})")
            if head.text() != text:
                head.setText(text)

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
    """One clean source line with a link (the source that backs all figures, else the first), how
    many more there are, and the price's kind and date; the catalog's working notes stay in the files."""
    from html import escape
    from urllib.parse import urlparse

    lines = []
    main = next((s for s in part.sources if not s.fields), part.sources[0] if part.sources else None)
    if main is not None:
        url = urlparse(main.url)
        shown = url.netloc.removeprefix("www.") if url.scheme in ("http", "https") else main.url.rsplit("/", 1)[-1]
        link = (f"<a href='{escape(main.url, quote=True)}'>{escape(shown[:60])}</a>" if url.scheme
                else escape(shown[:60]))
        lines.append(QCoreApplication.translate("Palette", "Source: {link} ({kind}, {date})").format(
            link=link, kind=escape(main.confidence), date=escape(main.date)))
    if len(part.sources) > 1:
        lines.append(QCoreApplication.translate("Palette", "+{n} more sources (in the catalog file)").format(
            n=len(part.sources) - 1))
    price = catalog.price(part.id)
    if price is not None:
        kind = price.source.split(":", 1)[0].strip() if ":" in price.source[:20] else QCoreApplication.translate(
            "Palette", "list price")
        lines.append(QCoreApplication.translate("Palette", "Price: {kind} ({date})").format(
            kind=escape(kind[:20]), date=escape(price.date)))
    return "<br>".join(lines)

