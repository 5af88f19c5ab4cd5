"""Each server's acceptance baseline: the results of its accepted run, one JSON file per server
under the user data folder (`<data>/acceptance/<server key>.json`), keyed by the system serial
number (or, where the system reports none, a digest of its GPU and DIMM serials).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from ..core.acceptance.results import Results, results_from_json, results_to_json
from ..core.input_error import InputError
from ..core.library_errors import json_msg
from ..core.message import Msg
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
    """Store `results` as its server's baseline (replacing an earlier one); `InputError` when the
    results name no serial number to key it by."""
    key = results.server_key
    if not key:
        raise InputError(Msg("accept.baseline.no-serial"), "results", "system_serial")
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
    """A baseline file; `InputError` naming the file and the field (a file that cannot be read
    says why as `store/text_files.py` does)."""
    text = read_text(path, max_bytes=20_000_000, what="baseline")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise InputError(Msg("accept.baseline.not-baseline", details=json_msg(exc)), str(path)) from None
    except RecursionError:
        raise InputError(Msg("accept.baseline.not-baseline", details=Msg("build.too-deep-bare")), str(path)) from None
    except ValueError as exc:           # a number too long to read
        raise InputError(Msg("accept.baseline.not-baseline", details=Msg("input.as-given", text=str(exc))),
                         str(path)) from None
    if not isinstance(data, dict) or data.get("kind") != KIND:
        raise InputError(Msg("accept.baseline.kind", expected=repr(KIND)), str(path), "kind")
    try:
        return results_from_json(data["results"])
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        why = Msg("input.as-given", text=str(exc))      # Python's own words for the shape it met
        raise InputError(Msg("accept.baseline.malformed", details=why), str(path), "results") from None
