"""`configurator explain BUILD FIGURE`: how one figure of `evaluate --json` is worked out.

FIGURE is the figure's path in `evaluate --json` (`power_w.max`, `psu.load_pct.typical`,
`power_lines.3.idle_w`); `--list` prints every path the build has. The GUI's click-to-explain
calls `explain_figure` too, so the CLI and the window show the same explanation, in the app's
language (`--lang`, View ▸ Language) unless a caller (a report) asks for another one.
"""

from __future__ import annotations

from typing import Any

from ..core.evaluate.json_shape import figures
from ..words.explain_words import explain_figure


def run_explain(build: Any, catalog: Any, evaluation: Any, key: str | None, as_json: bool) -> Any:
    """What `configurator explain` prints: the list of figures (no key) or one explanation."""
    if not key:
        shown = figures(evaluation)
        return shown if as_json else "\n".join(f"{k} = {v}" for k, v in shown.items())
    exp = explain_figure(build, catalog, evaluation, key)
    return exp.to_json() if as_json else exp.to_text().rstrip("\n")
