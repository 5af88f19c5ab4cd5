"""Run the PyInstaller bundle the way a user would and check what it makes: `make bundle-check`.

From an empty folder outside the source tree, with a fresh HOME (no user catalogs or settings),
the bundled executable must: list the shipped catalog, check and evaluate an example, write a
quote PDF, and render the main window offscreen to a PNG, in English and Chinese. Under
`CONFIGURATOR_LANG=zh_CN` it must print its `--help` in Chinese and refuse a broken build file with
one Chinese line (exit 2): the translations, argparse's words and the error templates are all in
the bundle. Each step's output is checked (a real PNG of the window's size that is not one flat
colour, a PDF whose text names the chassis, in Chinese the 报价单). Exits 1 with one line per failure.

Every command of the README's "Command line" block is run too (`readme_runs`: imports from a probe
folder, verify, plan, cluster, export, compare …), and every other command `configurator --help`
lists (`command_runs`: the team store on its SQLite file, price lists, XLSX and PDF exports,
tenders, recommend …), each with what it must print and the file it must write: a module or a file
loaded by name (jc's parsers, the Redfish client, the store's Alembic migrations) that the bundle
left out fails here, not at a user's site; a command without a run here is itself a failure. On
Linux with `xvfb-run`, the window is drawn once more through Qt's xcb plugin (a real X server),
and the third-party components' metadata, which Help ▸ Licences reads, must be in the bundle.
`--dev` runs the same checks against `python -m configurator` from the source tree (no bundle
needed), to try the check itself.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BUNDLE = ROOT / "dist" / "configurator"
#: a host probe's output (configurator/probe.py), and the dmidecode and lspci text it lacks: together
#: they make `import inventory` and `verify` load jc's xml, csv, proc_meminfo, dmidecode and lspci parsers
PROBE_PARTS = (ROOT / "tests" / "fixtures" / "probe-h200", ROOT / "tests" / "fixtures" / "probe-dmi-lspci")
PRICE_LIST = ROOT / "tests" / "fixtures" / "prices" / "distributor.csv"
#: run the source tree instead of the bundle (`--dev`)
DEV = "--dev" in sys.argv[1:]
EXAMPLE = "hgx-h100-8gpu.json"
HAN = re.compile(r"[\u4e00-\u9fff]")


def _exe() -> Path:
    name = "configurator.exe" if sys.platform == "win32" else "configurator"
    exe = BUNDLE / name
    if not exe.is_file():
        raise SystemExit(f"{exe}: no bundle; run `make bundle` first")
    return exe


def _command() -> list[str]:
    return [sys.executable, "-m", "configurator"] if DEV else [str(_exe())]


def _run(args: list[str], cwd: Path, env: dict[str, str], timeout: int = 120) -> subprocess.CompletedProcess:
    started = time.monotonic()
    done = subprocess.run([*_command(), *args], cwd=cwd, env=env, capture_output=True, text=True,
                          timeout=timeout, encoding="utf-8", errors="replace")
    what = f"{args[0]} {Path(args[1]).name}" if len(args) > 1 else args[0]
    print(f"  {what}: exit {done.returncode} in {time.monotonic() - started:.1f} s")
    return done


def _png_problem(path: Path, size: tuple[int, int]) -> str:
    """'' when `path` is a PNG of `size` with more than a few colours, else what is wrong."""
    from PIL import Image

    if not path.is_file():
        return f"{path.name}: not written"
    with Image.open(path) as img:
        if img.format != "PNG" or img.size != size:
            return f"{path.name}: {img.format} {img.size}, expected PNG {size}"
        colours = img.convert("RGB").getcolors(maxcolors=1 << 16)
        if colours is not None and len(colours) < 16:
            return f"{path.name}: only {len(colours)} colours, the window did not draw"
    return ""


def _pdf_problem(path: Path, must_read: str) -> str:
    from pypdf import PdfReader

    if not path.is_file() or path.read_bytes()[:5] != b"%PDF-":
        return f"{path.name}: not a PDF"
    text = "".join(page.extract_text() or "" for page in PdfReader(path).pages)
    return "" if must_read in text else f"{path.name}: does not mention {must_read!r}"


def _chinese_cli_problems(work: Path, env: dict[str, str]) -> list[str]:
    """Under CONFIGURATOR_LANG=zh_CN: `--help` in Chinese, and a broken build file refused with one
    Chinese line and exit 2."""
    zh = {**env, "CONFIGURATOR_LANG": "zh_CN"}
    problems = []
    shown = _run(["--help"], work, zh)
    if shown.returncode != 0 or not shown.stdout.startswith("用法：configurator") or "按全部规则检查配置" not in shown.stdout:
        problems.append(f"--help (zh_CN): exit {shown.returncode}; {shown.stdout[:200]!r}")
    shown = _run(["workload", "--help"], work, zh)
    if shown.returncode != 0 or "Transformer 层数" not in shown.stdout:
        problems.append(f"workload --help (zh_CN): exit {shown.returncode}; {shown.stdout[-200:]!r}")
    broken = work / "broken.json"
    broken.write_text('{"format_version": 1, "chassis": 42}', encoding="utf-8")
    refused = _run(["check", str(broken)], work, zh)
    lines = refused.stderr.splitlines()
    if (refused.returncode != 2 or len(lines) != 1 or not lines[0].startswith(f"configurator: {broken}: ")
            or not HAN.search(lines[0])):
        problems.append(f"check broken.json (zh_CN): exit {refused.returncode}, wanted 2 and one Chinese line; "
                        f"{refused.stderr.strip()[-300:]!r}")
    return problems


def readme_commands(readme: Path = ROOT / "README.md") -> list[str]:
    """The commands of the README's "Command line" block: `gui`, `check`, `import inventory` …
    (the first word after `configurator`, and the second for `import`)."""
    text = readme.read_text(encoding="utf-8")
    block = text.split("## Command line", 1)[1].split("```sh", 1)[1].split("```", 1)[0]
    found: list[str] = []
    for line in block.splitlines():
        words = line.split("#", 1)[0].split()
        if not words or words[0] != "configurator":
            continue
        key = " ".join(words[1:3]) if words[1:2] == ["import"] else (words[1] if len(words) > 1 else "")
        if words[1:2] and words[1].startswith("-"):
            key = ""
        if key == "gui" and "--compare" in words:
            key = "gui --compare"
        if key not in found:
            found.append(key)
    return found


#: one run: arguments, the exit codes that are right, a text its output must hold, and a check of what it
#: wrote ('' when right, else what is wrong)
Run = tuple[list[str], tuple[int, ...], str, Callable[[], str] | None]


def probe_folder(work: Path) -> Path:
    """`PROBE_PARTS` copied into one probe folder under `work` (made once)."""
    probe = work / "probe"
    if not probe.is_dir():
        probe.mkdir(parents=True)
        for part in PROBE_PARTS:
            for file in part.iterdir():
                if file.is_file() and file.name != "README.md":
                    shutil.copy(file, probe / file.name)
    return probe


def _json_problem(path: Path, must_hold: str) -> str:
    try:
        text = path.read_text(encoding="utf-8")
        json.loads(text)
    except (OSError, ValueError) as exc:
        return f"{path.name}: not a JSON file ({exc})"
    return "" if must_hold in text else f"{path.name}: does not hold {must_hold!r}"


def _xlsx_problem(path: Path, must_read: str) -> str:
    import zipfile
    from xml.etree.ElementTree import ParseError

    from openpyxl import load_workbook
    from openpyxl.utils.exceptions import InvalidFileException

    try:
        book = load_workbook(path, read_only=True)
    # what a damaged or foreign file raises: not a zip, a zip without the workbook's parts, bad XML
    except (zipfile.BadZipFile, InvalidFileException, ParseError, KeyError, IndexError, ValueError, OSError) as exc:
        return f"{path.name}: not an XLSX workbook ({type(exc).__name__}: {exc})"
    cells = [str(v) for sheet in book.worksheets for row in sheet.iter_rows(values_only=True) for v in row if v]
    book.close()
    return "" if any(must_read in c for c in cells) else f"{path.name}: no cell mentions {must_read!r}"


def readme_runs(work: Path, examples: Path) -> dict[str, Run]:
    """Each README command as a concrete run (`Run`). `verify` of a full 8-GPU plan against a one-GPU
    probe exits 1 (it found the differences); `import redfish` against a closed port exits 2 with one
    line (the client loaded, the address refused)."""
    example = str(examples / EXAMPLE)
    imported = work / "imported.json"
    probe = str(probe_folder(work))
    return {
        "": (["--version"], (0,), "configurator", None),
        "gui": (["gui", example, "--screenshot", str(work / "readme-gui.png"), "--size", "1366x768"], (0,), "",
                lambda: _png_problem(work / "readme-gui.png", (1366, 768))),
        "gui --compare": (["gui", "--compare", example, str(examples / "dgx-h100-8gpu.json"), "--screenshot",
                           str(work / "readme-compare.png"), "--size", "1366x768"], (0,), "",
                          lambda: _png_problem(work / "readme-compare.png", (1366, 768))),
        "catalog": (["catalog", "--category", "gpu", "--json"], (0,), "nvidia-h100", None),
        "check": (["check", example, "--json"], (0,), "{", None),
        "evaluate": (["evaluate", example], (0,), "", None),
        "workload": (["workload", "--preset", "llama-2-7b", "--mode", "train", "--precision", "mixed", "--gpus", "8",
                      "--zero", "3", "--gpu", "nvidia-h100-sxm5-80gb"], (0,), "", None),
        "quote": (["quote", example, "-o", str(work / "readme-quote.pdf"), "--currency", "EUR"], (0,), "",
                  lambda: _pdf_problem(work / "readme-quote.pdf", "EUR")),
        "export": (["export", example, "-o", str(work / "readme-export.json")], (0,), "",
                   lambda: _json_problem(work / "readme-export.json", "SYS-821GE-TNHR")),
        "import redfish": (["import", "redfish", "https://127.0.0.1:9", "-o", str(work / "rf.json"), "--user", "u",
                            "--password-file", str(work / "pw.txt"), "--insecure"], (2,), "127.0.0.1", None),
        # the GPU from nvidia-smi's XML, the system model and DIMMs from dmidecode, the NIC from lspci
        "import inventory": (["import", "inventory", probe, "-o", str(imported)], (0,), "P1-DIMMA1",
                             lambda: _json_problem(imported, "supermicro-sys-821ge-tnhr") or
                             _json_problem(imported, "nvidia-h200-sxm5-141gb") or _json_problem(imported, "00:07.0")),
        "plan": (["plan", str(imported), example, "--json"], (0, 1), "{", None),
        "verify": (["verify", example, probe, "--json"], (1,), "findings", None),
        "cluster": (["cluster", str(examples / "clusters" / "hgx-h100-16.json"), "--json"], (0,), "{", None),
        "completion": (["completion", "bash"], (0,), "_configurator", None),
        "desktop-install": (["desktop-install", "--data-home", str(work / "xdg"), "--exec", "configurator-gui"],
                            (0,), "ai-server-configurator.desktop", None),
    }


def _source_tree() -> None:
    """The source tree's `configurator` importable here (the lists the checks follow)."""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))


