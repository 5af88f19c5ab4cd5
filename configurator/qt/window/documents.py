"""Several builds in one window: the open documents, their tab bar, and the one session the views see.

Each open build is a `Document`: its own `Session` (build, undo history, file, clean state), its
recovery-copy number and its document lock. The window's views (chassis view, palette, docks) are
built once, on an `ActiveSession`: a stand-in with the `Session` interface that forwards every call
to the active document's session and relays only that session's signals. Switching tabs rebinds
the stand-in (disconnecting the old session, connecting the new) and re-announces the state the
way `Session.replace_build` does, so every view redraws from the new build without knowing that
there is more than one; no view ever holds a connection to an inactive document.

The window's document actions (New, Open, Duplicate, Save as variant, Close, Compare) are in
qt/window/document_actions.py.
"""

from __future__ import annotations

from contextlib import AbstractContextManager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from psygnal import Signal
from PySide6.QtCore import QLockFile, QObject, Qt
from PySide6.QtCore import Signal as QtSignal
from PySide6.QtWidgets import QHBoxLayout, QTabBar, QToolButton, QVBoxLayout, QWidget

from ...core.build import Build, Meta
from ...core.catalog import Catalog
from ...core.changes import OpChanges
from ...core.evaluate.result import Evaluation
from ...core.evaluator import Evaluator
from ...core.ops import AnyOp, Label
from ...core.session import Session
from ..panels.widgets import OptionWriter

#: the most builds a window keeps open (each holds an evaluator with its own bounded memos)
MAX_DOCUMENTS = 24
#: the label of the `changed` the stand-in emits on a tab switch (views redraw as after Open)
SWITCH = "Switch document"

#: the name a build has until the user gives one (core/build.py Meta.name), shown translated
DEFAULT_NAME = Meta.model_fields["name"].default


class ActiveSession:
    """The active document's session, as the window's views see it: one object for the window's life.

    Attribute reads and writes go to the active `Session`; its signals are relayed through this
    object's own signals, connected to one session at a time."""

    changed = Signal(OpChanges)
    evaluated = Signal(Evaluation)
    undo_changed = Signal()
    clean_changed = Signal(bool)
    path_changed = Signal(object)
    _RELAYED = ("changed", "evaluated", "undo_changed", "clean_changed", "path_changed")

    def __init__(self, session: Session) -> None:
        object.__setattr__(self, "_target", session)
        self._connect(session)

    @property
    def target(self) -> Session:
        """The session the calls go to now."""
        return object.__getattribute__(self, "_target")

    def __getattr__(self, name: str) -> Any:
        return getattr(object.__getattribute__(self, "_target"), name)

    def __setattr__(self, name: str, value: Any) -> None:
        if hasattr(type(self), name) and not isinstance(getattr(type(self), name), property):
            object.__setattr__(self, name, value)   # psygnal caches each signal's instance this way
        else:                                       # e.g. a test swapping in the app's evaluator
            setattr(self.target, name, value)

    # `SessionLike`, forwarded (what a view may use; anything else reaches the session by __getattr__)
    @property
    def catalog(self) -> Catalog:
        return self.target.catalog

    @property
    def evaluator(self) -> Evaluator:
        return self.target.evaluator

    @property
    def build(self) -> Build:
        return self.target.build

    @property
    def path(self) -> Path | None:
        return self.target.path

    @property
    def evaluation(self) -> Evaluation:
        return self.target.evaluation

    def apply(self, op: AnyOp, label: Label | None = None) -> None:
        self.target.apply(op, label)

    def batch(self, label: Label) -> AbstractContextManager[None]:
        return self.target.batch(label)

    def undo(self) -> bool:
        return self.target.undo()

    def redo(self) -> bool:
        return self.target.redo()

    @property
    def can_undo(self) -> bool:
        return self.target.can_undo

    @property
    def can_redo(self) -> bool:
        return self.target.can_redo

    @property
    def undo_text(self) -> Label:
        return self.target.undo_text

    @property
    def redo_text(self) -> Label:
        return self.target.redo_text

    @property
    def is_clean(self) -> bool:
        return self.target.is_clean

    def mark_clean(self, path: Path | None = None) -> None:
        self.target.mark_clean(path)

    def replace_build(self, build: Build, path: Path | None = None, clean: bool = True) -> None:
        self.target.replace_build(build, path, clean)

    def reevaluate(self) -> Evaluation:
        return self.target.reevaluate()

    # one relay per signal, with its exact arguments (psygnal probes the signature of a callable
    # it cannot inspect, such as another signal's `emit`, by calling it)
    def _relay_changed(self, changes: OpChanges) -> None:
        self.changed.emit(changes)

    def _relay_evaluated(self, evaluation: Evaluation) -> None:
        self.evaluated.emit(evaluation)

    def _relay_undo_changed(self) -> None:
        self.undo_changed.emit()

    def _relay_clean_changed(self, clean: bool) -> None:
        self.clean_changed.emit(clean)

    def _relay_path_changed(self, path: Path | None) -> None:
        self.path_changed.emit(path)

    def _connect(self, session: Session) -> None:
        for name in self._RELAYED:
            getattr(session, name).connect(getattr(self, "_relay_" + name))

    def _disconnect(self, session: Session) -> None:
        for name in self._RELAYED:
            getattr(session, name).disconnect(getattr(self, "_relay_" + name), missing_ok=True)

    def bind(self, session: Session) -> None:
        """Make `session` the active one and tell every view, in `replace_build`'s order."""
        old = self.target
        if session is old:
            return
        self._disconnect(old)
        object.__setattr__(self, "_target", session)
        self._connect(session)
        self.path_changed.emit(session.path)
        self.clean_changed.emit(session.is_clean)
        self.undo_changed.emit()
        self.evaluated.emit(session.evaluation)
        self.changed.emit(OpChanges.everything(SWITCH))


