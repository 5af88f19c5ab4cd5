"""`configurator desktop-install [--data-home DIR] [--exec CMD] [--uninstall]`: the Linux desktop
entry (menu item, icon) and the build file's MIME type, for this user (~/.local/share).

Writes applications/ai-server-configurator.desktop, mime/packages/ai-server-configurator.xml and the
icon under hicolor/, then refreshes the MIME and desktop databases with the freedesktop tools when
they are installed (update-mime-database, update-desktop-database) and makes the app the default for
build files (xdg-mime). The templates are in resources/desktop/ (shipped in the wheel and bundle).
"""

from __future__ import annotations

import argparse
import os
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

from ...core.message import Msg
from ...store.text_files import read_text
from ...words.i18n import _
from ..command import CliError, Command, note

APP_ID = "ai-server-configurator"
MIME_TYPE = "application/x-ai-server-build+json"


def arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--data-home", metavar="DIR",
                        help=_("where to install (default: $XDG_DATA_HOME or ~/.local/share); "
                               "with it, the user's default applications are left as they are"))
    parser.add_argument("--exec", dest="exec_command", metavar="CMD",
                        help=_("the command the menu item runs (default: this installation's configurator-gui)"))
    parser.add_argument("--uninstall", action="store_true", help=_("remove what desktop-install wrote"))


def default_exec() -> str:
    """The command that opens the window from this installation: the bundle's executable, the
    installed `configurator-gui`, else this Python running the package."""
    if getattr(sys, "frozen", False):
        return shlex.quote(sys.executable) + " gui"
    found = shutil.which("configurator-gui")
    if found:
        return shlex.quote(found)
    return f"{shlex.quote(sys.executable)} -m configurator gui"


def targets(data_home: Path) -> dict[str, Path]:
    return {"desktop": data_home / "applications" / f"{APP_ID}.desktop",
            "mime": data_home / "mime" / "packages" / f"{APP_ID}.xml",
            "icon": data_home / "icons" / "hicolor" / "256x256" / "apps" / f"{APP_ID}.png"}


def _refresh(data_home: Path, set_default: bool) -> None:
    """The freedesktop databases, when their tools are installed (a missing tool is said, not fatal)."""
    steps = [["update-mime-database", str(data_home / "mime")],
             ["update-desktop-database", str(data_home / "applications")]]
    if set_default:
        steps.append(["xdg-mime", "default", f"{APP_ID}.desktop", MIME_TYPE])
    for step in steps:
        if shutil.which(step[0]) is None:
            print(_("{tool} is not installed: skipped").format(tool=step[0]), file=sys.stderr)
            continue
        subprocess.run(step, check=False, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=60)


def run(args: argparse.Namespace) -> int:
    from ...store import paths

    if args.data_home:
        data_home = Path(args.data_home)
    else:
        data_home = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    files = targets(data_home)
    if args.uninstall:
        for path in files.values():
            if path.exists():
                path.unlink()
                note(_("removed {path}").format(path=path))
        _refresh(data_home, set_default=False)
        return 0
    templates = paths.resources_dir() / "desktop"
    command = args.exec_command or default_exec()
    if "\n" in command:
        raise CliError(Msg("cli.one-line", value=repr(command)), "--exec")
    entry = read_text(templates / f"{APP_ID}.desktop.in", max_bytes=64_000, what="settings file").replace("@EXEC@", command)
    for path in files.values():
        path.parent.mkdir(parents=True, exist_ok=True)
    files["desktop"].write_text(entry, encoding="utf-8")
    shutil.copyfile(templates / f"{APP_ID}.xml", files["mime"])
    shutil.copyfile(paths.resources_dir() / "icons" / "configurator.png", files["icon"])
    for path in files.values():
        note(_("wrote {path}").format(path=path))
    _refresh(data_home, set_default=not args.data_home)
    return 0


COMMAND = Command("desktop-install", lambda: _("install the Linux menu entry, icon and build-file type for this user"),
                  arguments, run)
