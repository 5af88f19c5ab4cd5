"""Refresh every translation file from the code: `make translations` (or run this with the venv).

1. Qt strings: pyside6-lupdate configurator/qt -> resources/translations/configurator_zh_CN.ts
   (no line numbers, so concurrent edits do not churn the file), pyside6-lrelease -> .qm.
2. Qt-free strings: pybabel extract (resources/locale/babel.cfg) -> configurator.pot, update the
   zh_CN .po, compile the .mo.

New strings arrive untranslated; tests/qt/test_translations.py and tests/test_i18n.py fail until
someone translates them (Qt Linguist for the .ts, any PO editor for the .po) and reruns this.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent
LANGS = ("zh_CN",)
TS_DIR = ROOT / "resources" / "translations"
LOCALE = ROOT / "resources" / "locale"
_BRACES = re.compile(r"\{\w+")


def qt_sources() -> list[str]:
    return sorted(str(p.relative_to(ROOT)) for p in (ROOT / "configurator" / "qt").rglob("*.py"))


def _tool(name: str) -> str:
    """A PySide6 tool next to this interpreter (pyside6-lupdate, pyside6-lrelease), else on PATH."""
    path = BIN / name
    return str(path) if path.exists() else name


def refresh_qt() -> None:
    for lang in LANGS:
        ts = TS_DIR / f"configurator_{lang}.ts"
        subprocess.run([_tool("pyside6-lupdate"), "-locations", "none", "-no-obsolete", *qt_sources(), "-ts", str(ts)],
                       check=True, cwd=ROOT)
        subprocess.run([_tool("pyside6-lrelease"), str(ts), "-qm", str(ts.with_suffix(".qm"))], check=True, cwd=ROOT)


def compile_po(po: Path) -> None:
    """po -> mo, checking that each translation keeps its message's {placeholders}.

    Not `pybabel compile`: its %-format check misreads "~88 % in practice" as a "% i" placeholder,
    and our messages use str.format placeholders only.
    """
    with open(po, "rb") as fh:
        cat = read_po(fh)
    errors = [f"{po.name}: {msg.id!r}: placeholders differ in the translation" for msg in cat
              if msg.id and msg.string and set(_BRACES.findall(str(msg.id))) != set(_BRACES.findall(str(msg.string)))]
    if errors:
        raise SystemExit("\n".join(errors))
    with open(po.with_suffix(".mo"), "wb") as fh:
        write_mo(fh, cat)
    done = sum(1 for msg in cat if msg.id and msg.string)
    print(f"{po}: {done} of {len(cat)} messages translated")


def refresh_babel() -> None:
    pot = LOCALE / "configurator.pot"
    babel = [str(BIN / "pybabel") if (BIN / "pybabel").exists() else "pybabel"]
    keywords = ["-k", "_", "-k", "N_", "-k", "P_:1,2", "-k", "C_:1c,2"]   # C_: a msgctxt, then the message
    subprocess.run([*babel, "extract", "-F", str(LOCALE / "babel.cfg"), *keywords, "--no-location",
                    "--sort-output", "--omit-header", "-w", "100", "-o", str(pot), "."], check=True, cwd=ROOT)
    for lang in LANGS:
        po = LOCALE / lang / "LC_MESSAGES" / "configurator.po"
        header = _creation_date(po)
        subprocess.run([*babel, "update", "-D", "configurator", "-i", str(pot), "-d", str(LOCALE), "-l", lang,
                        "-w", "100", "--no-fuzzy-matching"], check=True, cwd=ROOT)
        _keep_creation_date(po, header)
        compile_po(po)


def _creation_date(po: Path) -> str | None:
    return next((ln for ln in po.read_text(encoding="utf-8").splitlines() if ln.startswith('"POT-Creation-Date:')), None)


def _keep_creation_date(po: Path, line: str | None) -> None:
    """Keep the header's date as it was: branches that each add messages then merge without a conflict."""
    if line is None:
        return
    lines = po.read_text(encoding="utf-8").splitlines(keepends=True)
    po.write_text("".join(line + "\n" if ln.startswith('"POT-Creation-Date:') else ln for ln in lines), encoding="utf-8")


if __name__ == "__main__":
    refresh_qt()
    refresh_babel()
