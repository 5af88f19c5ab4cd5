"""The palette's model: one flat list of rows, each category's header followed by its parts, over
a `PartIndex`; filtering swaps the row list and resets the model (the view then lays out only the
row count, paints only the rows on screen).

Roles a row answers are in `roles.py`; a header answers `TITLE_ROLE`, `PART_CATEGORY_ROLE`, `COLLAPSED_ROLE`
and its display text ("GPUs  (25)" or "GPUs  (3 of 25)" while filtering); a part all the others.
"""

from __future__ import annotations

from html import escape
from typing import Any
from urllib.parse import urlparse

import numpy as np
from PySide6.QtCore import QAbstractTableModel, QCoreApplication, QMimeData, QModelIndex, QPersistentModelIndex, Qt

from ...core.catalog import Catalog, Chassis
from ...core.placement import Verdict, fits_chassis
from ...words import say
from ...words.part_words import part_name
from ..chassis.drag_mime import PART_MIME, part_mime
from .roles import (
    COLLAPSED_ROLE,
    FIGURES_ROLE,
    FITS_ROLE,
    FORM_ROLE,
    PART_CATEGORY_ROLE,
    PART_ROLE,
    PRICE_ROLE,
    ROW_ROLE,
    SEARCH_ROLE,
    TITLE_ROLE,
    VENDOR_ROLE,
)
from .search_index import PartIndex, Query, fits_in

_DISPLAY, _TOOLTIP, _ACCESSIBLE = (int(r) for r in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole,
                                                    Qt.ItemDataRole.AccessibleTextRole))

_Index = QModelIndex | QPersistentModelIndex
_PART_FLAGS = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable | Qt.ItemFlag.ItemIsDragEnabled