@dataclass(eq=False)
class Document:
    """One open build: its session, its untitled-recovery number, the copies it wrote, its lock."""

    session: Session
    number: int
    own_recovery: set[Path] = field(default_factory=set)
    lock: QLockFile | None = None
    lock_path: Path | None = None

    @property
    def blank(self) -> bool:
        """Untitled and never edited: Open and New reuse its tab instead of adding one."""
        s = self.session
        return s.path is None and s.is_clean and not s.can_undo and not s.can_redo

    def name(self, untitled: str) -> str:
        if self.session.path:
            return Path(self.session.path).name
        name = self.session.build.meta.name
        return untitled if not name or name == DEFAULT_NAME else name   # the default name in the UI's language

    def release(self) -> None:
        if self.lock is not None:
            self.lock.unlock()
        self.lock = self.lock_path = None


class Documents(QObject):
    """The window's open builds, in tab order, and which one is active.

    Signals: `switched()` (another tab is active), `removed(Document)`, `renamed()` (a tab's text)."""

    switched = QtSignal()
    removed = QtSignal(object)
    renamed = QtSignal()

    def __init__(self, session: Session, parent: QWidget) -> None:
        super().__init__(parent)
        self.active_session = ActiveSession(session)
        self._next = 0
        self.documents: list[Document] = []
        self.active = self._new_document(session)
        self.tabs = QTabBar()
        self.tabs.setObjectName("documentTabs")
        self.tabs.setDocumentMode(True)
        self.tabs.setTabsClosable(True)
        self.tabs.setMovable(True)
        self.tabs.setExpanding(False)
        # the name's start tells builds apart ("hgx-h100-8gpu"); a middle elision read "hgx…son"
        self.tabs.setElideMode(Qt.TextElideMode.ElideRight)
        self.tabs.setUsesScrollButtons(True)
        self.tabs.addTab("")
        self.tabs.currentChanged.connect(self._on_tab_change)
        self.tabs.tabMoved.connect(self._on_tab_moved)
        self.writers: list[OptionWriter] = []   # the docks' editors, flushed before a switch
        self.compare_button = QToolButton()     # beside the tabs (central_widget); Compare builds…
        self.compare_button.setObjectName("compareButton")
        self.refresh()

    def _new_document(self, session: Session) -> Document:
        doc = Document(session, self._next)
        self._next += 1
        self.documents.append(doc)
        session.clean_changed.connect(self.refresh)   # weakly held: gone with this object
        session.path_changed.connect(self.refresh)
        return doc

    # ------------------------------------------------------------------ queries
    def find(self, path: Path | str | None) -> Document | None:
        """The open document whose file is `path` (compared resolved), if any."""
        if path is None:
            return None
        key = _resolved(path)
        return next((d for d in self.documents if d.session.path and _resolved(d.session.path) == key), None)

    def index(self, doc: Document) -> int:
        return self.documents.index(doc)

    # ------------------------------------------------------------------ changes
    def add(self, build: Build, path: Path | None, clean: bool = True) -> Document:
        """A new tab on `build` (sharing the catalog, rates and presets of the active one), made active."""
        base = self.active.session
        ev = base.evaluator
        session = Session(base.catalog, build, path, evaluator=Evaluator(base.catalog, ev.fx, ev.presets))
        if not clean:   # restored or duplicated unsaved work: dirty from the start
            session.replace_build(build, path, clean=False)
        doc = self._new_document(session)
        self.tabs.blockSignals(True)
        self.tabs.addTab("")
        self.tabs.blockSignals(False)
        self.activate(doc)
        return doc

    def activate(self, doc: Document) -> None:
        """Show `doc` in the window (pending editor input goes to the document it was typed in)."""
        if doc is not self.active:
            for writer in self.writers:
                writer.flush()
            self.active = doc
            self.active_session.bind(doc.session)
        index = self.index(doc)
        if self.tabs.currentIndex() != index:
            self.tabs.blockSignals(True)
            self.tabs.setCurrentIndex(index)
            self.tabs.blockSignals(False)
        self.refresh()
        self.switched.emit()

    def remove(self, doc: Document) -> None:
        """Drop `doc` (its unsaved work was saved or discarded by the caller); never the last one."""
        if len(self.documents) == 1:
            raise ValueError("the window's last document cannot be removed; replace its build")
        index = self.index(doc)
        if doc is self.active:
            self.activate(self.documents[index + 1 if index + 1 < len(self.documents) else index - 1])
        doc.release()
        doc.session.clean_changed.disconnect(self.refresh)
        doc.session.path_changed.disconnect(self.refresh)
        self.documents.remove(doc)
        self.tabs.blockSignals(True)
        self.tabs.removeTab(index)
        self.tabs.setCurrentIndex(self.index(self.active))
        self.tabs.blockSignals(False)
        self.refresh()
        self.removed.emit(doc)

    def refresh(self, *_args: Any) -> None:
        """Tab texts: the file (or build) name, `*` when unsaved; the full path as tooltip."""
        untitled = self.tr("Untitled")
        names_changed = False
        for i, doc in enumerate(self.documents):
            name = Path(doc.session.path).stem if doc.session.path else doc.name(untitled)   # .json adds nothing
            text = (name + ("" if doc.session.is_clean else " *")).replace("&", "&&")
            if self.tabs.tabText(i) != text:
                self.tabs.setTabText(i, text)
                names_changed = True
            self.tabs.setTabToolTip(i, str(doc.session.path) if doc.session.path else untitled)
        if names_changed:
            self.renamed.emit()

    def _on_tab_change(self, index: int) -> None:
        if 0 <= index < len(self.documents):
            self.activate(self.documents[index])

    def _on_tab_moved(self, old: int, new: int) -> None:
        self.documents.insert(new, self.documents.pop(old))


def central_widget(documents: Documents, view: QWidget) -> QWidget:
    """The window's centre: the document tabs (and a Compare button beside them) above the chassis view."""
    box = QWidget()
    box.setObjectName("documentArea")
    lay = QVBoxLayout(box)
    lay.setContentsMargins(0, 0, 0, 0)
    lay.setSpacing(0)
    top = QHBoxLayout()
    top.setContentsMargins(0, 0, 4, 0)
    top.addWidget(documents.tabs, 1)
    top.addWidget(documents.compare_button)
    lay.addLayout(top)
    lay.addWidget(view, 1)
    box.setMinimumSize(view.minimumSize())
    return box


def _resolved(path: Path | str) -> Path:
    try:
        return Path(path).resolve()
    except (OSError, RuntimeError):   # a symlink loop
        return Path(path).absolute()
