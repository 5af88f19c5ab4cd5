"""`configurator accept plan|script` and the PDFs in both languages."""

from __future__ import annotations

import json
import shutil
import subprocess

import pytest
from accept_servers import BUILD, results_folder

from configurator.launch import main


def test_plan_json_lists_every_step_with_its_source(capsys):
    assert main(["accept", "plan", str(BUILD), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    busbw = next(s for s in data["steps"] if s["key"] == "nccl.allreduce_busbw")
    assert busbw["expected"] == 480.0 and busbw["threshold"] == 432.0
    assert busbw["source"]["url"] == "https://github.com/NVIDIA/nccl-tests/issues/212"
    assert all(s["source"]["url"] for s in data["steps"])


def test_plan_text_in_chinese(capsys):
    assert main(["accept", "plan", str(BUILD), "--lang", "zh_CN"]) == 0
    assert capsys.readouterr().out.startswith("验收测试方案")


def test_a_bad_build_is_one_line_exit_2(tmp_path, capsys):
    bad = tmp_path / "bad.json"
    bad.write_text("{")
    assert main(["accept", "plan", str(bad)]) == 2
    assert len(capsys.readouterr().err.strip().splitlines()) == 1


@pytest.mark.parametrize("lang", ["en", "zh_CN"])
def test_plan_and_report_pdfs(tmp_path, lang, capsys):
    plan_pdf, report_pdf = tmp_path / f"plan-{lang}.pdf", tmp_path / f"report-{lang}.pdf"
    assert main(["accept", "plan", str(BUILD), "-o", str(plan_pdf), "--pdf-lang", lang]) == 0
    assert main(["accept", "import", str(BUILD), str(results_folder(tmp_path / "run")), "-o", str(report_pdf),
                 "--pdf-lang", lang]) == 1
    for pdf in (plan_pdf, report_pdf):
        assert pdf.read_bytes().startswith(b"%PDF")
    if shutil.which("pdftotext"):
        text = subprocess.run(["pdftotext", str(report_pdf), "-"], capture_output=True, text=True).stdout
        assert ("验收报告" if lang == "zh_CN" else "Acceptance report") in text
        assert "S421337X3A01234" in text


@pytest.mark.parametrize(("lang", "title"), [("en", "Software stack (pinned)"), ("zh_CN", "软件栈（锁定版本）")])
def test_the_plan_pdf_lists_the_pinned_stack_configurator_stack_prints(tmp_path, lang, title, capsys):
    """Issue 27: the pinned stack manifest appears in the acceptance plan, with `configurator stack`'s versions."""
    from pypdf import PdfReader

    from configurator.words import i18n

    assert main(["stack", str(BUILD), "--json"]) == 0
    pinned = {p["component"]: p["version"] for p in json.loads(capsys.readouterr().out)["pinned"]}
    out = tmp_path / f"plan-{lang}.pdf"
    try:
        assert main(["accept", "plan", str(BUILD), "-o", str(out), "--pdf-lang", lang]) == 0
    finally:
        i18n.set_language("en")
    text = " ".join(" ".join(p.extract_text().split()) for p in PdfReader(str(out)).pages)
    assert title in text
    assert pinned["driver"] in text and pinned["fabric_manager"] == pinned["driver"]
    assert pinned["container"] in text.replace(" ", "")
