"""Explanations in words: which wording a language uses and the explanation of one figure.

The CLI's `configurator explain`, the GUI's click-to-explain and the quote's appendix all call
`explain_figure`, so each shows the same explanation, in the app's language (`--lang`, View ▸
Language) unless a caller (a report) asks for another one.
"""

from __future__ import annotations

from typing import Any

from ..core.evaluate.json_shape import figures
from ..core.explain.explainer import Explanation, Wording, explain
from .i18n import _, current_language, load_catalog, translate

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
