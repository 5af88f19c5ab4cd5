"""Explain any figure of an evaluation: its formula in words, its inputs with their values and
each input's source (catalog entry + URL, measurement, build setting or stated assumption).

Built on request only (the CLI's `configurator explain`, a click in a GUI panel), never during
evaluation, so the edit path stays fast. A figure is named by its path in `evaluate --json`
(`power_w.max`, `psu.load_pct.typical`, `power_lines.3.idle_w`, `cost.lines.0.extended`); the
same `Explanation` is printed by the CLI and shown by the GUI. The handlers live in
`explain_figures.py` (power, PSUs, heat) and `explain_more.py` (compute, memory, bandwidth,
money, workload).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .catalog import Catalog, Part
from .context import BuildContext, resolve


@dataclass(frozen=True)
class Input:
    """One input of a figure: its value (with unit) and where that value comes from."""

    name: str
    value: str
    source: str
    estimate: bool = False

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "value": self.value, "source": self.source, "estimate": self.estimate}


@dataclass(frozen=True)
class Explanation:
    """How one figure is worked out. `estimate` is true when any input is an estimate."""

    figure: str
    value: Any
    unit: str
    formula: str
    inputs: tuple[Input, ...] = ()
    notes: tuple[str, ...] = ()
    estimate: bool = field(default=False)

    def to_json(self) -> dict[str, Any]:
        return {"figure": self.figure, "value": self.value, "unit": self.unit, "formula": self.formula,
                "estimate": self.estimate, "inputs": [i.to_json() for i in self.inputs], "notes": list(self.notes)}

    def to_text(self) -> str:
        """Plain text for a terminal or a popup."""
        head = f"{self.figure} = {show_value(self.value)}{' ' + self.unit if self.unit else ''}"
        lines = [head + ("  (estimate)" if self.estimate else ""), "", self.formula, ""]
        lines += [f"  {i.name} = {i.value}{'  (estimate)' if i.estimate else ''}\n      source: {i.source}"
                  for i in self.inputs]
        lines += [""] + [f"Note: {n}" for n in self.notes] if self.notes else []
        return "\n".join(lines).rstrip() + "\n"


def show_value(value: Any) -> str:
    """A figure or input as people read it: grouped thousands, four significant digits below 1,000."""
    if isinstance(value, float):
        return f"{value:,.4g}" if abs(value) < 1000 else f"{value:,.1f}"
    return str(value)


class Explainer:
    """What a handler needs: the resolved build, the evaluation and the figure's value."""

    def __init__(self, ctx: BuildContext, ev: Any, key: str, value: Any) -> None:
        self.ctx, self.ev, self.key, self.value = ctx, ev, key, value

    def part_input(self, part: Part | None, fld: str, name: str = "", unit: str = "", value: Any = None) -> Input:
        """An input read from a catalog part's field, with that field's source."""
        if part is None:
            return Input(name or fld, "—", "no part placed")
        val = getattr(part, fld, value) if value is None else value
        return Input(name or f"{part.id}.{fld}", f"{show_value(val)}{' ' + unit if unit else ''}",
                     source_text(part, fld), is_estimate(part, fld))

    def build_input(self, name: str, value: Any, unit: str = "") -> Input:
        """An input that is a setting of the build (site, commercial terms, options)."""
        return Input(name, f"{show_value(value)}{' ' + unit if unit else ''}", "build setting (site / options)")

    def figure_input(self, key: str, value: Any, unit: str = "") -> Input:
        """An input that is another figure; `configurator explain BUILD KEY` explains it in turn."""
        return Input(key, f"{show_value(value)}{' ' + unit if unit else ''}", f"figure {key} (explain it in turn)")

    def made(self, unit: str, formula: str, inputs: list[Input] | tuple[Input, ...] = (),
             notes: tuple[str, ...] = (), estimate: bool = False) -> Explanation:
        inputs = tuple(inputs)
        return Explanation(self.key, self.value, unit, formula, inputs, notes,
                           estimate or any(i.estimate for i in inputs))


def source_text(part: Part, fld: str) -> str:
    """"catalog <id> (<file>): <url>, <confidence>, read <date> — <note>" for one field."""
    src = part.source_for(fld)
    where = f"catalog {part.id}" + (f" ({part.origin})" if part.origin else "")
    if src is None:
        return where + ": no source recorded"
    note = f"; {src.note}" if getattr(src, "note", "") else ""
    return f"{where}: {src.url} ({src.confidence}, read {src.date}){note}"


def is_estimate(part: Part, fld: str) -> bool:
    src = part.source_for(fld)
    return src is None or src.confidence == "estimate"


def assumption(name: str, value: str, why: str) -> Input:
    """A stated constant of the engine (docs/engine.md), marked as an estimate unless sourced."""
    return Input(name, value, why, estimate=why.startswith("estimate"))


Handler = Callable[[Explainer, re.Match[str]], Explanation]


def handles(pattern: str) -> Callable[[Handler], Handler]:
    """Mark a handler for the figure keys matching `pattern` (a full match); `explain` finds the
    marked functions of `explain_figures` and `explain_more` (no registry to mutate)."""
    def mark(fn: Handler) -> Handler:
        fn.figure_pattern = re.compile(pattern)  # type: ignore[attr-defined]
        return fn
    return mark


def handlers() -> tuple[tuple[re.Pattern[str], Handler], ...]:
    """Every (pattern, handler) pair, in module order."""
    from . import explain_figures, explain_more

    return tuple((fn.figure_pattern, fn) for mod in (explain_figures, explain_more)
                 for fn in vars(mod).values() if callable(fn) and hasattr(fn, "figure_pattern"))


def explain(build: Any, catalog: Catalog, evaluation: Any, key: str, value: Any = None) -> Explanation:
    """The explanation of figure `key` of `evaluation` (of `build`). `value` is the figure as
    shown (the CLI passes the JSON value); raises KeyError for a key no handler knows."""
    ctx = resolve(build, catalog)
    for pattern, handler in handlers():
        m = pattern.fullmatch(key)
        if m:
            return handler(Explainer(ctx, evaluation, key, value), m)
    raise KeyError(key)


__all__ = ["Input", "Explanation", "Explainer", "explain", "handles", "handlers", "show_value", "source_text",
           "is_estimate", "assumption"]
