"""Comparison and BOM exports: XLSX cells are numbers and equal the core's totals for every example
build, CSV round-trips, LibreOffice opens the workbook, the PDF renders (English and Chinese)."""

from __future__ import annotations

import csv
import io
import shutil
import subprocess
from decimal import Decimal
from pathlib import Path

import pytest
from openpyxl import load_workbook

from configurator.core.compare import ColumnInput, Comparer, Comparison
from configurator.core.message import Msg
from configurator.formats.exporters import EXPORTERS, ExportRequest
from configurator.formats.exporters.bom_rows import total_labels
from configurator.formats.exporters.compare_xlsx import FIRST, HEAD_ROWS
from configurator.formats.exporters.comparisons import COMPARE_EXPORTERS, compare_exporter
from configurator.store import paths
from configurator.store.build_files import load_build
from configurator.store.catalogs import load_catalog
from configurator.store.loaded_evaluator import default_evaluator
from configurator.store.price_lists import PriceListError, load_price_list
from configurator.words.i18n import set_language
from configurator.words.render import say

EXAMPLES = sorted(p for p in paths.examples_dir().glob("*.json"))
# every example build, in the fewest comparisons of at most six
_N = -(-len(EXAMPLES) // 6)
BATCHES = tuple(EXAMPLES[i * len(EXAMPLES) // _N:(i + 1) * len(EXAMPLES) // _N] for i in range(_N))


@pytest.fixture(scope="module")
def evaluator():
    return default_evaluator(load_catalog([paths.catalog_dir()], [paths.price_dir()]))


def _compare(evaluator, files) -> Comparison:
    inputs = [ColumnInput(load_build(f, evaluator.catalog), source=str(f)) for f in files]
    return Comparer(evaluator).compare(inputs)


def _request(cmp: Comparison, evaluator) -> ExportRequest:
    return ExportRequest(options=tuple((c.build, c.evaluation) for c in cmp.columns), catalog=evaluator.catalog,
                         comparison=cmp)


@pytest.fixture(scope="module", params=range(len(BATCHES)), ids=[f"examples-{i + 1}" for i in range(len(BATCHES))])
def workbook(request, evaluator, tmp_path_factory):
    cmp = _compare(evaluator, BATCHES[request.param])
    target = tmp_path_factory.mktemp("xlsx") / "cmp.xlsx"
    path = compare_exporter(None, target).write(_request(cmp, evaluator), target)
    return cmp, path


def test_batches_cover_every_example():
    assert sum(len(b) for b in BATCHES) == len(EXAMPLES) >= 9 and all(2 <= len(b) <= 6 for b in BATCHES)


def _sheet_rows(ws):
    return {(ws.cell(row=r, column=2).value, ws.cell(row=r, column=3).value or ""): r
            for r in range(HEAD_ROWS + 1, ws.max_row + 1)}


def test_xlsx_numbers_are_numbers(workbook):
    cmp, path = workbook
    ws = load_workbook(path)["Comparison"]
    rows = _sheet_rows(ws)
    assert len(rows) == len(cmp.rows)
    for row in cmp.rows:
        r = rows[row.label, row.unit]
        for i, value in enumerate(row.values):
            cell = ws.cell(row=r, column=FIRST + 3 * i)
            if value is None:
                assert cell.value is None
            elif isinstance(value, str | Msg):
                assert cell.value == (value if isinstance(value, str) else say(value))   # a name as it is
            else:
                assert isinstance(cell.value, (int, float)) and not isinstance(cell.value, bool), (row.key, cell.value)
                assert cell.value == pytest.approx(float(value)), row.key
                assert cell.number_format != "General"
            delta = row.deltas[i]
            got = ws.cell(row=r, column=FIRST + 3 * i + 1).value
            assert (got is None) if delta is None else got == pytest.approx(float(delta.absolute))
    assert ("Quote total", "USD") in rows      # the unit beside the numbers


def test_xlsx_totals_equal_the_core(workbook):
    cmp, path = workbook
    wb = load_workbook(path)
    ws = wb["Comparison"]
    rows = _sheet_rows(ws)
    labels = total_labels()
    assert len(wb.sheetnames) == 1 + len(cmp.columns)
    for i, (col, name) in enumerate(zip(cmp.columns, wb.sheetnames[1:], strict=True)):
        cost = col.evaluation.cost
        assert Decimal(str(ws.cell(row=rows["Quote total", "USD"], column=FIRST + 3 * i).value)) == cost.total
        assert Decimal(str(ws.cell(row=rows["Total cost of ownership", "USD"], column=FIRST + 3 * i).value)) == \
            col.evaluation.tco.total
        bom = wb[name]
        header = [c.value for c in bom[2]]
        assert header[4] == f"Unit price ({cost.currency})" and header[5] == f"Extended ({cost.currency})"
        found = {}
        lines = Decimal(0)
        for values in bom.iter_rows(min_row=3, values_only=True):
            if values[9] == "Totals":
                if values[2] in labels:
                    found[labels[values[2]]] = Decimal(str(values[5]))
            elif isinstance(values[5], (int, float)):
                assert isinstance(values[3], int)           # a line: qty is a number too
                lines += Decimal(str(values[5]))
        assert found == {k: getattr(cost, k) for k in labels.values()}, col.label
        assert lines == cost.subtotal


def test_bom_csv_and_xlsx_of_one_build(evaluator, tmp_path):
    build = load_build(EXAMPLES[0], evaluator.catalog)
    ev = evaluator.evaluate(build)
    request = ExportRequest(options=((build, ev),), catalog=evaluator.catalog)
    out = EXPORTERS["bom-csv"].write(request, tmp_path / "bom.csv")
    rows = list(csv.reader(io.StringIO(out.read_text("utf-8"))))
    assert rows[0][:9] == ["Part number", "Vendor", "Description", "Qty", f"Unit price ({ev.cost.currency})",
                           f"Extended ({ev.cost.currency})", "Currency", "Price source", "Price date"]
    priced = [r for r in rows[1:] if r[3]]
    assert len(priced) == len(ev.cost.lines)
    assert sum(Decimal(r[5]) for r in priced if r[5]) == ev.cost.subtotal
    assert [r[5] for r in rows if r[2] == "Total"] == [str(ev.cost.total)]
    assert all(r[6] == ev.cost.currency for r in rows[1:])
    xlsx = EXPORTERS["bom-xlsx"].write(request, tmp_path / "bom.xlsx")
    ws = load_workbook(xlsx).active
    values = [row for row in ws.iter_rows(min_row=3, values_only=True)]
    assert [Decimal(str(v[5])) for v in values if v[2] == "Total"] == [ev.cost.total]
    assert all(isinstance(v[4], (int, float)) for v in values if v[3] and v[4] not in (None, ""))


def test_compare_csv(evaluator, tmp_path):
    cmp = _compare(evaluator, BATCHES[1])
    path = COMPARE_EXPORTERS["compare-csv"].write(_request(cmp, evaluator), tmp_path / "c.csv")
    rows = {r[0]: r for r in csv.reader(io.StringIO(path.read_text("utf-8")))}
    tco = cmp.row("cost.tco")
    line = rows["cost.tco"]
    assert line[3] == "USD" and line[4] == "lower"
    assert [Decimal(line[5 + 4 * i]) for i in range(len(cmp.columns))] == list(tco.values)
    assert Decimal(line[5 + 4 + 1]) == tco.values[1] - tco.values[0]
    assert rows["column.source"][5] == str(BATCHES[1][0])
    assert rows["column.price_list"][5] == "catalog prices"


def test_libreoffice_opens_the_workbook(workbook, tmp_path):
    soffice = shutil.which("soffice") or shutil.which("libreoffice")
    if soffice is None:
        pytest.skip("LibreOffice (soffice) is not installed: apt-get install libreoffice-calc-nogui")
    _cmp, path = workbook
    done = subprocess.run([soffice, "--headless", f"-env:UserInstallation=file://{tmp_path}/lo-profile",
                           "--convert-to", 'csv:Text - txt - csv (StarCalc):44,34,76', "--outdir", str(tmp_path),
                           str(path)], capture_output=True, text=True, timeout=180)
    out = tmp_path / "cmp.csv"
    assert done.returncode == 0 and out.exists(), done.stderr
    text = out.read_text("utf-8")
    assert "Total cost of ownership" in text and "Δ to baseline" in text


@pytest.mark.parametrize("lang", ["en", "zh_CN"])
def test_compare_pdf_renders(evaluator, tmp_path, lang):
    pypdf = pytest.importorskip("pypdf")
    cmp = _compare(evaluator, BATCHES[1])
    set_language(lang)
    try:
        path = COMPARE_EXPORTERS["compare-pdf"].write(_request(cmp, evaluator), tmp_path / "c.pdf")
    finally:
        set_language("en")
    reader = pypdf.PdfReader(str(path))
    text = "".join(page.extract_text() for page in reader.pages)
    assert len(reader.pages) >= 1 + len(cmp.columns)          # the comparison, then a BOM per build
    assert ("总拥有成本" if lang == "zh_CN" else "Total cost of ownership") in text
    fonts = {str(f) for page in reader.pages for f in (page["/Resources"].get("/Font") or {}).values()}
    assert fonts and not any("Helvetica" in str(page["/Resources"]) for page in reader.pages)


def test_price_list_loading(evaluator, tmp_path):
    good = tmp_path / "buyer.csv"
    good.write_text("id,price,currency,date,source\nnvidia-h100-sxm5-80gb,20000,USD,2026-12-01,negotiated\n"
                    "no-such-part,1,USD,2026-12-01,typo\n", "utf-8")
    issues: list = []
    plist = load_price_list(good, evaluator.catalog, issues=issues)
    assert plist.name == "buyer.csv" and len(plist.prices) == 2
    assert any("no-such-part" in str(i) for i in issues)
    bad = tmp_path / "bad.csv"
    bad.write_text("id,price,currency,date,source\nnvidia-h100-sxm5-80gb,twenty,USD,2026-12-01,x\n", "utf-8")
    with pytest.raises(PriceListError, match=r"bad\.csv: entry 'nvidia-h100-sxm5-80gb', field 'price'"):
        load_price_list(bad)
    lenient: list = []
    with pytest.raises(PriceListError, match="no price rows"):      # its only row was bad
        load_price_list(bad, issues=lenient, strict=False)
    assert "field 'price'" in str(lenient[0])
    empty = tmp_path / "empty.csv"
    empty.write_text("id,price,currency,date,source\n", "utf-8")
    with pytest.raises(PriceListError, match="no price rows"):
        load_price_list(empty)


def test_comparison_of_plain_options(evaluator, tmp_path):
    """A request without a comparison (the GUI's File ▸ Export over open builds) compares its options."""
    builds = [load_build(f, evaluator.catalog) for f in BATCHES[1][:2]]
    request = ExportRequest(options=tuple((b, evaluator.evaluate(b)) for b in builds), catalog=evaluator.catalog)
    path = COMPARE_EXPORTERS["compare-json"].write(request, tmp_path / "c.json")
    assert Path(path).read_text("utf-8").startswith("{")
    one = ExportRequest(options=request.options[:1], catalog=evaluator.catalog)
    with pytest.raises(ValueError, match="at least 2 builds") as info:
        COMPARE_EXPORTERS["compare-csv"].write(one, tmp_path / "x.csv")
    from configurator.words.errors import error_text

    assert str(info.value) == "a comparison needs at least 2 builds, got 1"
    assert error_text(info.value, "zh_CN") == "对比至少需要 2 个配置，实际给出 1 个"


def test_names_stay_names_in_chinese(tmp_path):
    """The chassis 'Supermicro SYS-421GE-TNRT (4U, up to 10 DW PCIe GPUs)' went through the template
    translator and came out '… 台（4U, up to 10 DW PCIe 个 GPU）' in the Chinese comparison."""
    from configurator.launch import main

    ex = paths.examples_dir()
    out = tmp_path / "c.csv"
    assert main(["compare", str(ex / "hgx-h100-8gpu.json"), str(ex / "pcie-l40s-8gpu.json"),
                 "--csv", str(out), "--lang", "zh_CN"]) == 0
    rows = {r[0]: r for r in csv.reader(io.StringIO(out.read_text("utf-8")))}
    chassis = load_catalog().chassis(load_build(ex / "pcie-l40s-8gpu.json").chassis).name
    assert rows["hardware.chassis"][9] == chassis and "GPUs" in chassis
    assert rows["psu.feed_loss"][5] != "overloads on a feed loss"          # a worded value is still translated


def test_a_build_without_cpus_says_so_in_chinese():
    """'no CPU' in a name row stayed English in the Chinese compare view (an imported server, issue #30)."""
    from configurator.core.message import Msg
    from configurator.formats.exporters.comparison_source import value_words

    set_language("zh_CN")
    try:
        assert value_words(Msg("compare.no-cpu")) == "无 CPU"
        assert value_words("2 × Intel Xeon Platinum 8468") == "2 × Intel Xeon Platinum 8468"
    finally:
        set_language("en")


@pytest.mark.parametrize("lang", ["en", "zh_CN"])
def test_compare_pdf_never_leaves_a_totals_block_alone_on_a_page(evaluator, tmp_path, lang):
    """Each build's BOM filled its landscape page and its totals stood alone on the next (issue #30):
    the BOM's last rows now go with the totals (report/keep_tail.py)."""
    pypdf = pytest.importorskip("pypdf")
    from configurator.words.quote_words import Labels

    files = [paths.examples_dir() / f"{n}.json" for n in ("hgx-h100-8gpu", "pcie-l40s-8gpu", "dgx-h100-8gpu",
                                                 "gigabyte-g593-sd1-8x-h200")]
    cmp = _compare(evaluator, files)
    set_language(lang)
    try:
        path = COMPARE_EXPORTERS["compare-pdf"].write(_request(cmp, evaluator), tmp_path / "c.pdf")
    finally:
        set_language("en")
    tr = Labels(lang)
    pages = [page.extract_text() for page in pypdf.PdfReader(str(path)).pages]
    with_totals = [text for text in pages if tr("Subtotal") in text]
    assert len(with_totals) == len(cmp.columns)
    assert all(tr("Unit price") in text for text in with_totals), with_totals
