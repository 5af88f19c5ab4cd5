"""Each server's acceptance baseline: the results of its accepted run, one JSON file per server
under the user data folder (`<data>/acceptance/<server key>.json`), keyed by the system serial
number (or, where the system reports none, a digest of its GPU and DIMM serials).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from ..core.acceptance.results import Results, results_from_json, results_to_json
from .paths import user_data_dir
from .safe_write import atomic_write
from .text_files import read_text

KIND = "ai-server-configurator/acceptance-baseline"
FORMAT = 1
_SAFE = re.compile(r"[^A-Za-z0-9._-]+")


def baselines_dir() -> Path:
    return user_data_dir() / "acceptance"


def baseline_path(server_key: str) -> Path:
    name = _SAFE.sub("_", server_key).strip("._") or "unknown"
    return baselines_dir() / f"{name[:100]}.json"


def save_baseline(results: Results) -> Path:
    """Store `results` as its server's baseline (replacing an earlier one); ValueError when the
    results name no serial number to key it by."""
    key = results.server_key
    if not key:
        raise ValueError("results: field 'system_serial': no serial number to key the baseline by "
                         "(run the acceptance script as root so dmidecode reads it)")
    path = baseline_path(key)
    path.parent.mkdir(parents=True, exist_ok=True)
    data = {"kind": KIND, "format": FORMAT, "server": key, "results": results_to_json(results)}
    atomic_write(path, json.dumps(data, indent=1, ensure_ascii=False).encode())
    return path


def load_baseline(server_key: str) -> Results | None:
    """The stored baseline of `server_key`, or None when there is none."""
    path = baseline_path(server_key)
    if not path.exists():
        return None
    return read_baseline(path)


def read_baseline(path: Path) -> Results:
    """A baseline file; ValueError naming the file and the field."""
    try:
        data = json.loads(read_text(path, max_bytes=20_000_000, what="baseline"))
    except ValueError as exc:
        raise ValueError(f"{path}: not a baseline ({exc})") from None
    if not isinstance(data, dict) or data.get("kind") != KIND:
        raise ValueError(f"{path}: field 'kind': not an acceptance baseline (expected {KIND!r})")
    try:
        return results_from_json(data["results"])
    except (KeyError, TypeError, ValueError) as exc:
        raise ValueError(f"{path}: field 'results': malformed ({exc})") from None
