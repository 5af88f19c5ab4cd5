"""Spreadsheet safety (issue #29): what a third party wrote is never a formula in a CSV or XLSX export.

A hostile build (its name and customer), a hostile part name (a user catalog) and a vertical tab
go through every CSV and XLSX exporter; each file is read back: no XLSX cell is a formula, every
CSV text that would start one is neutralised with a leading apostrophe, and numbers stay numbers.
With LibreOffice installed, each file is also opened headless and converted: no cell evaluates.
"""

from __future__ import annotations

import csv
import shutil
import subprocess
from decimal import Decimal

import pytest
from openpyxl import load_workbook

from configurator.core.catalog import Catalog
from configurator.core.compare import ColumnInput, Comparer
from configurator.formats.exporters import EXPORTERS, ExportRequest
from configurator.formats.exporters.cells import FORMULA_START, csv_text
from configurator.formats.exporters.comparisons import COMPARE_EXPORTERS
from configurator.store import paths
from configurator.store.build_files import load_build
from configurator.store.catalogs import load_catalog
from configurator.store.loaded_evaluator import default_evaluator

HOSTILE_NAME = '=HYPERLINK("http://x.example","click")'
HOSTILE_CUSTOMER = "@SUM(1+1)*cmd|' /C calc'!A0"
HOSTILE_PART = "+1+2 \x0b GPU"


@pytest.fixture(scope="module")
def hostile(tmp_path_factory):
    shipped = load_catalog([paths.catalog_dir()], [paths.price_dir()])
    build = load_build(paths.examples_dir() / "hgx-h100-8gpu.json", shipped)
    gpu_id = next(p for p in build.placements.values() if p.startswith("nvidia-h100"))
    parts = dict(shipped.parts)
    parts[gpu_id] = parts[gpu_id].model_copy(update={"name": HOSTILE_PART})
    catalog = Catalog(parts=parts, prices=shipped.prices)
    build = build.model_copy(update={"meta": build.meta.model_copy(update={"name": HOSTILE_NAME,
                                                                           "customer": HOSTILE_CUSTOMER})})
    evaluator = default_evaluator(catalog)
    pair = (build, evaluator.evaluate(build))
    cmp = Comparer(evaluator).compare([ColumnInput(build, source="a.json"), ColumnInput(build, source="b.json")])
    out = tmp_path_factory.mktemp("hostile")
    files = []
    for ex in EXPORTERS.values():
        if ex.suffixes[0] in (".csv", ".xlsx"):
            options = (pair, pair) if ex.max_options == 2 else (pair,)
            files.append(ex.write(ExportRequest(options=options, catalog=catalog), out / f"{ex.name}{ex.suffixes[0]}"))
    for ex in COMPARE_EXPORTERS.values():
        if ex.suffixes[0] in (".csv", ".xlsx"):
            request = ExportRequest(options=(pair, pair), catalog=catalog, comparison=cmp)
            files.append(ex.write(request, out / f"{ex.name}{ex.suffixes[0]}"))
    return files


def test_every_spreadsheet_exporter_is_covered(hostile):
    names = {p.stem for p in hostile}
    assert {"bom-csv", "bom-xlsx", "delta-bom-csv", "delta-bom-xlsx", "compare-csv", "compare-xlsx"} <= names


def test_no_xlsx_cell_is_a_formula_and_the_hostile_text_is_kept_as_text(hostile):
    seen = ""
    for path in (p for p in hostile if p.suffix == ".xlsx"):
        wb = load_workbook(path)
        for ws in wb.worksheets:
            for row in ws.iter_rows():
                for cell in row:
                    assert cell.data_type != "f", f"{path.name}!{cell.coordinate}: {cell.value!r} is a formula"
                    if isinstance(cell.value, str):
                        seen += cell.value + "\n"
    assert "+1+2   GPU" in seen          # the part name, its vertical tab a space
    assert HOSTILE_NAME in seen or HOSTILE_CUSTOMER in seen


def test_csv_text_that_would_start_a_formula_is_neutralised_and_numbers_stay_numbers(hostile):
    cells = []
    for path in (p for p in hostile if p.suffix == ".csv"):
        rows = list(csv.reader(path.open(encoding="utf-8")))
        for row in rows:
            for value in row:
                if value.startswith(FORMULA_START):
                    assert _is_number(value), f"{path.name}: {value!r} would run as a formula"
                cells.append(value)
    assert "'" + HOSTILE_NAME in cells                          # the comparison's build column
    assert any("+1+2   GPU" in v for v in cells)               # the part, its vertical tab a space


def test_the_helper_neutralises_every_formula_start_and_leaves_numbers():
    for start in FORMULA_START:
        assert csv_text(start + "1+1").startswith("'")
    assert csv_text(-5) == -5 and csv_text(Decimal("-1.5")) == Decimal("-1.5")
    assert csv_text("H100 SXM") == "H100 SXM"


def test_libreoffice_evaluates_no_cell(hostile, tmp_path):
    soffice = shutil.which("soffice") or shutil.which("libreoffice")
    if soffice is None:
        pytest.skip("LibreOffice (soffice) is not installed: apt-get install libreoffice-calc-nogui")
    for path in hostile:
        done = subprocess.run([soffice, "--headless", f"-env:UserInstallation=file://{tmp_path}/lo-profile",
                               "--convert-to", "csv", "--outdir", str(tmp_path / path.stem), str(path)],
                              capture_output=True, text=True, timeout=180)
        assert done.returncode == 0, done.stderr
        text = next((tmp_path / path.stem).glob("*.csv")).read_text(encoding="utf-8", errors="replace")
        assert "click" not in text.replace('"click"', ""), f"{path.name}: HYPERLINK was evaluated"
        if path.stem.startswith("compare"):       # the build's name heads a column: still the text
            assert "HYPERLINK" in text, f"{path.name}: the build name was evaluated as a formula"


def _is_number(value: str) -> bool:
    try:
        float(value.replace(",", ""))
    except ValueError:
        return False
    return True


def test_shipped_catalog_unchanged_by_the_hostile_copy():
    shipped = load_catalog([paths.catalog_dir()], [paths.price_dir()])
    assert all(not p.name.startswith(FORMULA_START) for p in shipped.parts.values())

