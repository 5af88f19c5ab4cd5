"""`configurator desktop-install` (Linux menu entry, icon, build-file MIME type) and
`configurator completion bash|zsh` (issue 30)."""

from __future__ import annotations

import shutil
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from configurator.cli.commands import COMMANDS, completion
from configurator.cli.commands import desktop_install as desktop
from configurator.cli.main import main

ROOT = Path(__file__).resolve().parents[2]


def test_desktop_install_writes_entry_mime_type_and_icon(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr(desktop.shutil, "which", lambda tool: None)      # no databases touched here
    assert main(["desktop-install", "--data-home", str(tmp_path), "--exec", "/opt/cfg/configurator gui"]) == 0
    files = desktop.targets(tmp_path)
    entry = files["desktop"].read_text(encoding="utf-8")
    assert "Exec=/opt/cfg/configurator gui %F" in entry     # several files at once (freedesktop %F)
    assert f"MimeType={desktop.MIME_TYPE};" in entry and "Terminal=false" in entry
    assert "Name[zh_CN]=" in entry
    mime = ET.parse(files["mime"]).getroot()
    ns = "{http://www.freedesktop.org/standards/shared-mime-info}"
    kind = mime.find(f"{ns}mime-type")
    assert kind is not None and kind.get("type") == desktop.MIME_TYPE
    magic = kind.find(f"{ns}magic/{ns}match")
    assert magic is not None and "ai-server-configurator/build" in magic.get("value", "")
    # the magic string is what a real build file holds
    assert '"ai-server-configurator/build"' in (ROOT / "examples" / "hgx-h100-8gpu.json").read_text()[:512]
    assert files["icon"].read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    err = capsys.readouterr()
    assert err.out == "" and err.err.count("wrote ") == 3          # "wrote FILE" on stderr, nothing on stdout
    assert main(["desktop-install", "--data-home", str(tmp_path), "--uninstall"]) == 0
    assert not any(p.exists() for p in files.values())


@pytest.mark.skipif(shutil.which("desktop-file-validate") is None, reason="desktop-file-utils not installed")
def test_desktop_entry_validates(tmp_path, monkeypatch):
    monkeypatch.setattr(desktop.shutil, "which", lambda tool: None)
    main(["desktop-install", "--data-home", str(tmp_path), "--exec", "configurator-gui"])
    done = subprocess.run(["desktop-file-validate", str(desktop.targets(tmp_path)["desktop"])], capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr


def test_bash_completion_offers_every_command_and_choices(capsys):
    assert main(["completion", "bash"]) == 0
    script = capsys.readouterr().out
    for name in COMMANDS:
        assert f"\n        {name}) opts=" in script or f"\n        '{name}') opts=" in script
    assert "'check --lang') COMPREPLY=( $(compgen -W 'en zh_CN'" in script
    if shutil.which("bash"):
        probe = script + '\nCOMP_WORDS=(configurator check --la); COMP_CWORD=2; _configurator; echo "${COMPREPLY[@]}"\n'
        done = subprocess.run(["bash", "-c", probe], capture_output=True, text=True, timeout=30)
        assert done.stdout.split() == ["--lang"], done.stderr


def test_zsh_completion_loads_the_bash_function_through_bashcompinit():
    script = completion.zsh_script()
    assert script.startswith("#compdef configurator") and "bashcompinit" in script and "_configurator()" in script
