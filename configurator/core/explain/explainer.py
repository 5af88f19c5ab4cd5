"""Explain any figure of an evaluation: its formula in words, its inputs with their values and
each input's source (catalog entry + URL, measurement, build setting or stated assumption).

Built on request only (the CLI's `configurator explain`, a click in a GUI panel), never during
evaluation, so the edit path stays fast. A figure is named by its path in `evaluate --json`
(`power_w.max`, `psu.load_pct.typical`, `power_lines.3.idle_w`, `cost.lines.0.extended`); the
same `Explanation` is printed by the CLI and shown by the GUI. The handlers live in
`explain_figures.py` (power, PSUs, heat) and `explain_more.py` (compute, memory, bandwidth,
money, workload).

Every text is an `N_`-marked English template filled through a `Wording`: the caller's gettext
lookup, translator and Babel locale (words/explain_words.py passes the app's, a report its quote's).
The core never picks a language; the default `ENGLISH` returns the templates as written.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from babel.numbers import get_decimal_symbol, get_group_symbol

from ..catalog import Catalog, Part
from ..context import BuildContext, resolve
from ..text import N_


def _same(text: str) -> str:
    return text


@dataclass(frozen=True)
class Wording:
    """The language an explanation is written in, as the caller gives it.

    `gettext` looks up a marked template (the catalog's msgid -> msgstr), `translate` turns an
    English message the core built elsewhere (a bandwidth link, a workload note) into the language,
    `locale` is the Babel locale whose decimal and group symbols the numbers use."""

    gettext: Callable[[str], str] = _same
    translate: Callable[[str], str] = _same
    locale: str = "en_US"
    _swap: dict[int, str] = field(init=False, repr=False, compare=False, default_factory=dict)

    def __post_init__(self) -> None:
        self._swap.update(str.maketrans({",": get_group_symbol(self.locale), ".": get_decimal_symbol(self.locale)}))

    def t(self, msgid: str, /, **params: Any) -> str:
        """The marked template `msgid` in this language, its `{name}`s filled with `params`."""
        text = self.gettext(msgid)
        return text.format(**params) if params else text

    def term(self, word: str) -> str:
        """A catalog field or category key in this language: its translation when the catalog has
        one, else the word itself (English prints the field names, which the catalog files use)."""
        return self.gettext(word)

    def quoted(self, label: str, text: str) -> str:
        """Data text (a catalog note, a price-list source) that no catalog translates: as it is in
        English; where the language has the marked `label` ("note from the catalog: {text}"),
        introduced by it, so the reader knows the untranslated words are quoted data."""
        return text if self.gettext(label) == label else self.t(label, text=text)

    def num(self, value: Any, spec: str = "") -> str:
        """`value` formatted by the Python `spec`, then written with the locale's symbols."""
        return format(value, spec).translate(self._swap)

    def show(self, value: Any) -> str:
        """A figure or input as people read it, in this locale (see `show_value`)."""
        if isinstance(value, bool):
            return self.gettext(_YES if value else _NO)
        if value is None:
            return self.gettext(_NONE)
        text = show_value(value)
        return text.translate(self._swap) if isinstance(value, float | Decimal) else text


ENGLISH = Wording()

#: how a yes/no setting or a missing figure prints (Python's spelling in English, as `evaluate --json` users know it)
_YES, _NO, _NONE = N_("True"), N_("False"), N_("None")

#: the words `to_text` adds around the figures (extracted for translation)
_ESTIMATE = N_("estimate")
_SOURCE = N_("source: {source}")
_NOTE = N_("Note: {note}")


@dataclass(frozen=True)
class Input:
    """One input of a figure: its value (with unit) and where that value comes from."""

    name: str
    value: str
    source: str
    estimate: bool = False
    figure: str = ""          # when the input is another figure: its key (a report links to its entry)

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "value": self.value, "source": self.source, "estimate": self.estimate}


@dataclass(frozen=True)
class Explanation:
    """How one figure is worked out, worded in `wording`. `estimate` is true when any input is an
    estimate. The JSON keys are stable English; the texts are in the explanation's language."""

    figure: str
    value: Any
    unit: str
    formula: str
    inputs: tuple[Input, ...] = ()
    notes: tuple[str, ...] = ()
    estimate: bool = field(default=False)
    wording: Wording = field(default=ENGLISH, compare=False, repr=False)

    def to_json(self) -> dict[str, Any]:
        return {"figure": self.figure, "value": self.value, "unit": self.unit, "formula": self.formula,
                "estimate": self.estimate, "inputs": [i.to_json() for i in self.inputs], "notes": list(self.notes)}

    def to_text(self) -> str:
        """Plain text for a terminal or a popup."""
        w = self.wording
        flag = f"  ({w.t(_ESTIMATE)})"
        head = f"{self.figure} = {w.show(self.value)}{' ' + self.unit if self.unit else ''}"
        lines = [head + (flag if self.estimate else ""), "", self.formula, ""]
        lines += [f"  {i.name} = {i.value}{flag if i.estimate else ''}\n      {w.t(_SOURCE, source=i.source)}"
                  for i in self.inputs]
        lines += [""] + [w.t(_NOTE, note=n) for n in self.notes] if self.notes else []
        return "\n".join(lines).rstrip() + "\n"