def registered_commands() -> list[str]:
    """Every command `configurator --help` lists (configurator/cli/commands COMMANDS), from the source
    tree the bundle is built from."""
    _source_tree()
    from configurator.cli.commands import COMMANDS

    return list(COMMANDS)


def command_runs(work: Path, examples: Path) -> dict[str, list[Run]]:
    """Runs for each registered command the README's block does not show, in order (the store's
    runs build on each other: `store init` makes the seat's SQLite file the quotes and price lists go to)."""
    example = str(examples / EXAMPLE)
    other = str(examples / "dgx-h100-8gpu.json")
    tender = str(examples / "h3c-r5500-g6-8x-h20.json")
    return {
        "explain": [(["explain", other, "--list"], (0,), "power_w.max", None)],
        "recommend": [(["recommend", "--preset", "llama-2-70b", "--mode", "infer", "--target-tokens-per-s", "2000",
                        "--json"], (0,), "{", None)],
        "compare": [(["compare", example, other, "--xlsx", str(work / "compare.xlsx")], (0,), "",
                     lambda: _xlsx_problem(work / "compare.xlsx", "DGX H100")),
                    (["compare", example, other, "--pdf", str(work / "compare.pdf")], (0,), "",
                     lambda: _pdf_problem(work / "compare.pdf", "DGX H100"))],
        "bom": [(["bom", example, "--xlsx", str(work / "bom.xlsx")], (0,), "",
                 lambda: _xlsx_problem(work / "bom.xlsx", "SYS-821GE-TNHR"))],
        "accept": [(["accept", "plan", example, "-o", str(work / "accept-plan.pdf")], (0,), "",
                    lambda: _pdf_problem(work / "accept-plan.pdf", "supermicro-sys-821ge-tnhr")),
                   (["accept", "script", example, "-o", str(work / "accept.sh")], (0,), "", None)],
        "diagnose": [(["diagnose", "cards-not-seen", "--build", example], (0,), "", None)],
        "store": [(["store", "init"], (0,), "", None), (["store", "status"], (0,), "", None)],
        "quotes": [(["quotes", "create", example, "--customer", "ACME"], (0,), "", None),
                   (["quotes", "list"], (0,), "ACME", None)],
        "prices": [(["prices", "import", str(PRICE_LIST), "--name", "distributor-q1", "--currency", "USD"], (0,), "",
                    None),
                   (["prices", "list"], (0,), "distributor-q1", None)],
        "stack": [(["stack", example, "--json"], (0,), "{", None)],
        "tender": [(["tender", tender, "--requirements", str(examples / "tender-requirements.toml"), "--pdf",
                     str(work / "tender.pdf"), "--xlsx", str(work / "tender.xlsx"), "--tax-pct", "13"], (0,), "",
                    lambda: _pdf_problem(work / "tender.pdf", "R5500") or _xlsx_problem(work / "tender.xlsx", "R5500"))],
    }


