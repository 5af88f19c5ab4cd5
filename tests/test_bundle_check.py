"""`make bundle-check` runs every README command and every registered command
(packaging/bundle_check.py), and the bundle spec collects what is loaded by name (issue 30). The
bundle itself is built by `make bundle` (minutes; not part of the suite); here the check's own logic
is held, and the spec is run with PyInstaller's build steps stubbed, so that what it hands PyInstaller
(hidden imports, data files, metadata) is held against the code without building anything."""

from __future__ import annotations

import ast
import importlib.util
import re
import sys
import types
from pathlib import Path

import jc
import pytest
from sqlalchemy.engine import make_url

from configurator.store.about import DISTRIBUTION, THIRD_PARTY

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


def test_every_registered_command_has_a_run(tmp_path):
    """A command `configurator --help` lists is run by bundle-check: from the README's block or from
    `command_runs` (the team store, price lists, XLSX exports, tenders …)."""
    in_readme = {key.split()[0] for key in bundle_check.readme_commands() if key}
    runs = bundle_check.command_runs(tmp_path, ROOT / "examples")
    assert {"store", "quotes", "prices", "bom", "tender"} <= set(runs)
    assert [c for c in bundle_check.registered_commands() if c not in in_readme and c not in runs] == []


def test_a_command_without_a_run_is_reported(tmp_path, monkeypatch):
    monkeypatch.setattr(bundle_check, "registered_commands", lambda: ["frobnicate"])
    monkeypatch.setattr(bundle_check, "command_runs", lambda work, examples: {})
    assert bundle_check.command_problems(tmp_path, {}, ROOT / "examples") == [
        "command `configurator frobnicate` has no run in packaging/bundle_check.py (README or command_runs)"]


def test_the_probe_folder_holds_what_jc_parses_by_name(tmp_path):
    probe = bundle_check.probe_folder(tmp_path)
    assert {"nvidia-smi-q.xml", "dmidecode.txt", "lspci.txt", "meminfo.txt"} <= {p.name for p in probe.iterdir()}


def test_a_wrong_output_file_fails_its_run(tmp_path):
    """A run that exits right but writes the wrong file is a failure (the check of what it wrote)."""
    (tmp_path / "x.json").write_text("{not json", encoding="utf-8")
    assert bundle_check._json_problem(tmp_path / "x.json", "a").startswith("x.json: not a JSON file")
    (tmp_path / "y.json").write_text('{"chassis": "other"}', encoding="utf-8")
    assert bundle_check._json_problem(tmp_path / "y.json", "supermicro") == "y.json: does not hold 'supermicro'"


# -- the spec, run with PyInstaller's steps stubbed ------------------------------------------------

class _Step:
    """Stands for Analysis, PYZ, EXE, COLLECT and BUNDLE: records what the spec hands it."""

    pure = scripts = binaries = datas = ()

    def __init__(self, *args, **kwargs):
        self.args, self.kwargs = args, kwargs
        _Step.made.append(self)

    made: list = []


def _run_spec(tmp_path, monkeypatch, platform: str = "linux") -> dict:
    """Execute packaging/configurator.spec as PyInstaller would, with its build steps and hook helpers
    stubbed; returns what it passed: steps by class name, collect_submodules and copy_metadata calls."""
    calls: dict = {"collect_submodules": [], "copy_metadata": []}

    def collect_submodules(package, filter=lambda name: True):     # noqa: A002 (PyInstaller's name)
        calls["collect_submodules"].append((package, filter))
        return [f"{package}.<submodules>"]

    def copy_metadata(name):
        calls["copy_metadata"].append(name)
        return [(f"<{name} metadata>", f"{name}.dist-info")]

    hooks = types.ModuleType("PyInstaller.utils.hooks")
    hooks.collect_submodules, hooks.copy_metadata = collect_submodules, copy_metadata
    for name in ("PyInstaller", "PyInstaller.utils"):
        monkeypatch.setitem(sys.modules, name, types.ModuleType(name))
    monkeypatch.setitem(sys.modules, "PyInstaller.utils.hooks", hooks)
    monkeypatch.setattr(sys, "path", list(sys.path))
    monkeypatch.setattr(sys, "platform", platform)
    monkeypatch.setattr(_Step, "made", [])
    spec = ROOT / "packaging" / "configurator.spec"
    namespace = {"SPECPATH": str(spec.parent), "DISTPATH": str(tmp_path), "__name__": "__main__",
                 **{name: type(name, (_Step,), {}) for name in ("Analysis", "PYZ", "EXE", "COLLECT", "BUNDLE")}}
    exec(compile(spec.read_text(encoding="utf-8"), str(spec), "exec"), namespace)
    steps: dict = {}
    for step in _Step.made:
        steps.setdefault(type(step).__name__, []).append(step)
    return {"steps": steps, **calls}


