"""fio's `--output-format=json` (https://fio.readthedocs.io, "JSON output"): per job the read and
write `bw_bytes` (bytes/s) and `iops`. Text before the JSON (fio prints its start-up lines to the
same stream when --output is not used) is skipped.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from ....core.input_error import InvalidValueError
from ....core.message import Msg


@dataclass(frozen=True)
class FioJob:
    name: str
    read_gbs: float
    write_gbs: float
    read_iops: float
    error: int


def parse_fio(text: str) -> list[FioJob]:
    """Every job of one fio JSON output; ValueError when there is none."""
    start = text.find("{")
    try:
        data = json.loads(text[start:text.rfind("}") + 1]) if start >= 0 else None
    except ValueError:
        data = None
    if not isinstance(data, dict) or not isinstance(data.get("jobs"), list) or not data["jobs"]:
        raise InvalidValueError(Msg("accept.why.no-fio-jobs"))
    out = []
    for job in data["jobs"]:
        read, write = job.get("read") or {}, job.get("write") or {}
        out.append(FioJob(str(job.get("jobname", "")), float(read.get("bw_bytes", 0)) / 1e9,
                          float(write.get("bw_bytes", 0)) / 1e9, float(read.get("iops", 0)), int(job.get("error", 0))))
    return out
