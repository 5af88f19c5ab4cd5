"""File ▸ Export tender pack…: the open build's 技术偏差表 and 分项报价明细表 (docs/tender.md).

Asks for the tender's requirement file (TOML), then where to write the pack: a .pdf or a .xlsx
by the chosen name's suffix. The build is the one on screen, evaluated as the panels show it; the
pack is in Chinese (a Chinese tender's documents; `configurator tender --language en` for English). A bad requirement file is one
warning line naming the file and the field. The two file dialogs are parameters so a test can
answer them.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QFileDialog, QMessageBox, QWidget

Ask = Callable[..., tuple[str, str]]


def export_tender(parent: QWidget, session: Any, ask_open: Ask = QFileDialog.getOpenFileName,
                  ask_save: Ask = QFileDialog.getSaveFileName) -> Path | None:
    """Ask for the requirement file and the output, write the pack; the written path, None if cancelled or refused."""
    from ...formats.exporters.tender import tender_pack, write_tender_pdf, write_tender_xlsx
    from ...store.tender_files import load_tender
    from ...store.vendor_settings import load_settings
    from ...words.errors import error_text

    reqs, _ = ask_open(parent, QCoreApplication.translate("TenderExport", "Tender requirements"), "",
                       QCoreApplication.translate("TenderExport", "Tender requirements (*.toml)"))
    if not reqs:
        return None
    own = Path(session.path).with_name(Path(session.path).stem + "-tender.pdf") if session.path else Path("tender.pdf")
    out, chosen = ask_save(parent, QCoreApplication.translate("TenderExport", "Export tender pack"), str(own),
                           QCoreApplication.translate("TenderExport", "PDF (*.pdf);;Excel workbook (*.xlsx)"))
    if not out:
        return None
    target = Path(out)
    if target.suffix.lower() not in (".pdf", ".xlsx"):
        target = target.with_suffix(".xlsx" if "xlsx" in chosen else ".pdf")
    try:
        tender = load_tender(reqs)
        pack = tender_pack(session.build, session.evaluation, tender, session.catalog,
                           load_settings().vendor.company, "zh_CN")
        write = write_tender_xlsx if target.suffix.lower() == ".xlsx" else write_tender_pdf
        return write(pack, target)
    except (ValueError, OSError) as exc:
        QMessageBox.warning(parent, QCoreApplication.translate("TenderExport", "Cannot export"), error_text(exc))
        return None
