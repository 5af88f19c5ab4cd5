"""Run the PyInstaller bundle the way a user would and check what it makes: `make bundle-check`.

From an empty folder outside the source tree, with a fresh HOME (no user catalogs or settings),
the bundled executable must: list the shipped catalog, check and evaluate an example, write a
quote PDF, and render the main window offscreen to a PNG, in English and Chinese. Under
`CONFIGURATOR_LANG=zh_CN` it must print its `--help` in Chinese and refuse a broken build file with
one Chinese line (exit 2): the translations, argparse's words and the error templates are all in
the bundle. Each step's output is checked (a real PNG of the window's size that is not one flat
colour, a PDF whose text names the chassis, in Chinese the 报价单). Exits 1 with one line per failure.

Every command of the README's "Command line" block is run too (`README_RUNS`: imports from a probe
folder, verify, plan, cluster, export, compare …): a command loaded by name (jc's parsers, the Redfish
client) that the bundle left out fails here, not at a user's site; a README command without a run
here is itself a failure. `--dev` runs the same checks against `python -m configurator` from the
source tree (no bundle needed), to try the check itself.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BUNDLE = ROOT / "dist" / "configurator"
PROBE = ROOT / "tests" / "fixtures" / "probe-h200"      # a host probe's output (packaging/../configurator/probe.py)
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


def readme_runs(work: Path, examples: Path) -> dict[str, tuple[list[str], tuple[int, ...], str]]:
    """Each README command as a concrete run: (arguments, the exit codes that are right, a text its
    output must hold). `verify` of a full 8-GPU plan against a one-GPU probe exits 1 (it found the
    differences); `import redfish` against a closed port exits 2 with one line (the client loaded,
    the address refused)."""
    example = str(examples / EXAMPLE)
    imported = str(work / "imported.json")
    return {
        "": (["--version"], (0,), "configurator"),
        "gui": (["gui", example, "--screenshot", str(work / "readme-gui.png"), "--size", "1366x768"], (0,), ""),
        "gui --compare": (["gui", "--compare", example, str(examples / "dgx-h100-8gpu.json"), "--screenshot",
                           str(work / "readme-compare.png"), "--size", "1366x768"], (0,), ""),
        "catalog": (["catalog", "--category", "gpu", "--json"], (0,), "nvidia-h100"),
        "check": (["check", example, "--json"], (0,), "{"),
        "evaluate": (["evaluate", example], (0,), ""),
        "workload": (["workload", "--preset", "llama-2-7b", "--mode", "train", "--precision", "mixed", "--gpus", "8",
                      "--zero", "3", "--gpu", "nvidia-h100-sxm5-80gb"], (0,), ""),
        "quote": (["quote", example, "-o", str(work / "readme-quote.pdf"), "--currency", "EUR"], (0,), ""),
        "export": (["export", example, "-o", str(work / "readme-export.json")], (0,), ""),
        "import redfish": (["import", "redfish", "https://127.0.0.1:9", "-o", str(work / "rf.json"), "--user", "u",
                            "--password-file", str(work / "pw.txt"), "--insecure"], (2,), "127.0.0.1"),
        "import inventory": (["import", "inventory", str(PROBE), "-o", imported], (0,), ""),
        "plan": (["plan", imported, example, "--json"], (0, 1), "{"),
        "verify": (["verify", example, str(PROBE), "--json"], (1,), "findings"),
        "cluster": (["cluster", str(examples / "clusters" / "hgx-h100-16.json"), "--json"], (0,), "{"),
        "completion": (["completion", "bash"], (0,), "_configurator"),
        "desktop-install": (["desktop-install", "--data-home", str(work / "xdg"), "--exec", "configurator-gui"],
                            (0,), "ai-server-configurator.desktop"),
    }


def readme_problems(work: Path, env: dict[str, str], examples: Path) -> list[str]:
    """Run every README command (`readme_runs`), in the README's order; one line per failure."""
    (work / "pw.txt").write_text("secret\n", encoding="utf-8")
    runs = readme_runs(work, examples)
    problems = [f"README command `configurator {key}` has no run in packaging/bundle_check.py"
                for key in readme_commands() if key not in runs]
    for key in [k for k in readme_commands() if k in runs]:
        args, codes, must = runs[key]
        done = _run(args, work, env, timeout=240)
        shown = done.stdout + done.stderr
        if done.returncode not in codes or must not in shown or "Traceback" in shown:
            problems.append(f"README `configurator {key}`: exit {done.returncode}, wanted {codes}"
                            + (f" and {must!r}" if must else "") + f"; {shown.strip()[-300:]}")
    return problems


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
    failures = [f for f in failures if f]
    for line in failures:
        print(f"FAIL {line}")
    print("bundle-check: " + ("failed" if failures else f"ok (PNGs and quote in {work})"))
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
