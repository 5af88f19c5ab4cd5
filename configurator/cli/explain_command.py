"""`configurator explain BUILD FIGURE`: how one figure of `evaluate --json` is worked out.

FIGURE is the figure's path in `evaluate --json` (`power_w.max`, `psu.load_pct.typical`,
`power_lines.3.idle_w`); `--list` prints every path the build has. The GUI's click-to-explain
calls `explain_figure` too, so the CLI and the window show the same explanation, in the app's
language (`--lang`, View ▸ Language) unless a caller (a report) asks for another one.
"""

from __future__ import annotations

from collections.abc import Iterator
from decimal import Decimal, InvalidOperation
from typing import Any

from ..core.explain.explainer import Explanation, Wording, explain
from ..formats.exporters.evaluation_json import evaluation_to_json
from ..words.i18n import _, current_language, load_catalog, translate

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


#: the Babel locale of each app language, for the numbers of an explanation
_LOCALES = {"en": "en_US", "zh_CN": "zh_CN"}


def wording(language: str | None = None) -> Wording:
    """How explanations are worded in `language` ("en", "zh_CN"); None: the app's current language
    (the CLI's `--lang`, the GUI's View ▸ Language). A language without a catalog raises
    `paths.ShippedDataMissingError`, as `i18n.load_catalog` does."""
    current = current_language()
    if language is None or language == current:
        return Wording(_, translate, _LOCALES.get(current, "en_US"))
    cat = load_catalog(language)
    return Wording(cat.gettext, cat.translate, _LOCALES.get(language, "en_US"))


def explain_figure(build: Any, catalog: Any, evaluation: Any, key: str, language: str | None = None) -> Explanation:
    """The explanation of figure `key`, with the value `evaluate --json` prints for it, worded in
    `language` (None: the app's current language). Raises KeyError naming the key when the
    evaluation has no such figure."""
    shown = figures(evaluation)
    if key not in shown:
        section = key.split(".")[0]
        near = sorted(k for k in shown if k.split(".")[0] == section)[:8]
        msg = (_("no figure {key} in this build's evaluation; figures under {section}: {near}").format(
            key=repr(key), section=repr(section), near=", ".join(near)) if near else
            _("no figure {key} in this build's evaluation; see --list").format(key=repr(key)))
        raise KeyError(msg)
    return explain(build, catalog, evaluation, key, shown[key], wording(language))


def run_explain(build: Any, catalog: Any, evaluation: Any, key: str | None, as_json: bool) -> Any:
    """What `configurator explain` prints: the list of figures (no key) or one explanation."""
    if not key:
        shown = figures(evaluation)
        return shown if as_json else "\n".join(f"{k} = {v}" for k, v in shown.items())
    exp = explain_figure(build, catalog, evaluation, key)
    return exp.to_json() if as_json else exp.to_text().rstrip("\n")
