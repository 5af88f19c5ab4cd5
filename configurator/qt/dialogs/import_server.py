"""File ▸ Import from server…: read a running server's BMC over Redfish, or a probe folder / probe.py's
JSON file (the `inventory` importer, as `configurator import inventory`), into a new, unsaved build.

The dialog only collects the address and the login; the import (`io.importers` "redfish") runs on
a worker thread so a slow or dead BMC never freezes the window, and its one-line error is shown
in the dialog, which stays open to correct the address or the password. The result replaces the
window's build as an unsaved document, like File ▸ New; its notes (for a technician, the import's
result) open in the import report (`import_report.py`), and stay in the build's Notes. With
`verify=True` the same dialog reads only the server's inventory, for View ▸ Verify (`verify_panel.py`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import QCoreApplication, QObject, QThread, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from ...core.catalog import Catalog
from ...formats.importers.inventory_model import Inventory
from ...formats.importers.redfish import RedfishOptions
from ...formats.importers.servers import ImportSettings, server_importer
from ...words.errors import error_text


class _ImportWorker(QObject):
    """Runs one import (or, for verify, one read of the server's inventory) on its own thread;
    reports exactly one of `done` or `failed`."""

    done = Signal(object)       # ImportResult, or an Inventory when `inventory_only`
    failed = Signal(str)        # one line

    def __init__(self, options: RedfishOptions, catalog: Catalog, inventory_only: bool = False) -> None:
        super().__init__()
        self._options, self._catalog, self._inventory_only = options, catalog, inventory_only

    def run(self) -> None:
        source = self._options.url
        try:
            result: Any
            if self._inventory_only:
                result = read_server_inventory(self._options)
            elif is_probe(source):    # a probe folder or probe.py's JSON file
                result = server_importer("inventory").read(source, self._catalog, ImportSettings())
            else:
                result = server_importer("redfish").read(source, self._catalog, ImportSettings(connection=self._options))
        except (ValueError, OSError) as exc:     # RedfishError, bad options: one line each
            self.failed.emit(error_text(exc))
            return
        self.done.emit(result)


def read_server_inventory(options: RedfishOptions) -> Inventory:
    """What the probe folder / file or the BMC at `options.url` reports (for verify)."""
    if is_probe(options.url):
        from ...formats.importers.inventory import read_inventory as read_probe

        return read_probe(options.url)
    from ...formats.importers.redfish import read_inventory as read_bmc

    return read_bmc(options)


def is_probe(source: str) -> bool:
    """True when `source` names a local probe folder or file rather than a BMC's address."""
    return bool(source) and "://" not in source and Path(source).expanduser().exists()


class ImportServerDialog(QDialog):
    """Address, user, password and the TLS choice; `result` holds the import once it succeeded."""

    def __init__(self, catalog: Catalog, parent: QWidget | None = None, verify: bool = False) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Verify against the server") if verify else self.tr("Import from server"))
        self._catalog = catalog
        self._verify = verify
        self.result_: Any = None        # ImportResult; for verify, the server's Inventory
        self._thread: QThread | None = None
        self._worker: _ImportWorker | None = None
        self.url = QLineEdit(placeholderText="https://10.0.0.42")
        self.url.setMinimumWidth(280)     # a probe folder's path, not only an address
        self.user = QLineEdit()
        self.password = QLineEdit(echoMode=QLineEdit.EchoMode.Password)
        self.insecure = QCheckBox(self.tr("Accept a self-signed certificate (do not verify TLS)"))
        self.status = QLabel(wordWrap=True)
        form = QFormLayout()
        self.probe_folder = QPushButton(self.tr("Probe folder…"))
        self.probe_file = QPushButton(self.tr("Probe JSON…"))
        self.probe_folder.clicked.connect(self._choose_folder)
        self.probe_file.clicked.connect(self._choose_file)
        source = QHBoxLayout()
        source.addWidget(self.url, 1)
        source.addWidget(self.probe_folder)
        source.addWidget(self.probe_file)
        form.addRow(self.tr("BMC address or probe"), source)
        form.addRow(self.tr("User"), self.user)
        form.addRow(self.tr("Password"), self.password)
        form.addRow("", self.insecure)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setText(self.tr("Verify") if verify else self.tr("Import"))
        self.buttons.accepted.connect(self.start)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.status)
        layout.addWidget(self.buttons)

    def _choose_folder(self) -> None:
        folder = QFileDialog.getExistingDirectory(self, self.tr("Probe folder"))
        if folder:
            self.url.setText(folder)

    def _choose_file(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, self.tr("Probe JSON file"), "", self.tr("JSON files (*.json)"))
        if path:
            self.url.setText(path)

    def options(self) -> RedfishOptions:
        url = self.url.text().strip()
        if url and "://" not in url and not is_probe(url):
            url = "https://" + url      # BMCs serve Redfish over HTTPS
        return RedfishOptions(url=url, user=self.user.text().strip() or None, password=self.password.text() or None,
                              insecure=self.insecure.isChecked())

    def start(self) -> None:
        """Begin the import on a worker thread (the dialog stays responsive and cancellable)."""
        if self._thread is not None:
            return
        options = self.options()
        if not options.url:
            self.status.setText(self.tr("Enter the BMC's address or choose a probe folder."))
            return
        self._set_busy(True)
        self.status.setText(self.tr("Reading %s …") % options.url)
        thread, worker = QThread(self), _ImportWorker(options, self._catalog, self._verify)
        worker.moveToThread(thread)
        thread.started.connect(worker.run)
        worker.done.connect(self._on_done)
        worker.failed.connect(self._on_failed)
        self._thread, self._worker = thread, worker
        thread.start()

    def _finish_thread(self) -> None:
        if self._thread is not None:
            self._thread.quit()
            self._thread.wait()
        self._thread = self._worker = None

    def _on_done(self, result: Any) -> None:
        self._finish_thread()
        self.result_ = result
        self.accept()

    def _on_failed(self, message: str) -> None:
        self._finish_thread()
        self._set_busy(False)
        self.status.setText(message)

    def _set_busy(self, busy: bool) -> None:
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(not busy)
        for field in (self.url, self.user, self.password, self.insecure, self.probe_folder, self.probe_file):
            field.setEnabled(not busy)

    def done(self, code: int) -> None:  # noqa: N802 - Qt's name
        # closing while an import runs: wait for the worker (bounded by the request timeouts)
        self._finish_thread()
        super().done(code)


def import_from_server(window: Any) -> None:
    """File ▸ Import from server… for the main window (`session`, `maybe_save`, `show_message`):
    the import replaces the build, and its report (qt/dialogs/import_report.py) opens beside it."""
    if not window.maybe_save():
        return
    dialog = ImportServerDialog(window.session.catalog, window)
    if dialog.exec() and dialog.result_ is not None:
        result = dialog.result_
        window.discard_recovery()
        window.session.replace_build(result.build, None, clean=False)
        placed = len(result.build.placements)
        text = QCoreApplication.translate("ImportServerDialog", "Imported %s: %d part(s) placed, %d note(s) in the build's notes")
        window.show_message(text % (result.inventory.source, placed, len(result.loaded.notes)))
        from .import_report import show_import_report

        show_import_report(window, result)
    dialog.deleteLater()