@pytest.fixture(scope="module")
def spec_run(tmp_path_factory):
    with pytest.MonkeyPatch.context() as mp:
        return _run_spec(tmp_path_factory.mktemp("dist"), mp)


def _app_modules() -> list[str]:
    """Every module of the package, by file."""
    out = []
    for path in (ROOT / "configurator").rglob("*.py"):
        parts = path.relative_to(ROOT).with_suffix("").parts
        out.append(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    return sorted(out)


def test_the_spec_collects_every_module_of_the_app(spec_run):
    """Whether a module is imported at the top, inside a function (the window, each command's
    implementation) or found by name in a registry, it is in the bundle: collect_submodules takes the
    whole package; only the Alembic migrations stay out, as the files they are read as."""
    analysis = spec_run["steps"]["Analysis"][0].kwargs
    collected = dict(spec_run["collect_submodules"])
    assert {"configurator", "jc.parsers"} <= set(collected)
    for package in collected:
        assert f"{package}.<submodules>" in analysis["hiddenimports"]
    kept = [m for m in _app_modules() if collected["configurator"](m)]
    left_out = sorted(set(_app_modules()) - set(kept))
    assert "configurator.qt.app" in kept and "configurator.cli.team_command" in kept
    assert "configurator.formats.exporters.bom_xlsx" in kept and "configurator.formats.importers.inventory" in kept
    assert left_out and all(m.startswith("configurator.store.team.migrations") for m in left_out), left_out


def _datas(spec_run) -> set[tuple[str, str]]:
    return {(str(Path(src)), str(Path(dest))) for src, dest in spec_run["steps"]["Analysis"][0].kwargs["datas"]}


def test_the_spec_ships_the_migrations_as_files(spec_run):
    """The team store's Alembic migrations are read from the folder next to store/team/connect.py
    (`script_location`), so each file goes there in the bundle: without them `store init`, `quotes`
    and `prices` crash in the bundle (seen 2026-12-06)."""
    from configurator.store.team import connect

    files = [p for p in connect._MIGRATIONS.rglob("*") if p.is_file() and "__pycache__" not in p.parts]
    assert {p.name for p in files} >= {"env.py", "script.py.mako", "0001_the_tables.py"}
    datas = _datas(spec_run)
    for path in files:
        assert (str(path), str(path.parent.relative_to(ROOT))) in datas, path


def test_the_spec_ships_the_data_folders_where_paths_looks(spec_run):
    datas = _datas(spec_run)
    for folder in ("catalogs", "resources", "examples"):
        files = [p for p in (ROOT / folder).rglob("*") if p.is_file() and "__pycache__" not in p.parts
                 and not p.name.endswith((".pot", "~")) and not p.name.startswith(".")]
        assert files
        for path in files:
            assert (str(path), str(Path("configurator/_shipped") / path.parent.relative_to(ROOT))) in datas, path
    assert (str(ROOT / "LICENSE"), "licenses") in datas
    assert (str(ROOT / "packaging" / "licenses" / "LGPL-3.0.txt"), str(Path("licenses/PySide6"))) in datas
    collect = spec_run["steps"]["COLLECT"][0]
    assert spec_run["steps"]["Analysis"][0].datas in collect.args     # what Analysis gathered is collected


def test_the_spec_copies_the_metadata_the_licences_dialog_reads(spec_run):
    """Help ▸ Licences reads each component's version and licence from its installed metadata
    (store/about.py): the bundle must carry every dist-info it asks for."""
    assert set(spec_run["copy_metadata"]) == {DISTRIBUTION, *THIRD_PARTY}
    assert {(f"<{n} metadata>", f"{n}.dist-info") for n in THIRD_PARTY} <= _datas(spec_run)


def test_the_spec_names_the_database_drivers_the_store_asks_for_by_url(spec_run):
    """SQLAlchemy imports a dialect from the URL's name; each one the store builds is a hidden import."""
    source = (ROOT / "configurator" / "store" / "team" / "connect.py").read_text(encoding="utf-8")
    drivers = {"sqlite", *re.findall(r'drivername="([\w+]+)"', source)}
    assert drivers == {"sqlite", "postgresql+psycopg"} and "sqlite:///" in source
    hidden = spec_run["steps"]["Analysis"][0].kwargs["hiddenimports"]
    for driver in drivers:
        assert make_url(f"{driver}://").get_dialect().__module__ in hidden, driver


def test_the_spec_writes_the_version_and_macos_document_types(tmp_path, monkeypatch):
    run = _run_spec(tmp_path, monkeypatch, platform="darwin")
    version = re.search(r'__version__ = "([^"]+)"', (ROOT / "configurator" / "__init__.py").read_text()).group(1)
    assert (tmp_path / "configurator" / "VERSION").read_text() == version + "\n"
    plist = run["steps"]["BUNDLE"][0].kwargs["info_plist"]
    assert plist["CFBundleShortVersionString"] == version
    assert plist["CFBundleDocumentTypes"][0]["LSItemContentTypes"] == ["org.configurator.build", "public.json"]


#: the modules that read a file relative to their own module file (`__file__`), and how the bundle has it
_FILE_RELATIVE = {
    "configurator/store/paths.py": "the source checkout's root; the bundle has configurator/_shipped instead",
    "configurator/store/team/connect.py": "the Alembic migrations: data files in the spec (MIGRATIONS)",
    "configurator/store/catalog_cache_entry.py": "the rules' source for the cache key; absent in a bundle, "
                                                 "the version tells releases apart",
}
#: the modules that import an app module by name, and how the bundle has it
_BY_NAME_COLLECTED = {
    "configurator/cli/commands/__init__.py": "a command's module when it runs: the spec collects every app module",
}
#: calls that load a module or a file by a name the import analysis cannot follow
_BY_NAME = {"import_module", "__import__", "spec_from_file_location", "load_module", "entry_points", "run_path"}


def test_no_module_loads_code_or_files_by_name_unknown_to_the_spec():
    """A new `importlib.import_module(name)`, `__import__`, entry-point lookup or a file read next to
    a module would work from source and fail in the bundle: each must be collected by the spec and
    listed here first."""
    file_relative, by_name = set(), []
    for path in sorted((ROOT / "configurator").rglob("*.py")):
        rel = path.relative_to(ROOT).as_posix()
        if "/migrations/" in rel:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Name) and node.id == "__file__":
                file_relative.add(rel)
            if isinstance(node, ast.Call):
                name = getattr(node.func, "attr", getattr(node.func, "id", ""))
                if name in _BY_NAME and rel not in _BY_NAME_COLLECTED:
                    by_name.append(f"{rel}:{node.lineno} {name}")
    assert sorted(file_relative) == sorted(_FILE_RELATIVE)
    assert by_name == []


def test_the_spec_excludes_nothing_the_app_imports(spec_run):
    """The excluded packages (development tools, unused Qt modules) are imported nowhere in the app."""
    excludes = spec_run["steps"]["Analysis"][0].kwargs["excludes"]
    assert {"setuptools", "pkg_resources", "mypy", "PySide6.QtQml"} <= set(excludes)
    imported = set()
    for path in (ROOT / "configurator").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                imported |= {alias.name for alias in node.names}
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                imported |= {node.module, *(f"{node.module}.{alias.name}" for alias in node.names)}
    assert "PySide6.QtWidgets" in imported and "jc" in imported
    clashes = sorted(m for m in imported for ex in excludes if m == ex or m.startswith(ex + "."))
    assert clashes == []


def test_the_spec_collects_the_jc_parsers_the_importers_name(spec_run):
    assert "jc.parsers" in dict(spec_run["collect_submodules"])
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
