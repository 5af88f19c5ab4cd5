"""Autosave and crash recovery for open builds (Qt-free; the GUI drives it from a timer).

While a document has unsaved changes the GUI calls `RecoveryStore.write(build, path)`
every few seconds; after a successful save or a deliberate "discard changes" it calls
`discard(path)`. At start-up, `list()` shows what a crash, a kill or a flat battery left
behind, newest first; `load(entry)` gives the build back.

One recovery file per open document *and per app instance*: named after a hash of the
document's path (or, for an untitled document, a document number) and the instance id
(``<pid>-<random>``), so two instances, even on the same document, never share or overwrite
a copy. A writing store holds its instance's OS lock (`instance_lock`) for as long as it
lives; `RecoveryEntry.live` says the copy's instance still runs, so another instance neither
offers it as "crashed" nor deletes it. Each file is written atomically (`safe_write`) and
holds a small header plus the build in the normal build-file format::

    {"recovery": 1, "saved_at": "2026-11-30T09:12:03.120+00:00", "saved_at_unix": 1796...,
     "source": "<folder>/hgx.json", "app_version": "0.1.0", "pid": 4242,
     "instance": "4242-9f3a1c", "build": {"format": 1, "kind": "ai-server-configurator/build", ...}}
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import os
import re
import secrets
import time
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from .. import __version__
from ..core.build import Build
from ..core.input_error import InvalidValueError
from ..core.library_errors import json_msg
from ..core.message import Msg
from . import paths
from .build_files import MAX_BUILD_BYTES, BuildFileError, clean_text, dumps_build, loads_build
from .instance_lock import InstanceLock, is_live
from .safe_write import atomic_write, remove_stale_temps
from .text_files import FileReadError, read_text

RECOVERY_VERSION = 1
SUFFIX = ".recovery.json"
MAX_RECOVERY_BYTES = MAX_BUILD_BYTES + 4096   # a build plus the small header


@dataclass(frozen=True)
class RecoveryEntry:
    """One recovery copy on disk, as shown in the "restore unsaved work?" dialog."""

    path: Path
    saved_at: datetime          # UTC, aware
    source: Path | None         # the document's file; None for an untitled build
    app_version: str
    build_name: str
    pid: int = 0
    instance: str = ""          # the writing instance; "" in copies from before instance ids
    live: bool = False          # that instance still runs: its copy is not crash left-overs

    @property
    def saved_at_unix(self) -> float:
        return self.saved_at.timestamp()


class RecoveryStore:
    """The recovery folder: write, list, load and discard autosave copies."""

    def __init__(self, folder: Path | str | None = None, instance: str | None = None) -> None:
        self.folder = Path(folder) if folder is not None else paths.recovery_dir()
        #: this instance's id: the process id plus a random part (a PID is reused after a crash)
        self.instance = instance or f"{os.getpid()}-{secrets.token_hex(3)}"
        self._lock = InstanceLock(self.folder, self.instance)
        #: one line per recovery file the last `list()` skipped (corrupt, unreadable)
        self.problems: list[str] = []

    def close(self) -> None:
        """Release the instance lock (at quit): copies left now count as left behind."""
        self._lock.release()

    # ------------------------------------------------------------------ naming
    def path_for(self, source_path: Path | str | None, document: int = 0) -> Path:
        """This instance's recovery file of a document (`document` tells untitled windows apart)."""
        if source_path is None:
            return self.folder / f"untitled-{self.instance}-{document}{SUFFIX}"
        return self.folder / f"doc-{document_key(source_path)}.{self.instance}{SUFFIX}"

    # ------------------------------------------------------------------ write
    def write(self, build: Build, source_path: Path | str | None, document: int = 0) -> Path:
        """Atomically write the recovery copy of one document; returns its path."""
        now = time.time()
        self._lock.acquire()   # before the copy exists, so no other instance sees it unowned
        header: dict[str, Any] = {
            "recovery": RECOVERY_VERSION,
            "saved_at": datetime.fromtimestamp(now, UTC).isoformat(timespec="milliseconds"),
            "saved_at_unix": now,
            "source": None if source_path is None else os.path.abspath(source_path),
            "app_version": __version__,
            "pid": os.getpid(),
            "instance": self.instance,
        }
        body = json.loads(dumps_build(build))
        text = json.dumps({**header, "build": body}, indent=1, ensure_ascii=True, allow_nan=False) + "\n"
        self.folder.mkdir(parents=True, exist_ok=True)
        target = self.path_for(source_path, document)
        atomic_write(target, text.encode("ascii"))
        return target

    # ------------------------------------------------------------------ read
    def _read(self, path: Path) -> tuple[dict[str, Any], RecoveryEntry]:
        """Parse one recovery file (raises BuildFileError when it is not a usable copy)."""
        name = str(path)
        try:
            text = read_text(path, max_bytes=MAX_RECOVERY_BYTES, what="recovery file")
        except FileReadError as exc:
            raise BuildFileError(exc.msg, name) from None
        try:
            doc = json.loads(text, parse_constant=_refuse)
        except InvalidValueError as exc:             # a refused constant
            raise BuildFileError(Msg("recovery.corrupt", details=exc.msg), name) from None
        except json.JSONDecodeError as exc:
            raise BuildFileError(Msg("recovery.corrupt", details=json_msg(exc)), name) from None
        except (ValueError, RecursionError) as exc:  # a number too long, nested too deeply
            raise BuildFileError(Msg("recovery.corrupt", details=Msg("input.as-given", text=clean_text(str(exc), 120))),
                                 name) from None
        if not isinstance(doc, dict) or doc.get("recovery") != RECOVERY_VERSION or not isinstance(doc.get("build"), dict):
            raise BuildFileError(Msg("recovery.other-version"), name)
        stamp = doc.get("saved_at_unix")
        if isinstance(stamp, bool) or not isinstance(stamp, (int, float)) or not 0 < stamp < 1e11:
            raise BuildFileError(Msg("recovery.no-time"), name, "saved_at_unix")
        source = doc.get("source")
        meta = doc["build"].get("meta")
        build_name = meta.get("name") if isinstance(meta, dict) else None
        entry = RecoveryEntry(
            path=path,
            saved_at=datetime.fromtimestamp(stamp, UTC),
            source=Path(source) if isinstance(source, str) and source else None,
            app_version=str(doc.get("app_version", "?"))[:40],
            build_name=clean_text(build_name, 200) if isinstance(build_name, str) else "",
            pid=doc["pid"] if isinstance(doc.get("pid"), int) and not isinstance(doc.get("pid"), bool) else 0,
            instance=_instance_of(doc),
        )
        return doc, entry

    def list(self) -> list[RecoveryEntry]:
        """Usable recovery copies, newest first. Broken ones are skipped and noted in `problems`."""
        self.problems = []
        if not self.folder.is_dir():
            return []
        entries: list[RecoveryEntry] = []
        try:
            found = sorted(self.folder.glob(f"*{SUFFIX}"))
        except OSError as exc:
            self.problems.append(f"{self.folder}: cannot list: {exc.strerror or exc}")
            return []
        for path in found:
            try:
                doc, entry = self._read(path)
                self._build_of(doc, path)  # a copy that would not load is no use
            except BuildFileError as exc:
                self.problems.append(str(exc))
                continue
            live = entry.instance == self.instance or is_live(self.folder, entry.instance)
            entries.append(dataclasses.replace(entry, live=live))
        self._clean_temps()
        return sorted(entries, key=lambda e: e.saved_at, reverse=True)

    def load(self, entry: RecoveryEntry | Path) -> Build:
        """The build saved in a recovery copy; raises BuildFileError if it is damaged."""
        path = entry.path if isinstance(entry, RecoveryEntry) else Path(entry)
        doc, _ = self._read(path)
        return self._build_of(doc, path)

    @staticmethod
    def _build_of(doc: dict[str, Any], path: Path) -> Build:
        try:
            body = json.dumps(doc["build"], ensure_ascii=True)
        except (ValueError, RecursionError):
            raise BuildFileError(Msg("recovery.not-plain"), str(path)) from None
        return loads_build(body, str(path))

    # ------------------------------------------------------------------ discard
    def discard(self, entry_or_source: RecoveryEntry | Path | str | None, document: int = 0) -> None:
        """Remove a recovery copy: pass the entry, or the document's path (None: untitled)."""
        if isinstance(entry_or_source, RecoveryEntry):
            target = entry_or_source.path
        else:
            target = self.path_for(entry_or_source, document)
        try:
            target.unlink(missing_ok=True)
        except OSError:
            pass  # gone or locked: a stale copy is offered again at the next start, never lost

    def _clean_temps(self, older_than_s: float = 3600.0) -> None:
        """Delete temp files of writes that a kill interrupted (never the live copies)."""
        remove_stale_temps(self.folder, older_than_s=older_than_s)


def document_key(source_path: Path | str) -> str:
    """A short stable key of a document's absolute path (recovery file and lock names)."""
    try:
        key = str(Path(source_path).resolve())
    except (OSError, RuntimeError):   # a symlink loop
        key = os.path.abspath(source_path)
    return hashlib.sha256(key.encode("utf-8", "surrogatepass")).hexdigest()[:20]


_INSTANCE = re.compile(r"^[0-9]{1,10}-[0-9a-f]{6}$")


def _instance_of(doc: dict[str, Any]) -> str:
    """The header's instance id, when it is one this app writes (it becomes part of a file name)."""
    value = doc.get("instance")
    return value if isinstance(value, str) and _INSTANCE.match(value) else ""


def _refuse(text: str) -> Any:
    """NaN, Infinity and -Infinity: JSON's constants a build never holds."""
    raise InvalidValueError(Msg("recovery.not-finite", value=text))
