"""Spreadsheet safety: text a third party controls is written as text, never as a formula.

A build name, a customer, a part name from a user catalog or a price list can begin with `=`,
`+`, `-` or `@` (`=HYPERLINK("http://x","y")`): a spreadsheet opening the CSV or XLSX would run
it. Every CSV and XLSX exporter writes through this module:

- CSV has no cell types, so a text that begins with one of those characters, a tab or a carriage
  return gets a leading apostrophe (OWASP's "CSV injection" advice); numbers stay numbers.
- XLSX cells are typed: a text stays a string cell whatever it begins with (openpyxl would store
  `=…` as a formula), and characters XML cannot hold (vertical tab, NUL, …) become spaces.
"""

from __future__ import annotations

import csv
import re
from collections.abc import Iterable
from typing import Any

#: what makes a spreadsheet read a cell as a formula (or a DDE call) when it begins the cell
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
#: characters an XML 1.0 document cannot hold (openpyxl refuses them)
_NOT_XML = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")


def csv_text(value: Any) -> Any:
    """A CSV cell: text that would start a formula gets a leading apostrophe; other values as they are."""
    if isinstance(value, str):
        value = _NOT_XML.sub(" ", value)
        if value.startswith(FORMULA_START):
            return "'" + value
    return value


def xlsx_text(value: Any) -> Any:
    """An XLSX cell value: text without characters XML cannot hold; other values as they are."""
    return _NOT_XML.sub(" ", value) if isinstance(value, str) else value


def xlsx_row(values: Iterable[Any]) -> list[Any]:
    return [xlsx_text(v) for v in values]


def text_cells_only(wb: Any) -> None:
    """Every cell of `wb` that openpyxl typed as a formula (a text beginning with `=`) typed back as
    text: the exporters write values, never formulas."""
    for ws in wb.worksheets:
        for row in ws.iter_rows():
            for cell in row:
                if cell.data_type == "f":
                    cell.data_type = "s"


class SafeCsvWriter:
    """`csv.writer` whose every text cell goes through `csv_text`."""

    def __init__(self, stream: Any, **kwargs: Any) -> None:
        self._out = csv.writer(stream, **kwargs)

    def writerow(self, row: Iterable[Any]) -> Any:
        return self._out.writerow([csv_text(v) for v in row])

    def writerows(self, rows: Iterable[Iterable[Any]]) -> None:
        for row in rows:
            self.writerow(row)
