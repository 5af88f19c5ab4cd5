"""The comparison as JSON: what `configurator compare --json` prints (every key in docs/cli.md).

Numbers are JSON numbers, money is a decimal string in the row's currency (as in
`evaluate --json`), texts are English (the core's words), null is "not applicable".
"""

from __future__ import annotations

import json
from decimal import Decimal
from pathlib import Path
from typing import Any

from ...core.compare import GROUPS, MAX_COLUMNS, Column, Comparison, Delta, Explanation, Row, Value
from ...core.evaluate.json_shape import strict_json
from ...core.message import Msg
from ...store.safe_write import atomic_write
from ...words.i18n import N_
from ...words.render import in_english
from ..registry import Exporter, ExportRequest
from .comparison_source import comparison_of

FORMAT = "ai-server-configurator/comparison"


def _value(value: Value | Decimal) -> Any:
    if isinstance(value, Msg):
        return in_english(value)
    return str(value) if isinstance(value, Decimal) else value


def _english(text: str | Msg) -> str:
    """A working's formula, input name or value in English: a message worded, a word or data as it is."""
    return in_english(text) if isinstance(text, Msg) else text


def _delta(delta: Delta | None) -> dict[str, Any] | None:
    return None if delta is None else {"absolute": _value(delta.absolute), "percent": delta.percent}


def _explanation(exp: Explanation | None) -> dict[str, Any] | None:
    if exp is None:
        return None
    inputs = [{"name": _english(n), "value": _english(v)} for n, v in exp.inputs]
    return {"formula": _english(exp.formula), "inputs": inputs,
            "sources": list(exp.sources)}


def column_to_json(col: Column) -> dict[str, Any]:
    site, com = col.build.site, col.build.commercial
    return {"label": col.label, "source": col.source, "price_list": col.price_list, "currency": col.currency,
            "options": {"electricity_price_kwh": str(site.electricity_price_kwh), "input_currency": site.input_currency,
                        "pue": site.pue, "tco_years": com.tco_years, "utilization_pct": com.utilization_pct,
                        "workload": col.build.workload is not None},
            "total": str(col.evaluation.cost.total), "errors": len(col.evaluation.errors)}


def row_to_json(row: Row) -> dict[str, Any]:
    return {"key": row.key, "group": row.group, "label": row.label, "unit": row.unit, "kind": row.kind,
            "better": row.better, "values": [_value(v) for v in row.values],
            "deltas": [_delta(d) for d in row.deltas], "best": list(row.best), "all_equal": row.all_equal,
            "comparable": row.comparable, "explanations": [_explanation(e) for e in row.explanations]}


def comparison_to_json(cmp: Comparison) -> dict[str, Any]:
    """The whole comparison as a JSON-ready dict."""
    return {"kind": FORMAT, "baseline_index": cmp.baseline, "columns": [column_to_json(c) for c in cmp.columns],
            "groups": [{"key": k, "label": v} for k, v in GROUPS.items()],
            "rows": [row_to_json(r) for r in cmp.rows]}


def _write(request: ExportRequest, path: Path) -> Path:
    text = json.dumps(strict_json(comparison_to_json(comparison_of(request))), indent=2, ensure_ascii=False,
                      allow_nan=False)
    atomic_write(path, (text + "\n").encode("utf-8"))
    return path


COMPARE_JSON = Exporter(name="compare-json", suffixes=(".json",), description=N_("Comparison (JSON)"),
                        max_options=MAX_COLUMNS, write=_write)
