"""The upgrade exports (upgrade quote PDF, delta BOM CSV and XLSX) of an imported, upgraded server."""

from __future__ import annotations

import csv
import re
from decimal import Decimal
from pathlib import Path

import pytest
from io_helpers import upgraded_probe
from openpyxl import load_workbook
from pypdf import PdfReader

from configurator.core.money import format_money
from configurator.formats.exporters import exporter
from configurator.launch import main
from configurator.store.build_files import load_build, save_build
from configurator.store.catalogs import default_catalog
from configurator.store.loaded_evaluator import default_evaluator

H200, PSU = "nvidia-h200-sxm5-141gb", "supermicro-psu-3000w-titanium"
CPU, DIMM = "intel-xeon-platinum-8480plus", "samsung-m321r8ga0bb0-cqk"


@pytest.fixture(scope="module")
def files(tmp_path_factory) -> tuple[Path, Path]:
    """(the imported server, the same with 7 more H200s, 6 PSUs, 2 CPUs and 16 DIMMs)."""
    return upgraded_probe(tmp_path_factory.mktemp("upgrade"), {
        **{f"GPU{i}": H200 for i in range(2, 9)}, **{f"PSU{i}": PSU for i in range(1, 7)}, "CPU1": CPU, "CPU2": CPU,
        **{f"CPU{c}_DIMM_{ch}1": DIMM for c in (1, 2) for ch in "ABCDEFGH"}})


def _plan(after: Path):
    from configurator.core.upgrade.found import upgrade_of

    catalog = default_catalog()
    return upgrade_of(load_build(after), default_evaluator(catalog)), catalog


def test_delta_bom_csv_adds_up_and_equals_the_xlsx(files, tmp_path):
    _, after = files
    assert main(["export", str(after), "--format", "delta-bom-csv", "-o", str(tmp_path / "d.csv")]) == 0
    rows = list(csv.reader((tmp_path / "d.csv").open(encoding="utf-8")))
    plan, _ = _plan(after)
    adds = [r for r in rows if r[0] == "Add"]
    assert {r[1] for r in adds} >= {H200, PSU} and next(r for r in adds if r[1] == H200)[4] == "7"
    assert sum(Decimal(r[7]) for r in adds) == plan.cost_total
    totals = {r[3]: Decimal(r[7]) for r in rows if r[0] == "Total"}
    assert totals["new parts (hardware)"] == plan.cost_new_parts and totals["net cost of the upgrade"] == plan.net_cost
    assert main(["export", str(after), "--format", "delta-bom-xlsx", "-o", str(tmp_path / "d.xlsx")]) == 0
    sheet = load_workbook(tmp_path / "d.xlsx")["Delta BOM"]
    cells = [["" if c is None else str(c) for c in row] for row in sheet.iter_rows(values_only=True)]
    assert len(cells) == len(rows) and [r[:6] for r in cells] == [r[:6] for r in rows]
    assert [Decimal(r[7]) for r in cells[1:] if r[0] == "Add"] == [Decimal(r[7]) for r in adds]
    figures = load_workbook(tmp_path / "d.xlsx")["Figures"]
    names = [row[0] for row in figures.iter_rows(values_only=True)]
    assert {"wall_max_w", "heat_btu_hr", "airflow_cfm", "psu_load_pct_max", "feed loss"} <= set(names)


def test_upgrade_quote_pdf_prints_the_plan(files, tmp_path):
    _, after = files
    out = tmp_path / "upgrade.pdf"
    assert main(["export", str(after), "--format", "upgrade-pdf", "-o", str(out)]) == 0
    text = "\n".join(page.extract_text() for page in PdfReader(out).pages)
    plan, _ = _plan(after)
    assert "Upgrade of" in text and "Power, heat and PSUs before and after" in text
    assert format_money(plan.cost_total, "USD", "en_US") in text
    assert "NVIDIA H200 SXM5 141GB" in text and "Losing one feed" in text
    wall = next(d for d in plan.deltas if d.name == "wall_max_w")
    assert f"{wall.before:,.0f} W" in text and f"{wall.after:,.0f} W" in text


def test_before_and_after_files_and_a_build_with_nothing_owned(files, tmp_path, capsys):
    before, after = files
    assert main(["export", str(before), str(after), "--format", "delta-bom-csv", "-o", str(tmp_path / "two.csv")]) == 0
    assert "Add,nvidia-h200-sxm5-141gb" in (tmp_path / "two.csv").read_text()
    example = Path(__file__).resolve().parents[2] / "examples" / "hgx-h100-8gpu.json"
    assert main(["export", str(example), "--format", "upgrade-pdf", "-o", str(tmp_path / "no.pdf")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "no parts are marked owned" in err
    assert not (tmp_path / "no.pdf").exists()
    assert exporter("upgrade-pdf").max_options == 2


def test_an_upgrade_with_errors_is_refused_unless_a_draft(files, tmp_path, capsys):
    _, after = files
    build = load_build(after)
    build.placements = {s: p for s, p in build.placements.items() if s not in ("PSU5", "PSU6")}   # 4 of 4+2
    bad = tmp_path / "bad.json"
    save_build(build, bad)
    out = tmp_path / "bad.pdf"
    assert main(["export", str(bad), "--format", "upgrade-pdf", "-o", str(out)]) == 1
    assert "power.redundancy-count" in capsys.readouterr().err and not out.exists()
    assert main(["export", str(bad), "--format", "upgrade-pdf", "-o", str(out), "--allow-errors"]) == 0
    assert "DRAFT" in " ".join(p.extract_text() for p in PdfReader(out).pages)
    capsys.readouterr()
    # the refusal and each error's message in the user's language, the error code kept
    out.unlink()
    assert main(["--lang", "zh_CN", "export", str(bad), "--format", "upgrade-pdf", "-o", str(out)]) == 1
    head, *errors = capsys.readouterr().err.splitlines()
    assert head.startswith("configurator: ") and re.search(r"[\u4e00-\u9fff]", head) and "error(s)" not in head
    assert errors and all(e.startswith("power.") for e in errors), errors
    assert all(re.search(r"[\u4e00-\u9fff]", e.split(": ", 1)[1]) for e in errors), errors


def test_upgrade_quote_in_chinese_prints_its_own_labels_in_chinese(files, tmp_path):
    """A build whose quote language is zh_CN gets the upgrade quote's headings, table heads and
    verdict words in Chinese (words/quote_words.py), not only the shared quote header and terms."""
    _, after = files
    build = load_build(after)
    build.meta = build.meta.model_copy(update={"language": "zh_CN"})
    zh = tmp_path / "after-zh.json"
    save_build(build, zh)
    out = tmp_path / "upgrade-zh.pdf"
    assert main(["export", str(zh), "--format", "upgrade-pdf", "-o", str(out)]) == 0
    text = "\n".join(page.extract_text() for page in PdfReader(out).pages)
    for words in ("升级前后的功耗、散热与电源", "升级合计", "失去一路供电", "墙插功率，最大", "购买", "升级前",
                  "16 个插槽：", "无电源", "× 3000 W，4+2 冗余，峰值负载", "路失电：其余电源负载", "警告"):
        assert "".join(words.split()) in "".join(text.split()), words     # extraction breaks lines anywhere
    for english in ("Upgrade of", "Power, heat and PSUs before and after", "Losing one feed", "Take out", "slots:",
                    "no PSU", "at peak", "lost:", "of the rest", "WARNING"):
        assert english not in text, english
