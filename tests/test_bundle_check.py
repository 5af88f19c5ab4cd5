"""`make bundle-check` runs every README command (packaging/bundle_check.py), and the bundle spec
collects what is loaded by name (issue 30). The bundle itself is built by `make bundle`; here the
check's own logic is held: a README command it does not run is a failure."""

from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path

import jc

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "packaging"))
import bundle_check  # noqa: E402


def test_every_readme_command_has_a_run(tmp_path):
    commands = bundle_check.readme_commands()
    assert {"gui", "check", "import inventory", "import redfish", "verify", "plan", "cluster"} <= set(commands)
    runs = bundle_check.readme_runs(tmp_path, ROOT / "examples")
    assert [c for c in commands if c not in runs] == []


def test_a_readme_command_without_a_run_is_reported(tmp_path, monkeypatch):
    monkeypatch.setattr(bundle_check, "readme_commands", lambda: ["frobnicate"])
    problems = bundle_check.readme_problems(tmp_path, {}, ROOT / "examples")
    assert problems == ["README command `configurator frobnicate` has no run in packaging/bundle_check.py"]


def test_the_spec_collects_the_jc_parsers_the_importers_name():
    spec = (ROOT / "packaging" / "configurator.spec").read_text()
    assert 'collect_submodules("jc.parsers")' in spec
    named = set()
    for source in (ROOT / "configurator").rglob("*.py"):
        named |= set(re.findall(r'jc\.parse\("([a-z_]+)"', source.read_text()))
        named |= set(re.findall(r'\.read\("[\w.-]+", Msg\([^)]*\), "([a-z_]+)"[,)]', source.read_text()))
    assert {"dmidecode", "lspci"} <= named
    for name in named:                 # each one a module of jc.parsers, which collect_submodules takes
        assert name in jc.parser_mod_list(show_hidden=True, show_deprecated=True), name
        assert importlib.util.find_spec(f"jc.parsers.{name}") is not None, name


def test_windows_gets_a_windowed_executable_and_macos_document_types():
    spec = (ROOT / "packaging" / "configurator.spec").read_text()
    assert 'name="configurator-gui"' in spec and "console=False" in spec
    assert (ROOT / "packaging" / "entry_gui.py").is_file()
    assert "CFBundleDocumentTypes" in spec and "public.json" in spec
    assert '(root / licence).is_file()' in spec and (ROOT / "LICENSE").is_file()
