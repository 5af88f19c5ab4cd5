"""The CJK fallback face is parsed only when a text needs it (start-up: ~60 ms an English quote of
Latin text never pays), and is there the moment a Chinese character appears."""

import subprocess
import sys


def _run(code: str) -> str:
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.strip()


def test_latin_text_does_not_load_the_cjk_face():
    out = _run("from reportlab.pdfbase import pdfmetrics\n"
               "from configurator.report import fonts\n"
               "fonts.register(); fonts.markup('Total € 1,234.00 — ¥ 5')\n"
               "print(fonts.CJK in pdfmetrics.getRegisteredFontNames())")
    assert out == "False"


def test_a_chinese_character_loads_and_uses_the_cjk_face():
    out = _run("from reportlab.pdfbase import pdfmetrics\n"
               "from configurator.report import fonts\n"
               "fonts.register(); m = fonts.markup('报价单 A')\n"
               "print(fonts.CJK in pdfmetrics.getRegisteredFontNames(), fonts.CJK in m)")
    assert out == "True True"
