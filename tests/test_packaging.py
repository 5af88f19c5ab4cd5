"""The wheel is complete: built, installed into a fresh venv, it runs outside the source tree.

`test_wheel_*` build the wheel with `python -m build` (no isolation, so no network), install it
with `pip --no-index --no-deps` into a fresh venv that sees the parent venv's site-packages only
for the dependencies (a `.pth` line added after the install), and run the CLI from a temporary
folder. About 10 s in all, so they run with the normal suite (`make test-wheel` runs them alone).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import sysconfig
import venv
from pathlib import Path

import pytest

from configurator.store import paths

ROOT = Path(__file__).resolve().parent.parent


# ----------------------------------------------------------------------------- fast, in-process


def test_source_checkout_finds_the_top_level_folders():
    assert not paths.is_installed()
    assert paths.catalog_dir() == ROOT / "catalogs"
    assert (paths.resources_dir() / "fonts" / "DroidSansFallbackFull.ttf").is_file()
    assert (paths.examples_dir() / "hgx-h100-8gpu.json").is_file()


def test_missing_shipped_catalog_is_a_one_line_error(tmp_path, monkeypatch, capsys):
    from configurator.cli import main as cli
    from configurator.store import catalogs as catalog_io

    (tmp_path / "catalogs").mkdir()  # present but empty: must not load as "0 parts"
    monkeypatch.setattr(paths, "_CHECKOUT", tmp_path)
    monkeypatch.setattr(catalog_io, "_DEFAULT", None)
    with pytest.raises(paths.ShippedDataMissingError, match="catalogs/"):
        paths.catalog_dir()
    assert cli.main(["catalog"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "catalogs/" in err[0] and "reinstall" in err[0]


# ----------------------------------------------------------------------------- the built wheel


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> Path:
    """A fresh venv with the freshly built wheel installed; returns its folder."""
    work = tmp_path_factory.mktemp("wheel")
    dist = work / "dist"
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    subprocess.run([sys.executable, "-m", "build", "--wheel", "--no-isolation", "--outdir", str(dist), str(ROOT)],
                   check=True, capture_output=True, env=env, timeout=300, cwd=work)
    wheel = next(dist.glob("ai_server_configurator-*.whl"))
    target = work / "venv"
    venv.create(target, with_pip=False)
    python = target / "bin" / "python"
    subprocess.run([sys.executable, "-m", "pip", "--python", str(python), "install", "--quiet", "--no-index",
                    "--no-deps", str(wheel)], check=True, capture_output=True, env=env, timeout=300)
    # Dependencies come from the parent venv; a plain path line does not run its .pth files, so the
    # parent's editable install of this package stays invisible.
    site = Path(subprocess.check_output([str(python), "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"],
                                        text=True).strip())
    (site / "parent-deps.pth").write_text(sysconfig.get_path("purelib") + "\n", encoding="utf-8")
    return target


def _run(venv_dir: Path, *args: str, cwd: Path, lang: str | None = None) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "CONFIGURATOR_LANG")}
    env.update(QT_QPA_PLATFORM="offscreen", CONFIGURATOR_HOME=str(cwd / "home"), PYTHONIOENCODING="utf-8")
    if lang:
        env["CONFIGURATOR_LANG"] = lang
    return subprocess.run([str(venv_dir / "bin" / args[0]), *args[1:]], capture_output=True, text=True,
                          env=env, cwd=cwd, timeout=180)


def test_wheel_imports_from_the_venv_and_reads_its_own_data(installed, tmp_path):
    proc = _run(installed, "python", "-c",
                "import configurator, configurator.store.paths as p; print(configurator.__file__); print(p.repo_root())",
                cwd=tmp_path)
    module, root = proc.stdout.split()
    assert module.startswith(str(installed)) and root.startswith(str(installed)), proc.stdout
    assert root.endswith("_shipped")


def test_wheel_cli_catalog_check_evaluate_quote_gui(installed, tmp_path):
    examples = Path(_run(installed, "python", "-c", "from configurator.store import paths; print(paths.examples_dir())",
                         cwd=tmp_path).stdout.strip())
    hgx = str(examples / "hgx-h100-8gpu.json")
    cat = _run(installed, "configurator", "catalog", cwd=tmp_path)
    assert cat.returncode == 0, cat.stderr
    count = int(cat.stderr.split(" parts")[0].split()[-1])
    assert count > 50 and "warning" not in cat.stderr
    check = _run(installed, "configurator", "check", hgx, cwd=tmp_path)
    assert check.returncode in (0, 1) and "not in the catalog" not in check.stdout + check.stderr
    assert "error(s)" in check.stdout
    zh = _run(installed, "configurator", "check", hgx, "--lang", "zh_CN", cwd=tmp_path)  # the shipped .mo
    assert zh.returncode == check.returncode and "个错误" in zh.stdout, zh.stdout + zh.stderr
    ev = _run(installed, "configurator", "evaluate", hgx, "--json", cwd=tmp_path)
    assert ev.returncode == 0, ev.stderr
    data = json.loads(ev.stdout)
    assert data["power_w"] and data["cost"]
    pdf = tmp_path / "q.pdf"
    quote = _run(installed, "configurator", "quote", hgx, "-o", str(pdf), cwd=tmp_path)
    assert quote.returncode == 0, quote.stderr
    assert pdf.read_bytes().startswith(b"%PDF") and pdf.stat().st_size > 20_000
    png = tmp_path / "w.png"
    # in Chinese: a missing .qm in the wheel would stop the GUI with exit 2
    gui = _run(installed, "configurator", "gui", hgx, "--screenshot", str(png), "--lang", "zh_CN", cwd=tmp_path)
    assert gui.returncode == 0, gui.stderr
    assert png.read_bytes().startswith(b"\x89PNG") and png.stat().st_size > 50_000


def test_wheel_speaks_chinese_under_configurator_lang(installed, tmp_path):
    """--help and an input error in Chinese: the .mo, argparse's words and the error templates shipped."""
    shown = _run(installed, "configurator", "workload", "--help", cwd=tmp_path, lang="zh_CN")
    assert shown.returncode == 0 and shown.stdout.startswith("用法：configurator workload"), shown.stdout
    assert "Transformer 层数" in shown.stdout and "show this help" not in shown.stdout
    broken = tmp_path / "broken.json"
    broken.write_text('{"format_version": 1, "chassis": 42}', encoding="utf-8")
    refused = _run(installed, "configurator", "check", str(broken), cwd=tmp_path, lang="zh_CN")
    lines = refused.stderr.splitlines()
    assert refused.returncode == 2 and len(lines) == 1, refused.stderr
    assert lines[0].startswith(f"configurator: {broken}: 字段 'chassis'："), lines[0]


