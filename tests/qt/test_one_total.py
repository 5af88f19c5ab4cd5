"""One answer in one place: the BOM dock, `configurator evaluate --json` and the PDF quote print
the same total for every shipped example, support line included (issue 9)."""

from __future__ import annotations

import io
import json
import re
from contextlib import redirect_stderr, redirect_stdout
from decimal import Decimal
from pathlib import Path

import pytest
from pypdf import PdfReader
from PySide6.QtCore import QLocale

from configurator.core.session import Session
from configurator.launch import main
from configurator.qt.panels.bom import PartsList
from configurator.store import paths
from configurator.store.build_files import read_build
from configurator.store.catalogs import default_catalog
from configurator.store.loaded_evaluator import default_evaluator

EXAMPLES = sorted(paths.examples_dir().glob("*.json"))
TERMS = {"discount_pct": "5", "tax_pct": "13", "shipping": "450", "support_pct_per_year": "7.5", "tco_years": 3}
VARIANTS = {
    "as shipped": ({}, {}),
    "discount, tax, shipping": (TERMS, {}),
    "JPY, prices include tax": ({**TERMS, "prices_include_tax": True, "tax_pct": "10"}, {"currency": "JPY"}),
    "EUR, no support": ({"support_pct_per_year": "0", "discount_pct": "2.5"}, {"currency": "EUR"}),
}
TOTAL = re.compile(r"Total \(([A-Z]{3}), (?:incl|excl)\. tax\) (\S+)")


def amount(text: str) -> Decimal:
    """An en_US money string ("$1,234.50", "−¥5", "€12.00") as a Decimal."""
    digits = re.sub(r"[^\d.]", "", text)
    assert digits, f"no amount in {text!r}"
    return -Decimal(digits) if text.lstrip().startswith("−") else Decimal(digits)


def cli(*argv: str) -> str:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = main(list(argv))
    assert code == 0, err.getvalue()
    return out.getvalue()


def variant_file(example: Path, commercial: dict, site: dict, folder: Path) -> Path:
    data = json.loads(example.read_text(encoding="utf-8"))
    data["commercial"] = {**data.get("commercial", {}), **commercial}
    data["site"] = {**data.get("site", {}), **site}
    path = folder / example.name
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def catalog():
    return default_catalog()


@pytest.fixture(autouse=True)
def en_us():
    """The dock prints money in the system locale; these tests read it in en_US."""
    before = QLocale()
    QLocale.setDefault(QLocale("en_US"))
    yield
    QLocale.setDefault(before)


@pytest.mark.parametrize("variant", list(VARIANTS))
@pytest.mark.parametrize("example", EXAMPLES, ids=[p.stem for p in EXAMPLES])
def test_gui_cli_and_pdf_print_the_same_total(qtbot, tmp_path, catalog, example, variant):
    path = variant_file(example, *VARIANTS[variant], tmp_path)
    session = Session(catalog, read_build(path, catalog).build, path, evaluator=default_evaluator(catalog))
    dock = PartsList(session)
    qtbot.addWidget(dock)
    gui = amount(dock.total.text())

    cost = json.loads(cli("evaluate", str(path), "--json"))["cost"]
    cli_total = Decimal(cost["total"])

    cli("quote", str(path), "-o", str(tmp_path / "q.pdf"))
    text = " ".join(" ".join(page.extract_text().split()) for page in PdfReader(str(tmp_path / "q.pdf")).pages)
    found = TOTAL.findall(text)
    assert len(found) == 1, found
    currency, printed = found[0]
    pdf = amount(printed)

    assert currency == cost["currency"] == session.evaluation.cost.currency
    assert gui == cli_total == pdf == session.evaluation.cost.total
    # support included: the services line is in all three, and the totals add up to it
    services = [ln for ln in cost["lines"] if ln["kind"] == "service"]
    support_pct = Decimal(str(json.loads(path.read_text(encoding="utf-8"))["commercial"]["support_pct_per_year"]))
    if support_pct > 0 and Decimal(cost["subtotal_hardware"]) > 0:
        assert len(services) == 1 and Decimal(cost["subtotal_services"]) == Decimal(services[0]["extended"]) > 0
        assert "Support and warranty extension" in text
        rows = [dock.table.item(r, 1).text() for r in range(dock.table.rowCount())]
        assert services[0]["name"] in rows
    else:
        assert services == [] and "Support and warranty extension" not in text
    assert Decimal(cost["subtotal"]) == Decimal(cost["subtotal_hardware"]) + Decimal(cost["subtotal_services"])
    tax = Decimal(cost["tax"]) if not cost["tax_included"] else 0
    assert cli_total == Decimal(cost["subtotal"]) - Decimal(cost["discount"]) + tax + Decimal(cost["shipping"])


def test_the_dock_shows_the_terms_rows_in_the_pdfs_words(qtbot, tmp_path, catalog):
    path = variant_file(paths.examples_dir() / "hgx-h100-8gpu.json", TERMS, {}, tmp_path)
    session = Session(catalog, read_build(path, catalog).build, path, evaluator=default_evaluator(catalog))
    dock = PartsList(session)
    qtbot.addWidget(dock)
    shown = {key: (label.text(), value.text()) for key, (label, value) in dock.rows.items() if not label.isHidden()}
    cost = session.evaluation.cost
    assert shown["subtotal"] == ("Subtotal", f"${cost.subtotal:,}")
    assert shown["discount"] == ("Discount (5\u00a0%)", f"−${cost.discount:,}")
    assert shown["tax"] == ("Tax / VAT (13\u00a0%)", f"${cost.tax:,}")
    assert shown["shipping"] == ("Shipping", "$450.00")
    assert shown["total"] == ("Total (USD, incl. tax)", f"${cost.total:,}")
    # back to no terms: only the total row stays
    session.replace_build(read_build(paths.examples_dir() / "hgx-h100-8gpu.json", catalog).build)
    assert [key for key, (label, _) in dock.rows.items() if not label.isHidden()] == ["total"]
