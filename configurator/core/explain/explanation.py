"""An explanation as data: a figure, its formula, its inputs with their values and sources, its
notes — each text a message id with typed parameters (core/message.py), never a sentence.

Built on request only (the CLI's `configurator explain`, a click in a GUI panel, the quote's
appendix), never during evaluation, so the edit path stays fast. A figure is named by its path
in `evaluate --json` (`power_w.max`, `psu.load_pct.typical`, `power_lines.3.idle_w`). The family
modules (power.py, psu.py, thermal.py, …) build an `Explanation` with an `Explainer`; the table
(table.py) says which handles which figure; `words/explain_words.py` words it in a language.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..catalog import Part
from ..context import BuildContext
from ..message import Arg, FieldOf, Msg, Quantity, Quoted, Seq, Term


@dataclass(frozen=True)
class Input:
    """One input of a figure: its value (with unit) and where that value comes from."""

    name: Arg
    value: Arg
    source: Arg
    estimate: bool = False
    figure: str = ""          # when the input is another figure: its key (a report links to its entry)


@dataclass(frozen=True)
class Explanation:
    """How one figure is worked out. `value` is the figure as `evaluate --json` prints it; `unit` a
    symbol ('W', 'USD') or a unit word ('years') the words translate; `estimate` is true when any
    input is an estimate."""

    figure: str
    value: Any
    unit: str
    formula: Arg
    inputs: tuple[Input, ...] = ()
    notes: tuple[Arg, ...] = ()
    estimate: bool = False


def show_value(value: Any) -> str:
    """A figure or input as people read it: grouped thousands, four significant digits below 1,000."""
    if isinstance(value, float):
        return f"{value:,.4g}" if abs(value) < 1000 else f"{value:,.1f}"
    return str(value)


class Explainer:
    """What a handler needs: the resolved build, the evaluation and the figure's key and value."""

    def __init__(self, ctx: BuildContext, ev: Any, key: str, value: Any) -> None:
        self.ctx, self.ev, self.key, self.value = ctx, ev, key, value

    def t(self, msg_id: str, /, **params: Arg) -> Msg:
        """The message `msg_id` (an entry of words/explain_words.py) with its parameters."""
        return Msg(msg_id, **params)

    def part_input(self, part: Part | None, fld: str, name: Arg = "", unit: str = "", value: Any = None) -> Input:
        """An input read from a catalog part's field, with that field's source."""
        if part is None:
            return Input(name or Term(fld), "—", self.t("explain.no-part-placed"))
        val = getattr(part, fld, value) if value is None else value
        return Input(name or FieldOf(part.id, fld), Quantity(val, unit), source_msg(part, fld), is_estimate(part, fld))

    def build_input(self, name: Arg, value: Any, unit: str = "") -> Input:
        """An input that is a setting of the build (site, commercial terms, options)."""
        return Input(name, Quantity(value, unit), self.t("explain.build-setting-site-options"))

    def figure_input(self, key: str, value: Any, unit: str = "") -> Input:
        """An input that is another figure; `configurator explain BUILD KEY` explains it in turn."""
        return Input(key, Quantity(value, unit), self.t("explain.figure-key-explain-it-turn", key=key), figure=key)

    def placed(self, name: Arg, value: Arg, source: str = "explain.build-placements") -> Input:
        """An input counted from the build's placements (`source` a message id)."""
        return Input(name, value if isinstance(value, Msg) else str(value), self.t(source))

    def assume(self, name: Arg, value: Arg, why: str, /, estimate: bool = True, **params: Arg) -> Input:
        """A stated constant of the engine (docs/engine.md): `why` a message id; an estimate unless
        said otherwise."""
        return Input(name, value, self.t(why, **params), estimate=estimate)

    def made(self, unit: str, formula: Arg, inputs: list[Input] | tuple[Input, ...] = (),
             notes: tuple[Arg, ...] = (), estimate: bool = False) -> Explanation:
        inputs = tuple(inputs)
        return Explanation(self.key, self.value, unit, formula, inputs, notes, estimate or any(i.estimate for i in inputs))


def source_msg(part: Part, fld: str) -> Msg:
    """"catalog <id> (<file>): <url> (<confidence>, read <date>); <note>" for one field."""
    src = part.source_for(fld)
    where = (Msg("explain.catalog-part-file", part=part.id, file=part.origin) if part.origin
             else Msg("explain.catalog-part", part=part.id))
    if src is None:
        return Msg("explain.where-no-source-recorded", where=where)
    note: Arg = Seq("; ", Quoted(Msg("explain.note-catalog-text", text=src.note))) if getattr(src, "note", "") else ""
    return Msg("explain.where-url-confidence-read-date", where=where, url=src.url, confidence=Term(src.confidence),
               date=src.date, note=note)


def is_estimate(part: Part, fld: str) -> bool:
    src = part.source_for(fld)
    return src is None or src.confidence == "estimate"


Handler = Callable[[Explainer, re.Match[str]], Explanation]
