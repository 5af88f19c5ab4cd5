"""Open every top-level window and dialog of the GUI, one after the other, and say how big each is
against the screen's available area (issue #30: windows larger than a laptop's screen).

    python tests/qt/window_fit_probe.py [--lang zh_CN] [--shots DIR] [--real]

Prints one JSON object: the available area ("room", x y w h) and, per window, its frame geometry
(x y w h; the frame is the window manager's, under a real X server with one). With `--shots`, a PNG
per window: the window itself offscreen, the whole screen with `--real` (Xvfb and a window
manager, so the screenshot shows what a user sees: docs/manual-gui-check.md).

Run by tests/qt/test_screen_fit.py under Qt's offscreen platform with a configured screen
(tests/fixtures/screens/), and by hand under Xvfb + openbox (`/work/guicheck.sh` style).

Modal dialogs are not run modally: `exec()` shows the dialog, measures it and closes it, so that the
whole tour runs without a person clicking.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"
PROBE_H200 = ROOT / "tests" / "fixtures" / "probe-h200"


class Tour:
    """The app, its main window on an example build, and the sizes measured so far."""

    def __init__(self, lang: str, shots: Path | None, real: bool, only: set[str]) -> None:
        from PySide6.QtWidgets import QDialog, QMessageBox

        from configurator.qt.app import install_message_filter, make_app, open_session

        install_message_filter()
        self.app = make_app(lang=lang)
        self.shots, self.real, self.only = shots, real, only
        self.sizes: dict[str, list[int]] = {}
        self.pending: list[str] = []     # the name of the modal dialog about to open
        tour = self

        def fake_exec(dialog: QDialog) -> int:
            """A modal dialog is measured instead of run (named by the caller, else its object name)."""
            name = tour.pending.pop(0) if tour.pending else (dialog.objectName() or type(dialog).__name__)
            dialog.show()
            tour.look(name, dialog)
            dialog.hide()
            return 0

        QDialog.exec = fake_exec  # type: ignore[method-assign]
        QMessageBox.exec = fake_exec  # type: ignore[method-assign]
        from configurator.qt.window.main_window import MainWindow

        self.session, error = open_session(str(EXAMPLES / "hgx-h100-8gpu.json"))
        assert not error, error
        self.window = MainWindow(self.session)
        self.window.show()
        self.look("main", self.window)

    def wanted(self, name: str) -> bool:
        return not self.only or name in self.only

    def look(self, name: str, widget) -> None:
        """Measure `widget` (shown) and take its screenshot."""
        from configurator.qt.app import settle

        settle(self.app)
        if self.real:           # the window manager places and decorates it: give it a moment
            deadline = time.monotonic() + 1.5
            while time.monotonic() < deadline:
                self.app.processEvents()
                time.sleep(0.05)
        frame = widget.frameGeometry()
        self.sizes[name] = [frame.x(), frame.y(), frame.width(), frame.height()]
        if self.shots:
            pixmap = self.app.primaryScreen().grabWindow(0) if self.real else widget.grab()
            pixmap.save(str(self.shots / f"{name}.png"), "PNG")

    def modal(self, name: str, run) -> None:
        if self.wanted(name):
            self.pending.append(name)
            run()
            self.pending.clear()

    def modeless(self, name: str, make) -> None:
        if self.wanted(name):
            widget = make()
            widget.show()
            self.look(name, widget)
            widget.close()

    def builder_dialogs(self) -> None:
        """Edit ▸ Change chassis…, Ctrl+K, a figure's explanation."""
        from configurator.qt.dialogs.chassis_picker import ChassisPicker
        from configurator.qt.dialogs.command_palette import CommandPalette
        from configurator.qt.dialogs.explain_popup import ExplainDialog

        window, session = self.window, self.session
        self.modeless("chassis-picker", lambda: ChassisPicker(session.catalog, session.build.chassis, window))
        self.modeless("command-palette", lambda: CommandPalette(window))
        self.modeless("explain", lambda: ExplainDialog(window.session, "thermal.load_pct", window))

    def import_dialogs(self) -> None:
        """File ▸ Import from server… / Verify…, the report of a probe folder's import, its part chooser."""
        from configurator.formats.importers.servers import ImportSettings, server_importer
        from configurator.qt.dialogs.import_report import ImportReport, PartChooser
        from configurator.qt.dialogs.import_server import ImportServerDialog
        from configurator.qt.views.verify_panel import show_verification

        window, catalog = self.window, self.session.catalog
        self.modeless("import-server", lambda: ImportServerDialog(catalog, window))
        self.modeless("verify-server", lambda: ImportServerDialog(catalog, window, verify=True))
        result = server_importer("inventory").read(PROBE_H200, catalog, ImportSettings())
        if self.wanted("import-report"):
            window.session.replace_build(result.build, None, clean=False)
            self.modeless("import-report", lambda: ImportReport(window.session, result, window))
        self.modeless("part-chooser", lambda: PartChooser(catalog, ("cpu",), "Intel(R) Xeon(R) Platinum 8480+", window))
        if self.wanted("verify"):
            show_verification(window, result.inventory)
            self.look("verify", window)      # a dock in the main window: the window still fits

    def export_dialogs(self) -> None:
        """File ▸ Export PDF quote: its details, the vendor profile; a refusal listing 24 errors."""
        from configurator.core.message import Msg
        from configurator.qt.dialogs.quote_details import QuoteDialog, VendorDialog
        from configurator.store.vendor_settings import UnorderableError

        window = self.window
        self.modeless("quote-details", lambda: QuoteDialog(window.session, window))
        self.modeless("vendor-profile", lambda: VendorDialog(window))
        errors = [f"E{n:03d}: PSU{n} cannot feed the GPU baseboard at 120 V: 0 W installed of the "
                           f"10,200 W the build needs at peak" for n in range(1, 25)]
        refusal = UnorderableError(Msg("quote.unorderable", n=len(errors)), errors)
        self.modal("export-refusal", lambda: window._show_refusal(refusal, True))
        # the file dialog every export and open asks with (Qt's own where the desktop offers none)
        from PySide6.QtWidgets import QFileDialog

        self.modeless("file-dialog", lambda: QFileDialog(window, window.tr("Export %s") % "PDF", str(ROOT / "examples"),
                                                         "PDF (*.pdf)"))

    def views(self) -> None:
        """Tools and View: recommend, quotes, upgrade plan, cluster, acceptance, software stack."""
        from configurator.qt.views.acceptance import AcceptanceDialog
        from configurator.qt.views.cluster_plan import ClusterDialog
        from configurator.qt.views.quotes_view import QuotesDialog
        from configurator.qt.views.recommendations import RecommendDialog
        from configurator.qt.views.stack_view import StackDialog
        from configurator.qt.views.upgrade_plan import UpgradeDialog

        window = self.window
        for name, kind in (("recommend", RecommendDialog), ("quotes", QuotesDialog), ("upgrade-plan", UpgradeDialog),
                           ("cluster-plan", ClusterDialog), ("acceptance", AcceptanceDialog),
                           ("software-stack", StackDialog)):
            self.modeless(name, lambda kind=kind: kind(window.session, window))

    def compare(self) -> None:
        """File ▸ Compare builds…: the picker and the view of four builds."""
        if not (self.wanted("compare-picker") or self.wanted("compare")):
            return
        from configurator.formats.importers import importer_for
        from configurator.qt.compare.compare_window import ComparePicker, CompareView

        window = self.window
        for name in ("pcie-l40s-8gpu.json", "dgx-h100-8gpu.json", "lenovo-sr685a-v3-8x-h200.json"):
            path = EXAMPLES / name
            window.documents.add(importer_for(str(path)).read(path, self.session.catalog).build, path)
        self.modal("compare-picker", lambda: ComparePicker(window.documents, window).exec())
        self.modeless("compare", lambda: CompareView(window, list(window.documents.documents)))

    def help(self) -> None:
        from configurator.qt.window import help_menu

        self.modal("about", lambda: help_menu.show_about(self.window))
        self.modal("report-problem", lambda: help_menu.report_problem(self.window))
        self.modeless("licences", lambda: help_menu.show_licences(self.window))

    def close(self) -> None:
        for doc in self.window.documents.documents:
            doc.session.mark_clean()
        self.window.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--lang", default="en")
    parser.add_argument("--shots", type=Path)
    parser.add_argument("--real", action="store_true", help="screenshots of the whole screen (a real X server)")
    parser.add_argument("--only", default="", help="comma-separated window names to open (default: all)")
    args = parser.parse_args(argv)
    if args.shots:
        args.shots.mkdir(parents=True, exist_ok=True)
    tour = Tour(args.lang, args.shots, args.real, {n for n in args.only.split(",") if n})
    room = tour.app.primaryScreen().availableGeometry()
    for step in (tour.builder_dialogs, tour.import_dialogs, tour.export_dialogs, tour.views, tour.compare, tour.help):
        step()
    tour.close()
    print(json.dumps({"room": [room.x(), room.y(), room.width(), room.height()], "lang": args.lang,
                      "windows": tour.sizes}))
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    sys.exit(main())
