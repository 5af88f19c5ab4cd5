"""Build hook: copy the top-level data folders into the package at build time.

The source tree keeps `catalogs/`, `resources/` and `examples/` at the top level (where a sales
team edits them); the wheel carries them as `configurator/_shipped/<folder>` so that
`configurator.store.paths` finds them with `importlib.resources` wherever the wheel is installed.
Everything else about the distribution is declared in pyproject.toml.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

DATA_FOLDERS = ("catalogs", "resources", "examples")
SHIPPED = Path("configurator") / "_shipped"
# Editor and build droppings that must not end up in the wheel.
_IGNORE = shutil.ignore_patterns("__pycache__", "*.pyc", "*~", ".*")


class BuildPyWithData(build_py):
    """`build_py` that also copies the data folders under `configurator/_shipped/`."""

    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False):
            return  # an editable install reads the folders in place (see configurator/store/paths.py)
        root = Path(__file__).resolve().parent
        target = Path(self.build_lib) / SHIPPED
        for name in DATA_FOLDERS:
            source = root / name
            if not source.is_dir():
                raise SystemExit(f"setup.py: data folder {source} is missing; the wheel would be empty")
            shutil.rmtree(target / name, ignore_errors=True)
            shutil.copytree(source, target / name, ignore=_IGNORE)


setup(cmdclass={"build_py": BuildPyWithData})
