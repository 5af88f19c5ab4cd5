"""Every package but qt must import with PySide6 and pyqtgraph unavailable."""

from __future__ import annotations

import subprocess
import sys
import textwrap

BLOCKER = textwrap.dedent(
    """
    import importlib.abc, sys

    class Block(importlib.abc.MetaPathFinder):
        def find_spec(self, name, path=None, target=None):
            if name.split(".")[0] in ("PySide6", "pyqtgraph", "shiboken6") or name.startswith("configurator.qt"):
                raise ImportError(f"blocked: {name}")
            return None

    sys.meta_path.insert(0, Block())
    import pkgutil, importlib
    import configurator
    for pkg in ("configurator.core", "configurator.words", "configurator.store", "configurator.report",
                "configurator.formats", "configurator.cli"):
        mod = importlib.import_module(pkg)
        for info in pkgutil.walk_packages(mod.__path__, pkg + "."):
            importlib.import_module(info.name)
    import configurator.cli.main
    from configurator.store.catalogs import load_catalog
    from configurator.core.evaluator import evaluate
    assert not any(m.split(".")[0] in ("PySide6", "pyqtgraph") for m in sys.modules), "Qt was imported"
    print("qt-free ok")
    """
)


def test_core_io_report_import_without_qt():
    proc = subprocess.run([sys.executable, "-c", BLOCKER], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert "qt-free ok" in proc.stdout
