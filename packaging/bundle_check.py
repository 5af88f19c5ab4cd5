"""Run the PyInstaller bundle the way a user would and check what it makes: `make bundle-check`.

From an empty folder outside the source tree, with a fresh HOME (no user catalogs or settings),
the bundled executable must: list the shipped catalog, check and evaluate an example, write a
quote PDF, and render the main window offscreen to a PNG, in English and Chinese. Under
`CONFIGURATOR_LANG=zh_CN` it must print its `--help` in Chinese and refuse a broken build file with
one Chinese line (exit 2): the translations, argparse's words and the error templates are all in
the bundle. Each step's output is checked (a real PNG of the window's size that is not one flat
colour, a PDF whose text names the chassis, in Chinese the 报价单). Exits 1 with one line per failure.
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
EXAMPLE = "hgx-h100-8gpu.json"
HAN = re.compile(r"[\u4e00-\u9fff]")


def _exe() -> Path:
    name = "configurator.exe" if sys.platform == "win32" else "configurator"
    exe = BUNDLE / name
    if not exe.is_file():
        raise SystemExit(f"{exe}: no bundle; run `make bundle` first")
    return exe


def _run(args: list[str], cwd: Path, env: dict[str, str], timeout: int = 120) -> subprocess.CompletedProcess:
    started = time.monotonic()
    done = subprocess.run([str(_exe()), *args], cwd=cwd, env=env, capture_output=True, text=True,
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


def main() -> int:
    work = Path(tempfile.mkdtemp(prefix="bundle-check-"))
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "CONFIGURATOR_"))}
    env.update(HOME=str(work / "home"), XDG_CONFIG_HOME=str(work / "config"), XDG_DATA_HOME=str(work / "data"),
               QT_QPA_PLATFORM="offscreen", LANG="C.UTF-8")
    example = str(BUNDLE / "_internal" / "configurator" / "_shipped" / "examples" / EXAMPLE)
    failures: list[str] = []
    print(f"bundle {BUNDLE} ({(BUNDLE / 'VERSION').read_text().strip()}), working in {work}")

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
    failures = [f for f in failures if f]
    for line in failures:
        print(f"FAIL {line}")
    print("bundle-check: " + ("failed" if failures else f"ok (PNGs and quote in {work})"))
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
