"""`configurator explain BUILD FIGURE`: how one figure of `evaluate --json` is worked out.

FIGURE is the figure's path in `evaluate --json` (`power_w.max`, `psu.load_pct.typical`,
`power_lines.3.idle_w`); `--list` prints every path the build has. The GUI's click-to-explain
calls `explain_figure` too, so the CLI and the window show the same explanation.
"""

from __future__ import annotations

from collections.abc import Iterator
from decimal import Decimal, InvalidOperation
from typing import Any

from ..core.explain import Explanation, explain
from .exporters.evaluation_json import evaluation_to_json

#: string leaves that are figures too: money (Decimal as text) in these sections
_MONEY_SECTIONS = ("cost.", "tco.")


def _leaves(data: Any, prefix: str = "") -> Iterator[tuple[str, Any]]:
    if isinstance(data, dict):
        for k, v in data.items():
            yield from _leaves(v, f"{prefix}.{k}" if prefix else str(k))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            yield from _leaves(v, f"{prefix}.{i}")
    else:
        yield prefix, data


def _is_figure(key: str, value: Any) -> bool:
    if isinstance(value, bool) or value is None:
        return False
    if isinstance(value, int | float | Decimal):
        return True
    if isinstance(value, str) and key.startswith(_MONEY_SECTIONS) and not key.endswith(("currency", "fx_note")):
        try:
            Decimal(value)
        except InvalidOperation:
            return False
        return True
    return False


def figures(evaluation: Any) -> dict[str, Any]:
    """Every figure of `evaluate --json` for this evaluation: path -> value as printed."""
    return {k: v for k, v in _leaves(evaluation_to_json(evaluation)) if _is_figure(k, v)}


def explain_figure(build: Any, catalog: Any, evaluation: Any, key: str) -> Explanation:
    """The explanation of figure `key`, with the value `evaluate --json` prints for it.
    Raises KeyError naming the key when the evaluation has no such figure."""
    shown = figures(evaluation)
    if key not in shown:
        near = sorted(k for k in shown if k.split(".")[0] == key.split(".")[0])[:8]
        hint = f"; figures under {key.split('.')[0]!r}: {', '.join(near)}" if near else "; see --list"
        raise KeyError(f"no figure {key!r} in this build's evaluation{hint}")
    return explain(build, catalog, evaluation, key, shown[key])


def run_explain(build: Any, catalog: Any, evaluation: Any, key: str | None, as_json: bool) -> Any:
    """What `configurator explain` prints: the list of figures (no key) or one explanation."""
    if not key:
        shown = figures(evaluation)
        return shown if as_json else "\n".join(f"{k} = {v}" for k, v in shown.items())
    exp = explain_figure(build, catalog, evaluation, key)
    return exp.to_json() if as_json else exp.to_text().rstrip("\n")
