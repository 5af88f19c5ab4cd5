"""JSON Schema of the build file, generated from the pydantic models.

`docs/build.schema.json` is this function's output; a test keeps it up to date.
Regenerate with ``python -m configurator.store.build_schema docs/build.schema.json``.
The schema documents the format for other tools; the app itself validates with the
models (`build_io`), which also enforce what JSON Schema cannot say (duplicate keys,
size and nesting limits).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from ..core.build import FORMAT_KIND, FORMAT_VERSION, Build
from .safe_write import atomic_write

SCHEMA_ID = "https://github.com/ai-server-configurator/configurator/docs/build.schema.json"


def build_schema() -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of a current-version build file."""
    schema = Build.model_json_schema(mode="validation")
    props = schema.get("properties", {})
    schema["properties"] = {
        "format": {"const": FORMAT_VERSION, "description": "build-file format version"},
        "kind": {"const": FORMAT_KIND, "description": "what this JSON file is"},
        **props,
    }
    schema["required"] = ["format", *schema.get("required", [])]
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": SCHEMA_ID,
        **{k: v for k, v in schema.items() if k != "title"},
        "title": f"AI server configurator build file, format {FORMAT_VERSION}",
    }


def schema_text() -> str:
    return json.dumps(build_schema(), indent=2, ensure_ascii=False, sort_keys=True) + "\n"


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if args:
        atomic_write(Path(args[0]), schema_text().encode("utf-8"))
    else:
        sys.stdout.write(schema_text())
    return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
