"""The command palette (Ctrl+K): type a few letters of any menu command or any part, press Enter.

Commands are the window's menu actions, read from the menu bar each time the palette opens (so
their text, e.g. "Undo Place …", and enabled state are current). Parts are every catalog part
that goes into a slot: Enter adds one to the first free slot that takes it (the same check as a
drop, `MainWindow.place_part`); Shift+Enter selects it in the palette and shows the slots that
hold it. Matching is fuzzy: every typed word must appear in order, letters may be skipped
("rst lay" finds View ▸ Reset layout), and word starts and runs of letters rank first.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial

from PySide6.QtCore import QCoreApplication, QEvent, Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QDialog, QLabel, QLineEdit, QListWidget, QListWidgetItem, QMenu, QVBoxLayout, QWidget

from ...core import categories
from ...words.part_words import part_name
from ...words.problems import fix_text, text
from .. import theme

MAX_SHOWN = 200          # rows listed at once: typing narrows the rest


@dataclass(frozen=True)
class Entry:
    """One thing the palette can do: its text, a grey detail, and what Enter / Shift+Enter run;
    `also`: words it is found by but does not show (a part's English name under its Chinese one)."""

    text: str
    detail: str
    run: Callable[[], object]
    alt: Callable[[], object] | None = None
    also: str = ""


def _word_score(word: str, text: str) -> int | None:
    """How well `word` matches `text` (both lower case), or None when its letters are not all
    there in order. A substring beats scattered letters; word starts and runs score extra."""
    at = text.find(word)
    if at >= 0:
        return 100 + len(word) * 4 + (30 if at == 0 or not text[at - 1].isalnum() else 0) - min(at, 30)
    score, pos, prev = 0, -1, -2
    for ch in word:
        j = text.find(ch, pos + 1)
        if j < 0:
            return None
        score += 6 if j == prev + 1 else 0
        score += 8 if j == 0 or not text[j - 1].isalnum() else 0
        score -= min(j - pos - 1, 5)
        prev = pos = j
    return score


def fuzzy_score(query: str, text: str) -> float | None:
    """The rank of `text` for `query` (higher is better), None when it does not match."""
    words = query.lower().split()
    lowered = text.lower()
    total = 0.0
    for word in words:
        score = _word_score(word, lowered)
        if score is None:
            return None
        total += score
    return total - len(text) / 100     # of equal matches, the shorter text first


def ranked(entries: list[Entry], query: str, limit: int = MAX_SHOWN) -> list[Entry]:
    """`entries` that match `query`, best first (all of them, in order, for an empty query)."""
    if not query.strip():
        return entries[:limit]
    scored = [(s, i, e) for i, e in enumerate(entries)
              if (s := fuzzy_score(query, f"{e.text} {e.detail}" + (f" {e.also}" if e.also else ""))) is not None]
    scored.sort(key=lambda t: (-t[0], t[1]))
    return [e for _, _, e in scored[:limit]]


def action_entries(window) -> list[Entry]:
    """Every enabled command in the window's menus, as "Menu ▸ Command" (the palette's own excluded)."""
    out: list[Entry] = []

    def walk(menu: QMenu, path: str) -> None:
        for act in menu.actions():
            if act.isSeparator() or not act.isVisible():
                continue
            name = _plain(act.text())
            sub = act.menu()
            if isinstance(sub, QMenu):
                sub.aboutToShow.emit()        # e.g. Open recent fills itself when shown
                walk(sub, f"{path} ▸ {name}")
            elif act.isEnabled() and act is not getattr(window, "act_command_palette", None):
                out.append(Entry(f"{path} ▸ {name}", act.shortcut().toString(), _trigger(act)))

    for top in window.menuBar().actions():
        if top.menu() is not None:
            walk(top.menu(), _plain(top.text()))
    return out


def fix_entries(window) -> list[Entry]:
    """Every problem's mechanical fix, "Apply fix: …" (the Problems panel's Apply fix buttons, by keyboard)."""
    panel = getattr(window, "violations", None)
    out: list[Entry] = []
    if panel is None:
        return out
    for i, v in enumerate(getattr(panel, "violations", ()) or ()):
        if v.fix and v.fix.ops:
            message, fix = text(v), fix_text(v.fix)
            out.append(Entry(QCoreApplication.translate("CommandPalette", "Apply fix: %1").replace("%1", fix), message,
                             partial(panel.apply_fix, i)))
    return out


def part_entries(window) -> list[Entry]:
    """Every part that goes into a slot: Enter adds it, Shift+Enter selects it."""
    catalog = window.session.catalog
    out: list[Entry] = []
    for info in categories.REGISTRY:
        if not info.slot_kinds:
            continue
        title = theme.category_title(info.key)
        for part in sorted(catalog.by_category(info.key), key=lambda p: (p.vendor, p.name)):
            price = catalog.price(part.id)
            money = theme.money(price.price, price.currency) if price else ""
            detail = " · ".join(x for x in (title, theme.key_figures(part), money) if x)
            name = part_name(part.name)     # "风冷, 8U GPU 服务器 …", found by its English name too
            out.append(Entry(name, detail, partial(window.place_part, part.id), partial(_select_part, window, part.id),
                             also=part.name if name != part.name else ""))
    return out


def _select_part(window, part_id: str) -> None:
    window.palette_widget.select_part(part_id)
    window.view.select_slots([s for s, p in window.session.build.placements.items() if p == part_id])
    window.palette_widget.tree.setFocus(Qt.FocusReason.OtherFocusReason)


def _trigger(act: QAction) -> Callable[[], object]:
    return lambda: act.trigger()


def _plain(text: str) -> str:
    """A menu text without its mnemonic ('&Save' -> 'Save'; '&&' stays one '&')."""
    return text.replace("&&", "\x00").replace("&", "").replace("\x00", "&")


class CommandPalette(QDialog):
    """The Ctrl+K box over `window`: a search line, the matching commands and parts, a hint."""

    def __init__(self, window: QWidget) -> None:
        super().__init__(window)
        self.setObjectName("commandPalette")
        self.setWindowTitle(self.tr("Command palette"))
        self.window_ = window
        self.entries = fix_entries(window) + action_entries(window) + part_entries(window)
        self.shown: list[Entry] = []
        self.search = QLineEdit(placeholderText=self.tr("Type a command or a part…"))
        self.list = QListWidget()
        self.list.setUniformItemSizes(True)
        self.list.setFocusPolicy(Qt.FocusPolicy.NoFocus)   # typing stays in the search line
        hint = QLabel(self.tr("Enter: run / add to the first slot that takes it · Shift+Enter: select the part · Esc: close"))
        hint.setStyleSheet(f"color:{theme.MUTED.name()};")
        hint.setWordWrap(True)
        lay = QVBoxLayout(self)
        lay.addWidget(self.search)
        lay.addWidget(self.list, 1)
        lay.addWidget(hint)
        self.search.textChanged.connect(self._refill)
        self.search.installEventFilter(self)
        self.list.itemActivated.connect(lambda _item: self.run(alt=False))
        self.resize(min(640, max(420, window.width() // 2)), min(460, max(300, window.height() // 2)))
        self._refill("")

    def _refill(self, query: str) -> None:
        self.shown = ranked(self.entries, query)
        self.list.clear()
        for entry in self.shown:
            row = QListWidgetItem(f"{entry.text}    {entry.detail}" if entry.detail else entry.text)
            row.setToolTip(entry.detail)
            self.list.addItem(row)
        if self.shown:
            self.list.setCurrentRow(0)

    def eventFilter(self, obj, event) -> bool:  # noqa: N802 - Qt override
        """Up/Down/Page keys move through the list while the search line keeps the typing."""
        if obj is self.search and event.type() == QEvent.Type.KeyPress:
            key = event.key()
            if key in (Qt.Key.Key_Up, Qt.Key.Key_Down, Qt.Key.Key_PageUp, Qt.Key.Key_PageDown):
                self.list.keyPressEvent(event)
                return True
            if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
                self.run(alt=bool(event.modifiers() & Qt.KeyboardModifier.ShiftModifier))
                return True
        return False

    def run(self, alt: bool) -> bool:
        """Close, then run the current row (its alternative with `alt`, when it has one)."""
        row = self.list.currentRow()
        if not 0 <= row < len(self.shown):
            return False
        entry = self.shown[row]
        self.accept()
        (entry.alt if alt and entry.alt is not None else entry.run)()
        return True


def open_palette(window) -> CommandPalette:
    """Show a fresh palette over `window` (non-modal; it closes itself after a choice or Esc)."""
    palette = CommandPalette(window)
    palette.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    palette.finished.connect(lambda _code: palette.close())
    geo = window.geometry()
    palette.move(geo.x() + (geo.width() - palette.width()) // 2, geo.y() + 60)
    palette.show()
    palette.activateWindow()
    palette.search.setFocus(Qt.FocusReason.ShortcutFocusReason)
    return palette