class PaletteModel(QAbstractTableModel):
    """The rows the palette shows for its filters; drags carry the part id under our MIME type.

    A table model of one column, not a list model: a `QListView` asks the model for every row's
    index on each layout (a Python call a row, 40 ms over 20,000 rows), a table view's fixed-height
    rows ask for the row count only."""

    def __init__(self, index: PartIndex, catalog: Catalog, parent=None) -> None:
        super().__init__(parent)
        self.parts = index
        self.catalog = catalog
        self.query = Query()
        self.collapsed: set[int] = set()
        self._chassis: Chassis | None = None
        self._fits_known = True               # `parts.fits` holds the chassis' answer (else ask per part)
        self._asked: dict[int, Verdict] = {}   # fits_chassis per row position, until then
        self._columns = {int(PART_ROLE): index.ids, int(PRICE_ROLE): index.prices, int(VENDOR_ROLE): index.vendors,
                         int(FORM_ROLE): index.forms}
        self._rows, self._shown = index.rows(index.match(self.query), self.collapsed)

    # ------------------------------------------------------------------ filters
    def set_query(self, query: Query) -> bool:
        """Show the parts `query` matches; False (and nothing redone) when it is the current one."""
        if query == self.query:
            return False
        self.query = query
        self._refresh()
        return True

    def set_chassis(self, chassis: Chassis | None) -> None:
        """The parts now go into `chassis` (None: none fits): re-run the filters. Until `settle_fits`
        has asked about every part at once, a row's fit mark is asked of `fits_chassis` for that part
        (unless the 'fits' filter needs them all now); a tooltip asks it why a part does not fit."""
        self._chassis = chassis
        self._fits_known = False
        self._asked.clear()
        self._refresh()

    def settle_fits(self) -> None:
        """Ask the chassis about every part, once per group of parts it answers alike."""
        if not self._fits_known:
            self._know_fits()
            if self.query.fits_only:
                self._refresh()

    @property
    def fits_known(self) -> bool:
        """Whether every part's fit in the current chassis has been asked at once (`settle_fits`)."""
        return self._fits_known

    def _know_fits(self) -> None:
        if not self._fits_known:
            self.parts.set_fits(fits_in(self.catalog, self._chassis.id if self._chassis else "", self.parts))
            self._fits_known = True

    def fit(self, pos: int) -> bool:
        """Whether the part at `pos` fits the current chassis."""
        if self._fits_known:
            return bool(self.parts.fits[pos])
        return self._answer(pos)[0]

    def _answer(self, pos: int) -> Verdict:
        """`fits_chassis` for the part at `pos`, asked once per chassis (every repaint of a row and
        its tooltip read it)."""
        if pos not in self._asked:
            part = self.catalog.get(self.parts.ids[pos])
            self._asked[pos] = (fits_chassis(self.catalog, self._chassis, part) if self._chassis is not None
                                and part is not None else (False, None))
        return self._asked[pos]

    def set_collapsed(self, category: int, collapsed: bool) -> None:
        """Hide (or show again) the parts under category `category`'s header."""
        if (category in self.collapsed) != collapsed:
            (self.collapsed.add if collapsed else self.collapsed.discard)(category)
            self._refresh()

    def _refresh(self) -> None:
        self.beginResetModel()
        self._rows, self._shown = self.parts.rows(self._match(), self.collapsed)
        self.endResetModel()

    def _match(self) -> np.ndarray:
        """The positions of the parts the filters show."""
        if self.query.fits_only:
            self._know_fits()
        return self.parts.match(self.query)

    # ------------------------------------------------------------------ lookups
    def code(self, row: int) -> int:
        """The part position at `row`, or -1 - category for a header row."""
        return int(self._rows[row])

    def row_of(self, part_id: str) -> int:
        """The row showing `part_id`, or -1 when the filters (or a collapsed category) hide it."""
        pos = self.parts.row_of.get(part_id)
        if pos is None:
            return -1
        found = np.flatnonzero(self._rows == pos)
        return int(found[0]) if len(found) else -1

    def matches(self, part_id: str) -> bool:
        """Whether the filters show `part_id` (folded away or not)."""
        pos = self.parts.row_of.get(part_id)
        found = self._match()                      # the current query's kept answer
        at = int(np.searchsorted(found, pos)) if pos is not None else len(found)
        return at < len(found) and int(found[at]) == pos

    def header_row(self, category: int) -> int:
        """The row of category `category`'s header, or -1 when no part of it matches."""
        found = np.flatnonzero(self._rows == -1 - category)
        return int(found[0]) if len(found) else -1

    def index_of(self, part_id: str) -> QModelIndex:
        """The index showing `part_id` (invalid when hidden)."""
        row = self.row_of(part_id)
        return self.index(row, 0) if row >= 0 else QModelIndex()

    def visible_parts(self) -> list[str]:
        """The part ids the rows show, top to bottom."""
        ids = self.parts.ids
        return [ids[c] for c in self._rows[self._rows >= 0].tolist()]

    def header_rows(self) -> list[int]:
        """The rows that are category headers."""
        return np.flatnonzero(self._rows < 0).tolist()

    # ------------------------------------------------------------------ Qt model
    def rowCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: N802 - Qt override
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: N802 - Qt override
        return 0 if parent.isValid() else 1

    def flags(self, index: _Index) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        return _PART_FLAGS if self._rows[index.row()] >= 0 else Qt.ItemFlag.ItemIsEnabled

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        row = index.row()
        if not 0 <= row < len(self._rows) or index.column():
            return None
        code = int(self._rows[row])
        return self._part_data(code, int(role)) if code >= 0 else self._header_data(-1 - code, int(role))

    def _part_data(self, pos: int, role: int) -> Any:
        p = self.parts
        if role == ROW_ROLE:
            return p.ids[pos], p.names[pos], p.figure(pos), p.prices[pos], self.fit(pos)
        if role in (_DISPLAY, _ACCESSIBLE):
            return p.names[pos]
        column = self._columns.get(role)
        if column is not None:
            return column[pos]
        if role == FIGURES_ROLE:
            return p.figure(pos)
        if role == SEARCH_ROLE:
            return p.search(pos)
        if role == FITS_ROLE:
            return self.fit(pos)
        if role == PART_CATEGORY_ROLE:
            return p.cat_keys[int(p.cat[pos])]
        if role == _TOOLTIP:
            return self._tooltip(pos)
        return None

    def _header_data(self, category: int, role: int) -> Any:
        p = self.parts
        if role == ROW_ROLE:
            return self._header_data(category, _DISPLAY), category in self.collapsed
        if role in (_DISPLAY, _ACCESSIBLE):
            title, shown, total = p.cat_titles[category], int(self._shown[category]), int(p.totals[category])
            if self.query.active and shown != total:
                text = QCoreApplication.translate("Palette", "%1  (%2 of %3)")
                return text.replace("%1", title).replace("%2", str(shown)).replace("%3", str(total))
            return f"{title}  ({total})"
        if role == TITLE_ROLE:
            return p.cat_titles[category]
        if role == PART_CATEGORY_ROLE:
            return p.cat_keys[category]
        if role == COLLAPSED_ROLE:
            return category in self.collapsed
        return None

    def _tooltip(self, pos: int) -> str:
        """Name, figures, part number, source and price lines; the reason in red when it cannot fit."""
        part = self.catalog.get(self.parts.ids[pos])
        if part is None:
            return ""
        tip = f"<b>{part_name(part.name)}</b><br>{self.parts.figure(pos)}"
        if part.part_number:
            tip += f"<br>{part.part_number}"
        tip += "<br><small>" + provenance(part, self.catalog) + "</small>"
        if not self.fit(pos):
            reason = self._answer(pos)[1]
            why = say(reason) if reason is not None else QCoreApplication.translate("Palette", "does not fit")
            tip += "<br><span style='color:#d64545'>✗ " + why + "</span>"
        return tip

    # ------------------------------------------------------------------ drag
    def mimeTypes(self) -> list[str]:  # noqa: N802 - Qt override
        return [PART_MIME]

    def supportedDragActions(self) -> Qt.DropAction:  # noqa: N802 - Qt override
        # copy only: a Move (Shift held during the drag) would make the view delete the dragged row
        return Qt.DropAction.CopyAction

    def mimeData(self, indexes) -> QMimeData | None:  # type: ignore[override]  # noqa: N802 - None: no drag
        for index in indexes:
            part_id = index.data(PART_ROLE)
            if part_id:
                return part_mime(part_id)
        return None


def provenance(part, catalog: Catalog) -> str:
    """One clean source line with a link (the source that backs all figures, else the first), how
    many more there are, and the price's kind and date; the catalog's working notes stay in the files."""
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
