"""The import report: what an import from a server matched (with the evidence) and what it could not
identify (with the server's raw description), beside the build it produced.

For a technician this is the import's result. Each item the catalog could not identify gets one
of two answers, each one undoable edit of the build:

- *Map to a catalog part…*: the technician names the part (a list of the catalog's parts of the
  item's kind); it is placed in the first free slot that takes it and marked owned, so the upgrade
  quote does not price it (`Build.owned`), and the build's notes record the answer
  (`placing.mapped_note`), which `formats.verify` reads back: the server's item then counts as that part.
- *Present, already installed*: the part is in the server and stays there; it is not in the build,
  so nothing prices it, and the build's notes record it (`placing.present_note`) so the answer
  travels with the file.

Kinds the source cannot see at all (no dmidecode: DIMMs; a host never sees its PSUs) are listed
with how to add them: placed by hand, then marked owned (the slot menu's "Already installed").
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPlainTextEdit,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from ...core.ops import Batch, Place, SetOption
from ...core.placement import first_free_slot
from ...formats.importers.matching import CATEGORIES, Match
from ...formats.importers.placing import ImportResult, answered, mapped_note, present_note
from ...words import say
from ...words.part_words import part_name
from ..screen_fit import resize_to_fit
from ..tr_marks import QT_TRANSLATE_NOOP

#: a kind of item, as the report's first column shows it
KINDS = {"cpu": QT_TRANSLATE_NOOP("ImportReport", "CPU"), "gpu": QT_TRANSLATE_NOOP("ImportReport", "GPU"),
         "dimm": QT_TRANSLATE_NOOP("ImportReport", "Memory"), "drive": QT_TRANSLATE_NOOP("ImportReport", "Drive"),
         "nic": QT_TRANSLATE_NOOP("ImportReport", "Network card"), "psu": QT_TRANSLATE_NOOP("ImportReport", "PSU"),
         "pcie": QT_TRANSLATE_NOOP("ImportReport", "PCIe device"), "fan": QT_TRANSLATE_NOOP("ImportReport", "Fan")}
CONFIDENCE = {"part-number": QT_TRANSLATE_NOOP("ImportReport", "part number"),
              "model": QT_TRANSLATE_NOOP("ImportReport", "model name"),
              "figures": QT_TRANSLATE_NOOP("ImportReport", "figures")}


def _table(headers: list[str]) -> QTableWidget:
    table = QTableWidget(0, len(headers))
    table.setHorizontalHeaderLabels(headers)
    table.verticalHeader().setVisible(False)
    table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
    table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
    table.setWordWrap(False)
    header = table.horizontalHeader()
    header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
    header.setStretchLastSection(True)
    return table


def _set_row(table: QTableWidget, row: int, cells: list[str]) -> None:
    for col, text in enumerate(cells):
        item = QTableWidgetItem(text)
        item.setToolTip(text)      # raw descriptions are long: the whole text on hover
        table.setItem(row, col, item)


class PartChooser(QDialog):
    """A catalog part of the given categories, found by typing a few letters of its name."""

    def __init__(self, catalog: Any, categories: tuple[str, ...], described: str,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Map to a catalog part"))
        self.filter = QLineEdit(placeholderText=self.tr("Type to filter"))
        self.list = QListWidget()
        parts = sorted((p for c in categories for p in catalog.by_category(c)), key=lambda p: p.name.lower())
        for part in parts:
            item = QListWidgetItem(f"{part_name(part.name)}  ({part.part_number or part.id})")
            item.setData(Qt.ItemDataRole.UserRole, part.id)
            self.list.addItem(item)
        self.filter.textChanged.connect(self._filter)
        if self.list.count():
            self.list.setCurrentRow(0)
        self.list.itemDoubleClicked.connect(lambda _item: self.accept())
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        what = QLabel(self.tr("The server reports: %s") % described, wordWrap=True)
        what.setTextFormat(Qt.TextFormat.PlainText)
        layout.addWidget(what)
        layout.addWidget(self.filter)
        layout.addWidget(self.list, 1)
        layout.addWidget(buttons)
        resize_to_fit(self, 560, 480)

    def _filter(self, text: str) -> None:
        words = text.lower().split()
        first = None
        for i in range(self.list.count()):
            item = self.list.item(i)
            item.setHidden(not all(w in item.text().lower() for w in words))
            if first is None and not item.isHidden():
                first = item
        current = self.list.currentItem()
        if first is not None and (current is None or current.isHidden()):
            self.list.setCurrentItem(first)     # typing then Enter or OK takes the first that fits

    def chosen(self) -> str | None:
        item = self.list.currentItem()
        return None if item is None or item.isHidden() else str(item.data(Qt.ItemDataRole.UserRole))


class ImportReport(QDialog):
    """The report of one import (`result`) for the session whose build it produced."""

    def __init__(self, session: Any, result: ImportResult, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.import_result = result
        self.setWindowTitle(self.tr("Import report — %s") % result.inventory.source)
        self.matched = [m for m in result.matches if m.part_id is not None]
        self.unidentified = [m for m in result.matches if m.part_id is None]
        self.mapped: dict[int, str] = {}        # unidentified row -> the slot its mapped part went to
        self.summary = QLabel(wordWrap=True)
        self.summary.setTextFormat(Qt.TextFormat.PlainText)
        self.matched_table = _table([self.tr("Kind"), self.tr("Catalog part"), self.tr("Matched by"),
                                     self.tr("Evidence"), self.tr("Reported as")])
        self.missing_table = _table([self.tr("Kind"), self.tr("Status"), self.tr("Reported as"),
                                     self.tr("Description")])
        self.missing_table.itemSelectionChanged.connect(self._update_buttons)
        self.map_button = QPushButton(self.tr("Map to a catalog part…"))
        self.present_button = QPushButton(self.tr("Present, already installed"))
        self.present_button.setToolTip(self.tr("The part is in the server and stays: it is not priced, "
                                               "and the build's notes record it"))
        self.map_button.clicked.connect(self._choose_part)
        self.present_button.clicked.connect(lambda: self.mark_present(self.missing_table.currentRow()))
        self.blind = QLabel(wordWrap=True)
        self.blind.setTextFormat(Qt.TextFormat.PlainText)
        self.blind_button = QPushButton(self.tr("Mark them owned"))
        self.blind_button.setToolTip(self.tr("Every part of these kinds placed in the build and not yet owned "
                                             "becomes already installed: not priced"))
        self.blind_button.clicked.connect(self.mark_blind_owned)
        # the notes in the app's language (the build file keeps them in English)
        self.notes = QPlainTextEdit("\n".join(say(n.where) for n in result.loaded.notes), readOnly=True)
        self.notes.setMaximumHeight(110)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        copy = buttons.addButton(self.tr("Copy notes"), QDialogButtonBox.ButtonRole.ActionRole)
        copy.clicked.connect(lambda: QApplication.clipboard().setText(self.notes.toPlainText()))
        buttons.rejected.connect(self.reject)
        row = QHBoxLayout()
        row.addWidget(self.map_button)
        row.addWidget(self.present_button)
        row.addStretch(1)
        layout = QVBoxLayout(self)
        layout.addWidget(self.summary)
        layout.addWidget(QLabel(self.tr("Matched to the catalog (placed and marked owned):")))
        layout.addWidget(self.matched_table, 2)
        layout.addWidget(QLabel(self.tr("Not identified:")))
        layout.addWidget(self.missing_table, 2)
        layout.addLayout(row)
        blind_row = QHBoxLayout()
        blind_row.addWidget(self.blind, 1)
        blind_row.addWidget(self.blind_button)
        layout.addLayout(blind_row)
        layout.addWidget(QLabel(self.tr("Notes:")))
        layout.addWidget(self.notes, 1)
        layout.addWidget(buttons)
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self._fill_matched()
        self.refresh()
        resize_to_fit(self, 980, 640)
        callback = self._on_evaluated
        session.evaluated.connect(callback)
        # closing deletes the dialog: its callback must go with it, or each later edit raises and stops the signal
        self.destroyed.connect(lambda *_: session.evaluated.disconnect(callback))

    # ------------------------------------------------------------------ content
    def _kind(self, kind: str) -> str:
        return self.tr(KINDS.get(kind, kind))

    def _fill_matched(self) -> None:
        catalog = self.session.catalog
        self.matched_table.setRowCount(len(self.matched))
        for r, m in enumerate(self.matched):
            part = catalog.get(m.part_id or "")
            _set_row(self.matched_table, r, [
                self._kind(m.item.kind), part_name(part.name) if part is not None else str(m.part_id),
                self.tr(CONFIDENCE.get(m.confidence, m.confidence)), say(m.why), m.item.source])
        self.matched_table.resizeColumnsToContents()

    def status(self, row: int) -> str:
        """'mapped', 'present' or 'open' for the unidentified item `row`, read from the build."""
        said = answered(self.session.build.meta.notes, self.unidentified[row].item)
        return "open" if said is None else "mapped" if said else "present"

    def _status_text(self, row: int) -> str:
        state = self.status(row)
        if state == "mapped":
            part_id = answered(self.session.build.meta.notes, self.unidentified[row].item) or ""
            part = self.session.catalog.get(part_id)
            name = part_name(part.name) if part is not None else part_id
            slot = self.mapped.get(row)
            if slot is None or self.session.build.placements.get(slot) != part_id:
                return self.tr("Mapped to %s (owned)") % name
            return self.tr("Mapped to %1 in %2 (owned)").replace("%1", name).replace("%2", slot)
        if state == "present":
            return self.tr("Present, already installed (not priced)")
        return self.tr("Not identified")

    def refresh(self) -> None:
        inv = self.import_result.inventory
        open_rows = sum(self.status(r) == "open" for r in range(len(self.unidentified)))
        self.summary.setText(self.tr("%1: %2 part(s) matched, %3 not identified, %4 still to answer.")
                             .replace("%1", inv.source).replace("%2", str(len(self.matched)))
                             .replace("%3", str(len(self.unidentified))).replace("%4", str(open_rows)))
        current = self.missing_table.currentRow()
        self.missing_table.setRowCount(len(self.unidentified))
        for r, m in enumerate(self.unidentified):
            _set_row(self.missing_table, r, [self._kind(m.item.kind), self._status_text(r), m.item.source,
                                             m.item.describe()])
        self.missing_table.resizeColumnsToContents()
        if 0 <= current < len(self.unidentified):
            self.missing_table.selectRow(current)
        blind = [self._kind(k) for k in inv.blind]
        self.blind.setText(self.tr("Not reported by this source: %s. If the server has them, place them by hand "
                                   "and mark them owned (this button, or right-click a slot ▸ Already installed), "
                                   "so the upgrade quote does not price them.") % ", ".join(blind) if blind else "")
        self.blind.setVisible(bool(blind))
        self.blind_button.setVisible(bool(blind))
        self.blind_button.setEnabled(bool(self.blind_slots()))
        self._update_buttons()

    def _update_buttons(self) -> None:
        row = self.missing_table.currentRow()
        selected = 0 <= row < len(self.unidentified) and bool(self.missing_table.selectedItems())
        kind = self.unidentified[row].item.kind if selected else ""
        self.map_button.setEnabled(selected and bool(CATEGORIES.get(kind)) and self.status(row) == "open")
        self.present_button.setEnabled(selected and self.status(row) == "open")

    def blind_slots(self) -> list[str]:
        """Slots holding a part, not owned, of a kind this source could not see (DIMMs, PSUs, NICs):
        parts the technician placed by hand for what is in the server."""
        kinds = {c for k in self.import_result.inventory.blind for c in CATEGORIES.get(k, ())}
        build, catalog = self.session.build, self.session.catalog
        return [s for s, pid in build.placements.items()
                if not build.is_owned(s) and getattr(catalog.get(pid), "category", "") in kinds]

    def mark_blind_owned(self) -> None:
        """Mark every part in `blind_slots` owned, as one undoable edit."""
        slots = self.blind_slots()
        if not slots:
            return
        owned = {**self.session.build.owned, **{s: self.session.build.placements[s] for s in slots}}
        n = len(slots)
        self.session.apply(SetOption(path="owned", value=owned),
                           label=self.tr("Mark %n part(s) as already installed", "", n).replace("%n", str(n)))
        self.refresh()

    def _on_evaluated(self, _ev: Any) -> None:
        if self.isVisible():
            self.refresh()

    # ------------------------------------------------------------------ answers
    def _choose_part(self) -> None:
        row = self.missing_table.currentRow()
        if not 0 <= row < len(self.unidentified):
            return
        m = self.unidentified[row]
        chooser = PartChooser(self.session.catalog, CATEGORIES.get(m.item.kind, ()), m.item.describe(), self)
        try:
            part_id = chooser.chosen() if chooser.exec() else None
        finally:
            chooser.deleteLater()
        if part_id:
            self.map_row(row, part_id)

    def map_row(self, row: int, part_id: str) -> bool:
        """Place `part_id` for the unidentified item `row` in the first free slot that takes it, owned."""
        m: Match = self.unidentified[row]
        build, catalog = self.session.build, self.session.catalog
        slot = first_free_slot(build, catalog, part_id)
        part = catalog.get(part_id)
        name = part_name(part.name) if part is not None else part_id
        if slot is None:
            self._say(self.tr("Cannot place %1: every slot that takes it is already in use").replace("%1", name))
            return False
        owned = {**build.owned, slot: part_id}
        notes = self._notes_with(mapped_note(m.item, part_id))
        self.session.apply(Batch(ops=(Place(slot=slot, part=part_id), SetOption(path="owned", value=owned),
                                      SetOption(path="meta.notes", value=notes))),
                           label=self.tr("Map %1 to %2").replace("%1", m.item.source).replace("%2", name))
        self.mapped[row] = slot
        self.refresh()
        return True

    def mark_present(self, row: int) -> None:
        """Record the unidentified item `row` as present in the server, not priced."""
        if not 0 <= row < len(self.unidentified) or self.status(row) != "open":
            return
        item = self.unidentified[row].item
        self.session.apply(SetOption(path="meta.notes", value=self._notes_with(present_note(item))),
                           label=self.tr("Mark %s present") % item.source)
        self.refresh()

    def _notes_with(self, line: str) -> str:
        """The build's notes with `line` added as their last item (the import's notes come first;
        the oldest give way when the field is full)."""
        notes = self.session.build.meta.notes
        text = (notes if not notes or notes.endswith("\n") else notes + "\n") + f"- {line}\n"
        return text[-20000:]

    def _say(self, text: str) -> None:
        parent = self.parent()
        if parent is not None and hasattr(parent, "show_message"):
            parent.show_message(text)
        self.summary.setText(text)


def show_import_report(window: Any, result: ImportResult) -> ImportReport:
    """Open the report of `result` beside `window` (non-modal; a new import opens a new one)."""
    old = getattr(window, "import_report", None)
    if old is not None:
        old.close()
    report = ImportReport(window.session, result, window)
    window.import_report = report
    report.show()
    return report