def test_wheel_without_its_catalogs_says_so_and_exits_2(installed, tmp_path):
    shipped = Path(_run(installed, "python", "-c", "from configurator.store import paths; print(paths.repo_root())",
                        cwd=tmp_path).stdout.strip())
    hidden = shipped.parent / "_catalogs_hidden"
    (shipped / "catalogs").rename(hidden)
    try:
        proc = _run(installed, "configurator", "catalog", cwd=tmp_path)
    finally:
        hidden.rename(shipped / "catalogs")
    assert proc.returncode == 2
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and "catalogs/" in lines[0] and "reinstall" in lines[0], proc.stderr
    assert "0 parts" not in proc.stderr


def test_a_broken_install_and_a_held_lock_read_in_chinese(tmp_path, monkeypatch):
    """`ShippedDataMissingError` and `LockHeldError` carry messages (words/input_words.py
    "install.*", "lock.held"): English as before, zh_CN Chinese, naming the folder or file."""
    from configurator.store.instance_lock import InstanceLock, LockHeldError
    from configurator.words.errors import error_text

    (tmp_path / "catalogs").mkdir()
    monkeypatch.setattr(paths, "_CHECKOUT", tmp_path)
    with pytest.raises(paths.ShippedDataMissingError) as info:
        paths.catalog_dir()
    monkeypatch.undo()       # the translations are shipped data too
    folder = tmp_path / "catalogs"
    assert str(info.value) == (f"shipped catalogs/ folder missing or empty at {folder} (no *.toml); "
                               "the installation is incomplete: reinstall ai-server-configurator")
    assert error_text(info.value, "zh_CN") == (f"随附的 catalogs/ 文件夹在 {folder} 处缺失或为空（没有 *.toml）；"
                                               "安装不完整：请重新安装 ai-server-configurator")
    mine = InstanceLock(tmp_path, "one")
    mine.acquire()
    try:
        other = InstanceLock(tmp_path, "one")
        with pytest.raises(LockHeldError) as held:
            other.acquire()
    finally:
        mine.release()
    lock = tmp_path / "one.instance.lock"
    assert isinstance(held.value, OSError) and str(held.value) == f"{lock}: instance lock is held by another process"
    assert error_text(held.value, "zh_CN") == f"{lock}：实例锁被另一个进程持有"
