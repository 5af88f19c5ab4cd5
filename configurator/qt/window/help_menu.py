"""The Help menu: documentation, "Report a problem", About (version, licences, Qt's LGPL, the
third-party components). The facts come from store/about.py (installed metadata); this module only
shows them. Its texts are in the .ts under the context "HelpMenu"."""

from __future__ import annotations

import html

from PySide6.QtCore import QCoreApplication, QUrl, qVersion
from PySide6.QtGui import QDesktopServices, QGuiApplication
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QMenu, QMessageBox, QTextBrowser, QVBoxLayout, QWidget

from ... import __version__
from ...store import about
from ..screen_fit import resize_to_fit


def help_menu(window: QWidget) -> QMenu:
    menu = QMenu(QCoreApplication.translate("HelpMenu", "&Help"), window)
    menu.setObjectName("helpMenu")
    menu.addAction(QCoreApplication.translate("HelpMenu", "&Documentation"), lambda: open_documentation(window))
    menu.addAction(QCoreApplication.translate("HelpMenu", "&Report a problem…"), lambda: report_problem(window))
    menu.addSeparator()
    menu.addAction(QCoreApplication.translate("HelpMenu", "&Licences…"), lambda: show_licences(window))
    menu.addAction(QCoreApplication.translate("HelpMenu", "&About AI Server Configurator"), lambda: show_about(window))
    return menu


def _open(location: str) -> bool:
    url = QUrl(location) if "://" in location else QUrl.fromLocalFile(location)
    return QDesktopServices.openUrl(url)


def open_documentation(window: QWidget) -> None:
    """The docs/ folder of a checkout, or the documentation URL the package declares; where neither
    is known or nothing opens it, say where it is instead of doing nothing."""
    location = about.documentation_location()
    if location and _open(location):
        return
    text = QCoreApplication.translate("HelpMenu", "The documentation is the README and the docs/ folder of the "
                                                  "source distribution.")
    QMessageBox.information(window, QCoreApplication.translate("HelpMenu", "Documentation"),
                            text + (f"\n\n{location}" if location else ""))


def report_problem(window: QWidget) -> None:
    """Copy the version and platform to the clipboard and open the issue tracker when the package
    declares one; the report text is shown either way, to paste into a report or an e-mail."""
    report = about.problem_report(qVersion())
    QGuiApplication.clipboard().setText(report)
    tracker = about.issue_tracker_url()
    opened = bool(tracker) and _open(tracker)
    text = QCoreApplication.translate("HelpMenu", "The version and platform below are copied to the clipboard; paste "
                                                  "them into your report with the steps that show the problem and, if "
                                                  "you can, the build file.")
    if tracker:
        line = (QCoreApplication.translate("HelpMenu", "Issue tracker: %1") if opened else
                QCoreApplication.translate("HelpMenu", "Issue tracker (open it in a browser): %1"))
        text += "\n\n" + line.replace("%1", tracker)
    box = QMessageBox(QMessageBox.Icon.Information, QCoreApplication.translate("HelpMenu", "Report a problem"), text,
                      QMessageBox.StandardButton.Ok, window)
    box.setObjectName("reportProblem")
    box.setInformativeText(report)
    box.exec()


def about_html() -> str:
    summary = QCoreApplication.translate("HelpMenu", "Configures AI training and inference servers, offline and "
                                                     "vendor-neutral.")
    licence = QCoreApplication.translate("HelpMenu", "Licence: %1. Built with Qt %2 (PySide6), used under the LGPL-3.0.")
    licence = licence.replace("%1", about.PROJECT_LICENSE).replace("%2", qVersion())
    return (f"<h3>AI Server Configurator {html.escape(__version__)}</h3><p>{html.escape(summary)}</p>"
            f"<p>{html.escape(licence)}</p><p>{html.escape(about.platform_line())}</p>")


def show_about(window: QWidget) -> None:
    box = QMessageBox(QMessageBox.Icon.NoIcon, QCoreApplication.translate("HelpMenu", "About AI Server Configurator"),
                      about_html(), QMessageBox.StandardButton.Ok, window)
    box.setObjectName("aboutBox")
    licences = box.addButton(QCoreApplication.translate("HelpMenu", "Licences…"), QMessageBox.ButtonRole.ActionRole)
    qt = box.addButton(QCoreApplication.translate("HelpMenu", "About Qt"), QMessageBox.ButtonRole.ActionRole)
    box.exec()
    if box.clickedButton() is licences:
        show_licences(window)
    elif box.clickedButton() is qt:
        QMessageBox.aboutQt(window)


def licences_html() -> str:
    """The project's licence, where its text is, and every third-party component's."""
    file = about.licence_file()
    missing = QCoreApplication.translate("HelpMenu", "not installed")
    undeclared = QCoreApplication.translate("HelpMenu", "not declared")
    rows = "".join(f"<tr><td>{html.escape(c.name)}</td><td>{html.escape(c.version or missing)}</td>"
                   f"<td>{html.escape(c.licence or undeclared)}</td></tr>" for c in about.third_party())
    where = str(file) if file else QCoreApplication.translate("HelpMenu", "the LICENSE file of the distribution")
    own = QCoreApplication.translate("HelpMenu", "AI Server Configurator is licensed under the %1 licence; its text is in %2.")
    own = own.replace("%1", about.PROJECT_LICENSE).replace("%2", where)
    qt_note = QCoreApplication.translate("HelpMenu", "Qt and PySide6 are used under the GNU LGPL-3.0: they are loaded "
                                                     "as shared libraries you can replace; their licence texts are in the "
                                                     "PySide6 package (in the bundle: licenses/PySide6).")
    fonts_note = QCoreApplication.translate("HelpMenu", "Fonts: DejaVu (Bitstream Vera licence) and Droid Sans Fallback "
                                                        "(Apache-2.0), see resources/fonts.")
    heads = "".join(f"<th align='left'>{html.escape(h)}</th>" for h in (
        QCoreApplication.translate("HelpMenu", "Component"), QCoreApplication.translate("HelpMenu", "Version"),
        QCoreApplication.translate("HelpMenu", "Licence")))
    return (f"<p>{html.escape(own)}</p><p>{html.escape(qt_note)}</p><p>{html.escape(fonts_note)}</p>"
            f"<table cellpadding='3'><tr>{heads}</tr>{rows}</table>")


def show_licences(window: QWidget) -> QDialog:
    dialog = QDialog(window)
    dialog.setObjectName("licencesDialog")
    dialog.setWindowTitle(QCoreApplication.translate("HelpMenu", "Licences"))
    text = QTextBrowser(dialog)
    text.setHtml(licences_html())
    text.setOpenExternalLinks(True)
    buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, dialog)
    buttons.rejected.connect(dialog.reject)
    layout = QVBoxLayout(dialog)
    layout.addWidget(text)
    layout.addWidget(buttons)
    resize_to_fit(dialog, 640, 560)
    dialog.show()
    return dialog
