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


#: a broken reference table (resources/acceptance/references.toml, shipped: an edited or damaged
#: installation), the English after "configurator: <file>: " and the Chinese
BAD_REFERENCES = [
    ("nccl = 1\n", "field 'nccl': not a table", "字段 'nccl'：不是表"),
    ('[nccl]\nvalue = 1\nunit = "GB/s"\nurl = "u"\ndate = "2024"\n', "field 'nccl.confidence': missing",
     "字段 'nccl.confidence'：缺失"),
    ('[nccl]\nvalue = "fast"\nunit = "GB/s"\nurl = "u"\ndate = "2024"\nconfidence = "high"\n',
     "field 'nccl.value': must be a number or a list of numbers", "字段 'nccl.value'：必须是数字或数字列表"),
    ('[nccl]\nvalue = 1\ntolerance_pct = "5"\nunit = "GB/s"\nurl = "u"\ndate = "2024"\nconfidence = "high"\n',
     "field 'nccl.tolerance_pct': must be a number", "字段 'nccl.tolerance_pct'：必须是数字"),
]


@pytest.mark.parametrize(("content", "english", "chinese"), BAD_REFERENCES, ids=["table", "missing", "value", "tolerance"])
def test_a_broken_reference_table_is_one_line_in_english_and_in_chinese(tmp_path, monkeypatch, capsys, content,
                                                                         english, chinese):
    """`accept plan` reads the shipped reference table: a broken one is one line naming the file and
    the field, exit 2, no traceback (a value that is not a number was a bare `float()` error)."""
    from configurator.store import acceptance_references
    from configurator.words import i18n

    table = tmp_path / "references.toml"
    table.write_text(content, encoding="utf-8")
    monkeypatch.setattr(acceptance_references, "references_path", lambda: table)
    for lang, line in (("en", english), ("zh_CN", chinese)):
        try:
            code = main(["accept", "plan", str(BUILD), "--lang", lang])
        finally:
            i18n.set_language("en")
        assert (code, capsys.readouterr().err) == (2, f"configurator: {table}: {line}\n")
