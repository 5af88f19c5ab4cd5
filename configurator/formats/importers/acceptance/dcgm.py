"""`dcgmi diag -r LEVEL -j` JSON (https://github.com/NVIDIA/DCGM): categories of tests, each
with per-GPU results. Two shapes exist: DCGM 3 writes `"DCGM GPU Diagnostic"` with
`{"gpu_ids": "0,1", "status": "PASS"}`, DCGM 4 `"DCGM Diagnostic"` with
`{"entity_group": "GPU", "entity_id": 0, "status": "Pass"}`; both read the same here.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from ....core.input_error import InvalidValueError
from ....core.message import Msg

_FAIL = {"fail", "failed", "error"}


@dataclass(frozen=True)
class Diag:
    """Every (test, GPU) that failed, and how many results were read."""

    failures: tuple[tuple[str, str], ...]
    results: int

    @property
    def passed(self) -> bool:
        return self.results > 0 and not self.failures


def _gpus(result: dict[str, Any]) -> list[str]:
    if "gpu_ids" in result:
        return [g.strip() for g in str(result["gpu_ids"]).split(",") if g.strip()]
    if str(result.get("entity_group", "GPU")).upper() == "GPU" and "entity_id" in result:
        return [str(result["entity_id"])]
    return ["-"]


def parse_diag(text: str) -> Diag:
    """The failures of one run; ValueError when the text is not a dcgmi diag JSON."""
    try:
        data = json.loads(text[text.find("{"):text.rfind("}") + 1])
    except ValueError:
        raise InvalidValueError(Msg("accept.why.dcgm-not-json")) from None
    body = data.get("DCGM GPU Diagnostic") or data.get("DCGM Diagnostic") if isinstance(data, dict) else None
    if not isinstance(body, dict) or not isinstance(body.get("test_categories"), list):
        raise InvalidValueError(Msg("accept.why.no-dcgm-categories"))
    failures, count = [], 0
    for cat in body["test_categories"]:
        for test in cat.get("tests", []) if isinstance(cat, dict) else []:
            for result in test.get("results", []) if isinstance(test, dict) else []:
                if not isinstance(result, dict):
                    continue
                count += 1
                if str(result.get("status", "")).lower() in _FAIL:
                    failures += [(str(test.get("name", "?")), g) for g in _gpus(result)]
    return Diag(tuple(failures), count)
