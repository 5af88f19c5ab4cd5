"""The GUI's settings (layout, recent files, language) live in one INI file under the user's config
folder, whichever launcher started the app, and `CONFIGURATOR_HOME` moves it (issue #30)."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QSettings

from configurator.qt.app import APP_NAME, make_app
from configurator.store import paths


def test_one_settings_file_under_the_config_folder_whatever_the_launcher(qapp):
    for launcher in ("configurator-gui", "__main__.py", "configurator"):
        QCoreApplication.setApplicationName(launcher)        # what Qt takes from argv[0]
        make_app()
        path = QSettings().fileName()
        assert QCoreApplication.applicationName() == APP_NAME
        assert path.startswith(str(paths.user_config_dir())) and path.endswith(".ini"), path


def test_a_language_saved_under_one_launcher_is_read_under_another(qapp):
    QCoreApplication.setApplicationName("configurator")
    make_app()
    QSettings().setValue("language", "zh_CN")
    QSettings().sync()
    QCoreApplication.setApplicationName("configurator-gui")
    make_app()
    assert QSettings().value("language") == "zh_CN"