def _problems_of(key: str, run: Run, work: Path, env: dict[str, str]) -> list[str]:
    args, codes, must, check = run
    done = _run(args, work, env, timeout=240)
    shown = done.stdout + done.stderr
    if done.returncode not in codes or must not in shown or "Traceback" in shown:
        return [f"`configurator {' '.join(args[:2])}`: exit {done.returncode}, wanted {codes}"
                + (f" and {must!r}" if must else "") + f"; {shown.strip()[-300:]}"]
    found = check() if check is not None else ""
    return [f"`configurator {' '.join(args[:2])}`: {found}"] if found else []


def readme_problems(work: Path, env: dict[str, str], examples: Path) -> list[str]:
    """Run every README command (`readme_runs`), in the README's order; one line per failure."""
    (work / "pw.txt").write_text("secret\n", encoding="utf-8")
    runs = readme_runs(work, examples)
    problems = [f"README command `configurator {key}` has no run in packaging/bundle_check.py"
                for key in readme_commands() if key not in runs]
    for key in [k for k in readme_commands() if k in runs]:
        problems += [f"README {line}" for line in _problems_of(key, runs[key], work, env)]
    return problems


def command_problems(work: Path, env: dict[str, str], examples: Path) -> list[str]:
    """Run every registered command the README does not (`command_runs`); one line per failure, and one
    for a command with no run at all."""
    shown = {key.split()[0] for key in readme_commands() if key}
    runs = command_runs(work, examples)
    problems = [f"command `configurator {name}` has no run in packaging/bundle_check.py (README or command_runs)"
                for name in registered_commands() if name not in shown and name not in runs]
    for name, name_runs in runs.items():
        for run in name_runs:
            problems += _problems_of(name, run, work, env)
    return problems