def show_value(value: Any) -> str:
    """A figure or input as people read it: grouped thousands, four significant digits below 1,000."""
    if isinstance(value, float):
        return f"{value:,.4g}" if abs(value) < 1000 else f"{value:,.1f}"
    return str(value)


#: units that are words, translated; symbols (W, GB/s, °C, USD) are the same in every language
_WORD_UNITS = (N_("years"), N_("month"), N_("days"))


class Explainer:
    """What a handler needs: the resolved build, the evaluation, the figure's value and the wording."""

    def __init__(self, ctx: BuildContext, ev: Any, key: str, value: Any, wording: Wording = ENGLISH) -> None:
        self.ctx, self.ev, self.key, self.value, self.w = ctx, ev, key, value, wording

    def t(self, msgid: str, /, **params: Any) -> str:
        """A marked template in the explanation's language (`Wording.t`)."""
        return self.w.t(msgid, **params)

    def with_unit(self, value: Any, unit: str = "") -> str:
        return f"{self.w.show(value)}{' ' + unit if unit else ''}"

    def field_name(self, part: Part, fld: str) -> str:
        """"<part id>.<field>"; with the field's name translated, "<part id> <name> (<field>)"."""
        term = self.w.term(fld)
        return f"{part.id}.{fld}" if term == fld else f"{part.id} {term} ({fld})"

    def part_input(self, part: Part | None, fld: str, name: str = "", unit: str = "", value: Any = None) -> Input:
        """An input read from a catalog part's field, with that field's source."""
        if part is None:
            return Input(name or self.w.term(fld), "—", self.t(N_("no part placed")))
        val = getattr(part, fld, value) if value is None else value
        return Input(name or self.field_name(part, fld), self.with_unit(val, unit),
                     source_text(part, fld, self.w), is_estimate(part, fld))

    def build_input(self, name: str, value: Any, unit: str = "") -> Input:
        """An input that is a setting of the build (site, commercial terms, options)."""
        return Input(name, self.with_unit(value, unit), self.t(N_("build setting (site / options)")))

    def figure_input(self, key: str, value: Any, unit: str = "") -> Input:
        """An input that is another figure; `configurator explain BUILD KEY` explains it in turn."""
        return Input(key, self.with_unit(value, unit), self.t(N_("figure {key} (explain it in turn)"), key=key),
                     figure=key)

    def placed(self, name: str, value: Any, source: str = N_("build placements")) -> Input:
        """An input counted from the build's placements (`source` a marked template)."""
        return Input(name, str(value), self.t(source))

    def assume(self, name: str, value: str, why: str, /, **params: Any) -> Input:
        """A stated constant of the engine (docs/engine.md); `why` is a marked template, and one
        that starts "estimate" makes the input an estimate."""
        return Input(name, value, self.t(why, **params), estimate=why.startswith("estimate"))

    def made(self, unit: str, formula: str, inputs: list[Input] | tuple[Input, ...] = (),
             notes: tuple[str, ...] = (), estimate: bool = False) -> Explanation:
        inputs = tuple(inputs)
        unit = self.t(unit) if unit in _WORD_UNITS else unit
        return Explanation(self.key, self.value, unit, formula, inputs, notes,
                           estimate or any(i.estimate for i in inputs), self.w)


def source_text(part: Part, fld: str, w: Wording = ENGLISH) -> str:
    """"catalog <id> (<file>): <url> (<confidence>, read <date>); <note>" for one field."""
    src = part.source_for(fld)
    where = (w.t(N_("catalog {part} ({file})"), part=part.id, file=part.origin) if part.origin
             else w.t(N_("catalog {part}"), part=part.id))
    if src is None:
        return w.t(N_("{where}: no source recorded"), where=where)
    note = "; " + w.quoted(N_("note from the catalog: {text}"), src.note) if getattr(src, "note", "") else ""
    return w.t(N_("{where}: {url} ({confidence}, read {date}){note}"), where=where, url=src.url,
               confidence=w.term(src.confidence), date=src.date, note=note)


#: the catalog's confidence words (core/catalog.py `Confidence`), translated where they are shown
_CONFIDENCE = (N_("datasheet"), N_("secondary"))


def is_estimate(part: Part, fld: str) -> bool:
    src = part.source_for(fld)
    return src is None or src.confidence == "estimate"


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
    from . import more_figures as explain_more
    from . import power_heat as explain_figures

    return tuple((fn.figure_pattern, fn) for mod in (explain_figures, explain_more)
                 for fn in vars(mod).values() if callable(fn) and hasattr(fn, "figure_pattern"))


def explain(build: Any, catalog: Catalog, evaluation: Any, key: str, value: Any = None,
            wording: Wording = ENGLISH, ctx: BuildContext | None = None) -> Explanation:
    """The explanation of figure `key` of `evaluation` (of `build`), worded in `wording`. `value`
    is the figure as shown (the CLI passes the JSON value); raises KeyError for a key no handler knows.
    `ctx`: the build already resolved against `catalog`, for a caller explaining many figures."""
    ctx = ctx if ctx is not None else resolve(build, catalog)
    for pattern, handler in handlers():
        m = pattern.fullmatch(key)
        if m:
            return handler(Explainer(ctx, evaluation, key, value, wording), m)
    raise KeyError(key)


__all__ = ["ENGLISH", "Input", "Explanation", "Explainer", "Wording", "explain", "handles", "handlers",
           "show_value", "source_text", "is_estimate"]
