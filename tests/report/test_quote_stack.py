"""The quote lists the build's pinned software stack (core/stack), in the quote's language, with
the same versions `configurator stack` prints."""

from __future__ import annotations

import io
import json
from contextlib import redirect_stdout

from configurator.launch import main
from configurator.store import paths
from configurator.words import i18n

H200 = paths.examples_dir() / "gigabyte-g593-sd1-8x-h200.json"


def _stack_json() -> dict:
    out = io.StringIO()
    with redirect_stdout(out):
        assert main(["stack", str(H200), "--json"]) == 0
    return json.loads(out.getvalue())


def test_the_h200_quote_pins_the_driver_and_fabric_manager_in_both_languages(tmp_path, pdf_pages):
    pinned = {p["component"]: p["version"] for p in _stack_json()["pinned"]}
    words = (("en", "Software stack (pinned)", "Fabric Manager"), ("zh_CN", "软件栈（锁定版本）", "NVSwitch 管理服务"))
    for lang, title, fm in words:
        out = tmp_path / f"q-{lang}.pdf"
        try:
            assert main(["quote", str(H200), "-o", str(out), "--lang", lang]) == 0
        finally:
            i18n.set_language("en")     # `--lang` sets the process's language
        text = " ".join(pdf_pages(out))
        solid = text.replace(" ", "")     # a long tag may wrap in its cell
        assert title in text and fm in text
        # Fabric Manager's row carries the driver's version; the container tag is the pinned one
        assert text.count(pinned["driver"]) >= 2 and pinned["fabric_manager"] == pinned["driver"]
        assert pinned["container"] in solid and ":latest" not in solid