def licence_problems() -> list[str]:
    """The bundle carries the installed metadata of the app and of each third-party component (Help ▸
    Licences reads their versions and licences through importlib.metadata), the project's LICENSE
    and the LGPL text Qt is redistributed under."""
    _source_tree()
    from configurator.store.about import DISTRIBUTION, THIRD_PARTY

    internal = BUNDLE / "_internal"
    have = {re.sub(r"[-_.]+", "_", p.name.split("-")[0]).lower() for p in internal.glob("*.dist-info")}
    problems = [f"no {name} metadata (*.dist-info) in the bundle: Help ▸ Licences cannot name its version and licence"
                for name in (DISTRIBUTION, *THIRD_PARTY) if re.sub(r"[-_.]+", "_", name).lower() not in have]
    return problems + [f"no {rel} in the bundle" for rel in ("licenses/LICENSE", "licenses/PySide6/LGPL-3.0.txt")
                       if not (internal / rel).is_file()]


def xcb_problems(work: Path, env: dict[str, str], example: str) -> list[str]:
    """The window through Qt's xcb platform plugin on a virtual X server (what a Linux desktop user
    gets), where `xvfb-run` is installed; skipped, saying so, elsewhere."""
    xvfb = shutil.which("xvfb-run")
    if not sys.platform.startswith("linux") or xvfb is None:
        print("  gui under xcb: skipped (no xvfb-run here)")
        return []
    png = work / "window-xcb.png"
    started = time.monotonic()
    done = subprocess.run([xvfb, "-a", "-s", "-screen 0 1600x1000x24", *_command(), "gui", example,
                           "--screenshot", str(png), "--size", "1366x768"], cwd=work,
                          env={**env, "QT_QPA_PLATFORM": "xcb"}, capture_output=True, text=True, timeout=240,
                          encoding="utf-8", errors="replace")
    print(f"  gui under xcb: exit {done.returncode} in {time.monotonic() - started:.1f} s")
    if done.returncode != 0 or "Traceback" in done.stderr:
        return [f"gui under xcb (xvfb-run): exit {done.returncode}; {done.stderr.strip()[-300:]}"]
    return [_png_problem(png, (1366, 768))]


