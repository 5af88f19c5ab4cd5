"""JSON views of parts and evaluations (`--json` on the CLI) and the JSON exporter.

The keys are documented in docs/cli.md. An exported `.json` file holds exactly what
`configurator evaluate --json` prints for the same build.
"""

from __future__ import annotations

import json
from pathlib import Path

from ...core.evaluate.json_shape import evaluation_to_json
from ...store.safe_write import atomic_write
from ...words.i18n import N_
from ...words.problems import violation_json
from ...words.render import in_english
from ..registry import Exporter, ExportRequest


def _write(request: ExportRequest, path: Path) -> Path:
    (_, ev), = request.options
    data = evaluation_to_json(ev, violation_json, in_english)
    text = json.dumps(data, indent=2, ensure_ascii=False, default=str, allow_nan=False) + "\n"
    atomic_write(path, text.encode("utf-8"))
    return path


EVALUATION_JSON = Exporter(name="json", suffixes=(".json",), description=N_("Evaluation as JSON"),
                           max_options=1, write=_write)
