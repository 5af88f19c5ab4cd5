"""The component palette: parts by category, searchable and filterable, dragged onto the chassis.

Every part stays listed; those that cannot go into the current chassis are greyed with the
reason as a tooltip (the same `fits_chassis` answer the drop uses). The parts are one flat list
(`palette_model.PaletteModel` over `palette_index.PartIndex`): a header row per category, which
its arrow, a double click or Left/Right folds, then its parts. All rows are one height, so a
keystroke over 20,000 parts costs one filter over the index and a repaint of the rows on screen.
Keystrokes are not debounced: each one's filter and repaint fit in a frame
(`bench/bench_catalog.py`), and a delay would only show every result later.

What the first frame does not show waits until after it: once the rows have first been painted,
the index's figures, search texts and fit groups are made in slices of `_SLICE` parts between
events, then the chassis is asked about every part at once; until then a painted row asks about
its own part, and a search or the 'fits' filter makes what it needs first (see `palette_index`).
The launcher's window goes further: its palette (`Palette(deferred=True)`) paints its first frame
empty and builds the index and its model (numpy's import with them) right after (`fill`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QModelIndex, Qt, QTimer, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QLineEdit,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from .roles import COLLAPSED_ROLE, PART_ROLE
from .row_delegate import FOCUS_RING, PartDelegate, row_height  # noqa: F401 - FOCUS_RING: tests

if TYPE_CHECKING:
    from ...core.changes import OpChanges
    from ...core.session import SessionLike
    from .rows_model import PaletteModel

_SLICE = 1000       # parts indexed per pass of the event loop after the first frame (~10 ms)


class _PartList(QTableView):
    """The palette's rows: one column, fixed-height rows (the view lays out a row count, not each
    row), no grid or headers. Enter on a part asks for it to be placed in the first free slot that
    takes it; Enter, Left or Right on a category header, a click on its arrow or a double click on
    it folds or opens it."""

    place_requested = Signal(str)
    fold_requested = Signal(int, bool)     # header row, fold (True) or open
    first_painted = Signal()

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.painted = False
        self.horizontalHeader().hide()
        self.horizontalHeader().setStretchLastSection(True)
        rows = self.verticalHeader()
        rows.hide()
        rows.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        rows.setMinimumSectionSize(1)
        rows.setDefaultSectionSize(row_height(self))
        self.setShowGrid(False)
        self.setWordWrap(False)
        self.setCornerButtonEnabled(False)
        self.setTabKeyNavigation(False)      # Tab leaves the palette, as from any list
        self.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)

    def paintEvent(self, event) -> None:  # noqa: N802 - Qt override
        super().paintEvent(event)
        if not self.painted:
            self.painted = True
            self.first_painted.emit()

    def changeEvent(self, event) -> None:  # noqa: N802 - Qt override
        super().changeEvent(event)
        if event.type() == event.Type.FontChange:
            self.verticalHeader().setDefaultSectionSize(row_height(self))

    def _is_header(self, index: QModelIndex) -> bool:
        return index.isValid() and not index.data(PART_ROLE)

    def focusInEvent(self, event) -> None:  # noqa: N802 - Qt override
        had_current = self.currentIndex().isValid()
        super().focusInEvent(event)      # makes the first row (a header) current
        model = self.model()
        if not had_current and model is not None:
            # tabbing in lands on the first part, so the focus ring shows where the keyboard is
            first = next((model.index(r, 0) for r in range(min(model.rowCount(), 50))
                          if model.index(r, 0).data(PART_ROLE)), None)
            if first is not None:
                self.setCurrentIndex(first)

    def keyPressEvent(self, event) -> None:  # noqa: N802 - Qt override
        current, key = self.currentIndex(), event.key()
        if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and current.isValid():
            if self._is_header(current):
                self.fold_requested.emit(current.row(), not current.data(COLLAPSED_ROLE))
            else:
                self.place_requested.emit(current.data(PART_ROLE))
            event.accept()
            return
        if key in (Qt.Key.Key_Left, Qt.Key.Key_Right) and current.isValid():
            self._fold_key(current, fold=key == Qt.Key.Key_Left)
            event.accept()
            return
        super().keyPressEvent(event)

    def _fold_key(self, current: QModelIndex, fold: bool) -> None:
        """As in a tree: Left folds a header or goes from a part up to its header, Right opens."""
        if self._is_header(current):
            if bool(current.data(COLLAPSED_ROLE)) != fold:
                self.fold_requested.emit(current.row(), fold)
            return
        if fold:
            row = current.row()
            while row > 0 and not self._is_header(self.model().index(row, 0)):
                row -= 1
            self.setCurrentIndex(self.model().index(row, 0))

    def moveCursor(self, action, modifiers):  # noqa: N802 - Qt override
        # a table's Home/End stay in the row; in a list they go to the first and last row
        if action in (QAbstractItemView.CursorAction.MoveHome, QAbstractItemView.CursorAction.MoveEnd):
            modifiers = modifiers | Qt.KeyboardModifier.ControlModifier
        return super().moveCursor(action, modifiers)

    def _on_arrow(self, index: QModelIndex, x: int) -> bool:
        """Whether `x` (viewport px) is on the fold arrow of header `index`."""
        left = self.visualRect(index).left()
        return left <= x <= left + 8 + self.fontMetrics().height()

    def mousePressEvent(self, event) -> None:  # noqa: N802 - Qt override
        # as in a tree: a press on a header's arrow folds or opens it, a double click anywhere on it
        pos = event.position().toPoint()
        index = self.indexAt(pos)
        if self._is_header(index) and event.button() == Qt.MouseButton.LeftButton:
            self.setCurrentIndex(index)
            if self._on_arrow(index, pos.x()):
                self.fold_requested.emit(index.row(), not index.data(COLLAPSED_ROLE))
            event.accept()
            return
        super().mousePressEvent(event)

    def mouseDoubleClickEvent(self, event) -> None:  # noqa: N802 - Qt override
        pos = event.position().toPoint()
        index = self.indexAt(pos)
        if self._is_header(index):
            if not self._on_arrow(index, pos.x()):      # on the arrow, each press already folded
                self.fold_requested.emit(index.row(), not index.data(COLLAPSED_ROLE))
            event.accept()
            return
        super().mouseDoubleClickEvent(event)


class Palette(QWidget):
    """Left dock. Signals: `place_requested(part_id)` (Enter / double-click), `message(str)`.

    `tree` is the parts view (the name other views and tests know it by), `model` its model."""

    place_requested = Signal(str)
    message = Signal(str)

    def __init__(self, session: SessionLike, parent=None, deferred: bool = False) -> None:
        super().__init__(parent)
        self.session = session
        self._chassis_id: str | None = None
        self._kept: str | None = None        # the current part across a model reset
        self.search = QLineEdit(placeholderText=self.tr("Search parts…  (name, vendor, 80 GB, 400G …)"))
        self.search.setClearButtonEnabled(True)
        self.vendor = QComboBox()
        self.form = QComboBox()
        for combo in (self.vendor, self.form):
            # sized to their longest entry, the two combos kept the dock at least 355 px wide
            combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
            combo.setMinimumContentsLength(8)
        self.fits = QCheckBox(self.tr("Fits this chassis"))
        self._background = QTimer(self, interval=0)
        self._background.timeout.connect(self._make_a_slice)
        self.tree = _PartList()
        self.tree.setItemDelegate(PartDelegate(self.tree))
        self.tree.setDragEnabled(True)
        self.tree.setDragDropMode(QAbstractItemView.DragDropMode.DragOnly)
        self.tree.setDefaultDropAction(Qt.DropAction.CopyAction)
        self.tree.place_requested.connect(self.place_requested)
        self.tree.fold_requested.connect(self._on_fold)
        self.tree.doubleClicked.connect(self._on_double_click)
        self._lay_out()
        self.vendor.addItem(self.tr("All vendors"), "")
        self.form.addItem(self.tr("All form factors"), "")
        if not deferred:
            self.fill()

    def fill(self) -> None:
        """The parts: their index and the model over it, the filters' choices, the chassis' fit
        (at once, or right after the window's first frame for a deferred palette). Once."""
        if hasattr(self, "model"):
            return
        from .rows_model import PaletteModel  # numpy, with the index: not before the first frame
        from .search_index import build_index

        session = self.session
        self.model = PaletteModel(build_index(session.catalog), session.catalog, self)
        self.tree.setModel(self.model)
        self.tree.first_painted.connect(self._background.start)
        self._fill_combos()
        self._update_fits()
        self.model.modelAboutToBeReset.connect(self._keep_current)
        self.model.modelReset.connect(self._restore_current)
        self.search.textChanged.connect(self._apply_filters)
        self.vendor.currentIndexChanged.connect(self._apply_filters)
        self.form.currentIndexChanged.connect(self._apply_filters)
        self.fits.toggled.connect(self._apply_filters)
        session.changed.connect(self._on_session_change)
        if self.search.text() or self.fits.isChecked():   # typed before the parts were there
            self._apply_filters()

    def _lay_out(self) -> None:
        lay = QVBoxLayout(self)
        lay.setContentsMargins(6, 6, 6, 6)
        lay.addWidget(self.search)
        row = QHBoxLayout()
        row.addWidget(self.vendor, 1)
        row.addWidget(self.form, 1)
        lay.addLayout(row)
        lay.addWidget(self.fits)
        lay.addWidget(self.tree, 1)

    def _fill_combos(self) -> None:
        parts = self.model.parts
        for v in parts.vendor_names:
            self.vendor.addItem(v, v)
        for f in parts.form_names:
            if f:
                self.form.addItem(f, f)

    def _update_fits(self) -> None:
        """Grey parts that cannot go into the current chassis; the reason becomes the tooltip."""
        self._chassis_id = self.session.build.chassis
        self.model.set_chassis(self.session.catalog.chassis(self._chassis_id))
        if self.tree.painted:
            self._background.start()

    def _make_a_slice(self) -> None:
        """One slice of the index's deferred work; the chassis' answer for every part once it is done."""
        if self.model.parts.make(_SLICE):
            self.settle()

    def settle(self) -> None:
        """Finish the deferred work now: the index made whole, every part's fit known."""
        self._background.stop()
        self.model.parts.make()
        self.model.settle_fits()

    def _on_session_change(self, changes: OpChanges) -> None:
        if changes.touches("chassis") and self.session.build.chassis != self._chassis_id:
            self._update_fits()

    def _apply_filters(self, *_) -> None:
        from .search_index import Query, query_words

        query = Query(query_words(self.search.text()), self.vendor.currentData() or "",
                      self.form.currentData() or "", self.fits.isChecked())
        if self.model.set_query(query):
            self.tree.scrollToTop()      # new matches are read from the top

    def _on_fold(self, row: int, fold: bool) -> None:
        code = self.model.code(row)
        if code < 0:
            self.model.set_collapsed(-1 - code, fold)
            self.tree.setCurrentIndex(self.model.index(self.model.header_row(-1 - code), 0))

    def _keep_current(self) -> None:
        self._kept = self.current_part()

    def _restore_current(self) -> None:
        """A reset forgets the current row: put the same part back, without scrolling to it. The
        view is laid out now, not from its 0 ms timer: that would paint the rows a second time."""
        self.tree.doItemsLayout()
        if self._kept is None:
            return
        index = self.model.index_of(self._kept)
        if index.isValid():
            scroll = self.tree.hasAutoScroll()
            self.tree.setAutoScroll(False)
            self.tree.setCurrentIndex(index)
            self.tree.setAutoScroll(scroll)

    def _on_double_click(self, index) -> None:
        part = index.data(PART_ROLE)
        if part:
            self.place_requested.emit(part)

    model: PaletteModel     # from `fill`

    def current_part(self) -> str | None:
        """The selected part id, or None."""
        return self.tree.currentIndex().data(PART_ROLE) or None

    def select_part(self, part_id: str) -> bool:
        """Make `part_id` the current row (tests, 'replace with', Ctrl+K), opening its category if
        folded; False when the filters hide it."""
        if not self.model.matches(part_id):
            return False
        self.model.set_collapsed(int(self.model.parts.cat[self.model.parts.row_of[part_id]]), False)
        index = self.model.index_of(part_id)
        self.tree.setCurrentIndex(index)
        return True

    def visible_parts(self) -> list[str]:
        """The part ids the palette lists now, top to bottom."""
        return self.model.visible_parts()

    def category_rows(self) -> list[str]:
        """The category headers' texts, top to bottom ("Network  (3 of 9)")."""
        return [self.model.index(r, 0).data() for r in self.model.header_rows()]


def __getattr__(name: str) -> Any:
    if name == "_provenance":     # tests read the tooltip's source line (rows_model imports numpy)
        from .rows_model import provenance

        return provenance
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