def main() -> int:
    work = Path(tempfile.mkdtemp(prefix="bundle-check-"))
    keep = ("PYTHONPATH",) if DEV else ()
    env = {k: v for k, v in os.environ.items() if k in keep or not k.startswith(("PYTHON", "CONFIGURATOR_"))}
    env.update(HOME=str(work / "home"), XDG_CONFIG_HOME=str(work / "config"), XDG_DATA_HOME=str(work / "data"),
               QT_QPA_PLATFORM="offscreen", LANG="C.UTF-8")
    if DEV:
        env["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT), env.get("PYTHONPATH", "")) if p)
    examples = ROOT / "examples" if DEV else BUNDLE / "_internal" / "configurator" / "_shipped" / "examples"
    example = str(examples / EXAMPLE)
    failures: list[str] = []
    print(f"source tree {ROOT} (--dev)" if DEV else
          f"bundle {BUNDLE} ({(BUNDLE / 'VERSION').read_text().strip()}), working in {work}")

    def expect(done: subprocess.CompletedProcess, code: int, must_print: str = "") -> None:
        shown = done.stdout + done.stderr
        if done.returncode != code or must_print not in shown or "Traceback" in shown:
            failures.append(f"{done.args[1]}: exit {done.returncode}, wanted {code}"
                            + (f" and {must_print!r}" if must_print else "") + f"; {shown.strip()[-300:]}")

    expect(_run(["catalog"], work, env), 0, "parts")
    expect(_run(["check", example], work, env), 0)
    expect(_run(["check", example, "--lang", "zh_CN"], work, env), 0, "个错误")
    expect(_run(["evaluate", example, "--json"], work, env), 0, '"bandwidth_chain"')
    expect(_run(["quote", example, "-o", str(work / "quote.pdf")], work, env), 0)
    failures.append(_pdf_problem(work / "quote.pdf", "SYS-821GE-TNHR"))
    expect(_run(["quote", example, "--lang", "zh_CN", "-o", str(work / "quote-zh.pdf")], work, env), 0, "已写入")
    failures.append(_pdf_problem(work / "quote-zh.pdf", "报价单"))
    failures += _chinese_cli_problems(work, env)
    for lang in ("en", "zh_CN"):
        png = work / f"window-{lang}.png"
        expect(_run(["gui", example, "--lang", lang, "--screenshot", str(png)], work, env), 0)
        failures.append(_png_problem(png, (1600, 1000)))
    failures += readme_problems(work, env, examples)
    failures += command_problems(work, env, examples)
    failures += xcb_problems(work, env, example)
    if not DEV:
        failures += licence_problems()
    failures = [f for f in failures if f]
    for line in failures:
        print(f"FAIL {line}")
    print("bundle-check: " + ("failed" if failures else f"ok (PNGs and quote in {work})"))
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
