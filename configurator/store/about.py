"""What the Help menu and a problem report say about this installation: the version, the platform,
the project's licence, the third-party components with theirs, where the documentation is.

Read from the installed packages' metadata (importlib.metadata), never typed in by hand, so that the
list follows what is really installed (a wheel, an editable checkout or the PyInstaller bundle).
"""

from __future__ import annotations

import platform
import sys
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path
from typing import Any

from .. import __version__
from . import paths

#: the distribution this app is published as (pyproject.toml [project] name)
DISTRIBUTION = "ai-server-configurator"
#: the project's own licence (pyproject.toml `license`; the text is LICENSE in the repository root)
PROJECT_LICENSE = "Apache-2.0"

#: the third-party packages the app runs on (pyproject.toml [project] dependencies), Qt first:
#: PySide6/Qt is LGPL-3.0, the one licence here that asks something of a redistributor
THIRD_PARTY = ("PySide6-Essentials", "shiboken6", "pydantic", "psygnal", "numpy", "platformdirs", "babel",
               "reportlab", "openpyxl", "pyqtgraph", "redfish", "jc", "PyYAML", "SQLAlchemy", "alembic", "psycopg")


@dataclass(frozen=True)
class Component:
    name: str
    version: str      # "" when the package is not installed here
    licence: str      # SPDX expression or the package's own words; "" when it declares none


def _licence_of(meta: Any) -> str:
    """The licence a package declares: its SPDX `License-Expression`, else a one-line `License`,
    else its OSI classifier."""
    expression = (meta.get("License-Expression") or "").strip()
    if expression:
        return expression
    text = (meta.get("License") or "").strip()
    if text and "\n" not in text and len(text) <= 80:
        return text
    for classifier in meta.get_all("Classifier") or []:
        if classifier.startswith("License ::"):
            return classifier.rsplit("::", 1)[-1].strip()
    return ""


def third_party() -> list[Component]:
    """Every component in `THIRD_PARTY` with its installed version and declared licence."""
    out = []
    for name in THIRD_PARTY:
        try:
            meta: Any = metadata.metadata(name)
        except metadata.PackageNotFoundError:
            out.append(Component(name, "", ""))
            continue
        out.append(Component(name, meta.get("Version") or "", _licence_of(meta)))
    return out


def project_urls() -> dict[str, str]:
    """The project's URLs from its installed metadata (pyproject [project.urls]), label -> URL;
    empty when it declares none (then "Report a problem" prepares a report to send by hand)."""
    try:
        meta: Any = metadata.metadata(DISTRIBUTION)
        entries = meta.get_all("Project-URL") or []
    except metadata.PackageNotFoundError:
        return {}
    urls = {}
    for entry in entries:
        label, _sep, url = entry.partition(",")
        if url.strip():
            urls[label.strip().lower()] = url.strip()
    return urls


def issue_tracker_url() -> str:
    """The issue tracker from the metadata ("Issues", "Bug Tracker", "Tracker"), or ""."""
    urls = project_urls()
    for key in ("issues", "bug tracker", "bug reports", "tracker"):
        if key in urls:
            return urls[key]
    return ""


def documentation_location() -> str:
    """Where the documentation is: the `docs/` folder of a source checkout, else the metadata's
    documentation URL, else the README's URL; "" when none is known."""
    folder = paths.repo_root() / "docs"
    if folder.is_dir():
        return str(folder)
    urls = project_urls()
    for key in ("documentation", "docs", "homepage", "source"):
        if key in urls:
            return urls[key]
    return ""


def licence_file() -> Path | None:
    """The project's LICENSE text: next to the checkout, in the bundle's licenses/ folder or in
    the wheel's dist-info."""
    candidates = [paths.repo_root() / "LICENSE", Path(paths.repo_root()).parent / "LICENSE",
                  Path(getattr(sys, "_MEIPASS", "")) / "licenses" / "LICENSE"]
    try:
        for file in metadata.distribution(DISTRIBUTION).files or []:
            if file.name == "LICENSE":
                candidates.append(Path(str(file.locate())))
    except metadata.PackageNotFoundError:
        pass
    return next((c for c in candidates if c.is_file()), None)


def platform_line() -> str:
    """One line naming the OS, the machine and Python, for a problem report."""
    return f"{platform.system()} {platform.release()} ({platform.machine()}), Python {platform.python_version()}"


def problem_report(qt_version: str = "") -> str:
    """The facts a problem report needs, ready to paste: version, platform, Qt."""
    lines = [f"AI Server Configurator {__version__}", platform_line()]
    if qt_version:
        lines.append(f"Qt {qt_version}")
    frozen = getattr(sys, "frozen", False)
    lines.append("bundle" if frozen else ("wheel" if paths.is_installed() else "source checkout"))
    return "\n".join(lines)
