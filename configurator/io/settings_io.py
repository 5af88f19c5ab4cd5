"""App settings (`settings.json` in the user's config folder): never a reason not to start.

A missing file gives the defaults. A damaged file gives the defaults plus one `LoadIssue`
per problem, and is kept aside as `settings.json.bad` so nothing the user set is lost. A
single bad value (wrong type, out of range) resets only that setting.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from .. import paths
from ..core.catalog import LoadIssue
from .build_io import clean_text
from .safe_write import atomic_write

MAX_SETTINGS_BYTES = 1_000_000
SETTINGS_FORMAT = 1


class AppSettings(BaseModel):
    """What the app remembers between runs."""

    model_config = ConfigDict(frozen=True, extra="ignore")

    autosave_interval_s: int = Field(10, ge=2, le=600, description="recovery copy cadence")
    recent_files: tuple[Annotated[str, Field(max_length=4096)], ...] = Field((), max_length=20)
    last_folder: str = Field("", max_length=4096)
    default_currency: str = Field("USD", pattern=r"^[A-Z]{3}$")
    show_estimates: bool = Field(True, description="mark figures whose source is an estimate")


def settings_path() -> Path:
    return paths.user_config_dir() / "settings.json"


def _fail(path: Path, message: str, field: str = "") -> tuple[AppSettings, list[LoadIssue]]:
    return AppSettings(), [LoadIssue(str(path), "", field, clean_text(message))]


def _keep_aside(path: Path) -> None:
    try:
        atomic_write(path.with_name(path.name + ".bad"), path.read_bytes()[:MAX_SETTINGS_BYTES])
    except OSError:
        pass


def load_settings(path: Path | None = None) -> tuple[AppSettings, list[LoadIssue]]:
    """The settings and what was wrong with the file; never raises for file content."""
    path = path or settings_path()
    try:
        if not path.exists():
            return AppSettings(), []
        if path.stat().st_size > MAX_SETTINGS_BYTES:
            return _fail(path, f"file is larger than {MAX_SETTINGS_BYTES // 1_000_000} MB; defaults used")
        raw = path.read_bytes()
    except OSError as exc:
        return _fail(path, f"cannot read: {exc.strerror or exc}; defaults used")
    try:
        data = json.loads(raw.decode("utf-8-sig"), parse_constant=_refuse)
    except UnicodeDecodeError as exc:
        _keep_aside(path)
        return _fail(path, f"not UTF-8 text (byte {exc.start}); defaults used")
    except json.JSONDecodeError as exc:
        _keep_aside(path)
        return _fail(path, f"not valid JSON at line {exc.lineno} column {exc.colno}; defaults used")
    except RecursionError:
        _keep_aside(path)
        return _fail(path, "nested too deeply; defaults used")
    except ValueError as exc:
        _keep_aside(path)
        return _fail(path, f"not usable ({exc}); defaults used")
    if not isinstance(data, dict):
        _keep_aside(path)
        return _fail(path, "not a settings file (expected an object); defaults used")
    issues: list[LoadIssue] = []
    good: dict[str, object] = {}
    for name in AppSettings.model_fields:
        if name not in data:
            continue
        try:
            AppSettings.model_validate({name: data[name]})
        except ValidationError as exc:
            issues.append(LoadIssue(str(path), "", name, exc.errors()[0]["msg"] + "; default used"))
            continue
        good[name] = data[name]
    if issues:
        _keep_aside(path)
    return AppSettings.model_validate(good), issues


def save_settings(settings: AppSettings, path: Path | None = None) -> None:
    path = path or settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    body = {"format": SETTINGS_FORMAT, **settings.model_dump(mode="json")}
    atomic_write(path, (json.dumps(body, indent=2, ensure_ascii=False, sort_keys=True) + "\n").encode("utf-8"))


def _refuse(text: str) -> object:
    raise ValueError(f"{text} is not allowed")
