"""The only package that imports Qt: main window, chassis view, palette, panels, charts."""

from __future__ import annotations

import sys

# PySide6's import hook (its `__feature__` switch) reads the source of every module that runs an
# import statement once PySide6 is loaded (inspect.getsource, ~0.1-0.3 ms each): the Qt-free modules
# every window imports (~200, pydantic's included) come first, which spares ~50 ms of CPU before the
# window's first frame (bench/bench_startup.py; docs/measurements/startup-2026-12-06.txt).
import babel.dates  # noqa: F401, E402  (the panels' number and date formats)
import babel.numbers  # noqa: F401, E402

from ..core import explain, money, ops, placement, session  # noqa: F401, E402
from ..core.evaluate import workload  # noqa: F401, E402
from ..formats import exporters, importers  # noqa: F401, E402
from ..store import about, autosave, catalogs, loaded_evaluator, vendor_settings  # noqa: F401, E402
from ..words import problems, render  # noqa: F401, E402


def pin_none() -> None:
    """Guard against PySide6 6.12.0 on CPython 3.11, where every call of a void Qt method
    drops one reference to `None` (immortal only from 3.12 on) until the interpreter aborts
    with "none_dealloc". pyproject.toml excludes 6.12; this keeps an environment that has it
    anyway from crashing mid-demo by giving None an effectively infinite reference count.
    A no-op on 3.12+ and on other PySide6 versions. Idempotent.
    """
    if sys.version_info >= (3, 12) or getattr(sys, "_configurator_none_pinned", False):
        return
    try:
        import PySide6
    except ImportError:  # pragma: no cover - Qt missing: nothing to guard
        return
    if not str(getattr(PySide6, "__version__", "")).startswith("6.12"):
        return
    import ctypes

    ctypes.c_ssize_t.from_address(id(None)).value += 1 << 40
    sys._configurator_none_pinned = True  # type: ignore[attr-defined]


pin_none()
