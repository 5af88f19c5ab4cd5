"""The GUI's language: Qt translators, the CJK fallback font, and the View ▸ Language menu.

The language is chosen once at start (configurator/words/i18n.py: `--lang`, `CONFIGURATOR_LANG`, the
saved setting, the system locale); the menu saves a new choice, applied on the next start, since
every widget reads its texts when it is built.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QLibraryInfo, QLocale, QSettings, QTranslator
from PySide6.QtGui import QAction, QActionGroup, QFont, QFontDatabase, QFontInfo
from PySide6.QtWidgets import QApplication, QMenu, QMessageBox, QWidget

from ...store import paths
from ...words import i18n
from ..tr_marks import QT_TRANSLATE_NOOP

SETTING = "language"
CJK_FONT_FILE = "DroidSansFallbackFull.ttf"


def saved_language() -> str | None:
    value = QSettings().value(SETTING)
    return value if isinstance(value, str) else None


# Qt's own dialog words whose sources changed after Qt's zh_CN catalog was written (qtbase_zh_CN has
# "Look in:", Qt 6 asks for "&Look in:"): the file dialog of every open and export read "Look in",
# "Files of type" and "Folder" in the Chinese UI. Worded in our .ts; our translator is asked first.
QT_CATALOG_GAPS = (
    QT_TRANSLATE_NOOP("QFileDialog", "&Look in:"),
    QT_TRANSLATE_NOOP("QFileDialog", "Files of &type:"),
    QT_TRANSLATE_NOOP("QAbstractFileIconProvider", "Folder", "All other platforms"),
    QT_TRANSLATE_NOOP("QAbstractFileIconProvider", "%1 File", "%1 is a file name suffix, for example txt"),
)


def install(app: QApplication, explicit: str | None = None) -> str:
    """Choose the language, install its translators (ours and Qt's own dialogs); returns it."""
    lang = i18n.choose_language(explicit, saved_language())
    i18n.set_language(lang)
    # Chinese number and date formats for Chinese; otherwise the system's, as before
    QLocale.setDefault(QLocale(lang) if lang != "en" else QLocale.system())
    for old in getattr(app, "_translators", ()):  # a second call (tests) replaces the first
        app.removeTranslator(old)
    keep = []
    if lang != "en":
        for name, folder in (("qtbase", QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)),
                             ("configurator", str(paths.translations_dir()))):
            tr = QTranslator(app)
            if tr.load(f"{name}_{lang}", folder):
                app.installTranslator(tr)
                keep.append(tr)
            elif name == "configurator":
                raise paths.ShippedDataMissingError(f"{folder}/{name}_{lang}.qm: translation missing")
    app._translators = keep  # type: ignore[attr-defined]
    register_cjk_font(app)
    return lang


def register_cjk_font(app: QApplication) -> str | None:
    """Make the shipped CJK font the fallback for Han glyphs, so Chinese renders on a system
    without CJK fonts (the PDF quote embeds the same file). Returns its family, or None."""
    font_id = QFontDatabase.addApplicationFont(str(paths.resources_dir() / "fonts" / CJK_FONT_FILE))
    families = QFontDatabase.applicationFontFamilies(font_id) if font_id >= 0 else []
    if not families:
        return None
    family = families[0]
    base = app.font().family()
    # The UI font is often an alias ("Sans Serif") that no installed family is named: a substitute
    # alone would then become the font of every text, Latin included. The family the alias
    # resolves to comes first, the CJK font after it, for the glyphs that family lacks.
    resolved = QFontInfo(app.font()).family()
    if family.lower() not in (name.lower() for name in QFont.substitutes(base)):  # Qt keeps them lower-case
        QFont.insertSubstitutions(base, [name for name in (resolved, family) if name.lower() != base.lower()])
    return family


def language_menu(parent: QWidget) -> QMenu:
    """View ▸ Language: one checkable entry per language; a change is saved for the next start."""
    menu = QMenu(QCoreApplication.translate("MainWindow", "&Language"), parent)
    group = QActionGroup(menu)
    current = i18n.current_language()
    for code, name in i18n.LANGUAGES.items():
        act = QAction(name, menu, checkable=True, checked=code == current)
        act.setData(code)
        group.addAction(act)
        menu.addAction(act)
    group.triggered.connect(lambda act: _choose(parent, act.data(), current))
    return menu


def _choose(parent: QWidget, code: str, current: str) -> None:
    QSettings().setValue(SETTING, code)
    if code != current:
        QMessageBox.information(parent, QCoreApplication.translate("MainWindow", "Language"),
                                QCoreApplication.translate("MainWindow", "The language changes when the app is "
                                                           "started again."))
