"""The comparison as CSV: one line per row of the comparison, raw numbers (a spreadsheet's input).

Columns: key, group, label, unit, better, then per build `<letter> value`, `<letter> delta`,
`<letter> delta %` and `<letter> best` (1 or 0). The first lines (key `column.*`) name each
build, its file, price list, currency and site options. Numbers are plain decimals with a
dot; '' is "not applicable".
"""

from __future__ import annotations

import io
from pathlib import Path

from ...core.compare import MAX_COLUMNS, Comparison, Value
from ...core.message import Msg
from ...store.safe_write import atomic_write
from ...words.i18n import N_, _
from ..registry import Exporter, ExportRequest
from .cells import SafeCsvWriter
from .comparison_source import comparison_of, group_label, options_text, value_words


def _letter(i: int) -> str:
    return chr(ord("A") + i)


def raw(value: Value | object) -> object:
    """A cell as the CSV writes it: floats to 6 decimals (no binary noise), Decimals exact, None ''."""
    if value is None:
        return ""
    if isinstance(value, float):
        return round(value, 6)
    return value_words(value) if isinstance(value, str | Msg) else value


def compare_rows(cmp: Comparison) -> list[list[object]]:
    """Header, the `column.*` lines, then one line per comparison row."""
    n = len(cmp.columns)
    head: list[object] = ["key", "group", "label", "unit", "better"]
    for i in range(n):
        head += [f"{_letter(i)} value", f"{_letter(i)} delta", f"{_letter(i)} delta %", f"{_letter(i)} best"]
    rows: list[list[object]] = [head]
    meta = (("column.label", _("Build"), [c.label for c in cmp.columns]),
            ("column.source", _("File"), [c.source or "" for c in cmp.columns]),
            ("column.price_list", _("Price list"), [c.price_list for c in cmp.columns]),
            ("column.currency", _("Currency"), [c.currency for c in cmp.columns]),
            ("column.options", _("Site options"), [options_text(c) for c in cmp.columns]),
            ("column.baseline", _("Baseline"), [int(i == cmp.baseline) for i in range(n)]))
    for key, label, values in meta:
        rows.append([key, "", label, "", ""] + [x for v in values for x in (v, "", "", "")])
    for row in cmp.rows:
        line: list[object] = [row.key, group_label(row.group), _(row.label), row.unit, row.better or ""]
        for value, delta, best in zip(row.values, row.deltas, row.best, strict=True):
            line += [raw(value), "" if delta is None else raw(delta.absolute),
                     "" if delta is None or delta.percent is None else round(delta.percent, 4),
                     int(best)]
        rows.append(line)
    return rows


def compare_csv_bytes(request: ExportRequest) -> bytes:
    buf = io.StringIO()
    SafeCsvWriter(buf, lineterminator="\n").writerows(compare_rows(comparison_of(request)))
    return buf.getvalue().encode("utf-8")


def _write(request: ExportRequest, path: Path) -> Path:
    atomic_write(path, compare_csv_bytes(request))
    return path


COMPARE_CSV = Exporter(name="compare-csv", suffixes=(".csv",), description=N_("Comparison (CSV)"),
                       max_options=MAX_COLUMNS, write=_write)
