"""docs/build.schema.json is generated from the models and must stay up to date."""

from __future__ import annotations

import json

from configurator.core.build import FORMAT_VERSION, Build
from configurator.store import paths
from configurator.store.build_files import dumps_build
from configurator.store.build_schema import build_schema, main, schema_text

SCHEMA_FILE = paths.repo_root() / "docs" / "build.schema.json"


def test_schema_file_is_up_to_date():
    assert SCHEMA_FILE.read_text(encoding="utf-8") == schema_text(), (
        "docs/build.schema.json is stale: run  python -m configurator.store.build_schema docs/build.schema.json")


def test_schema_describes_the_file_we_write():
    schema = build_schema()
    assert schema["properties"]["format"] == {"const": FORMAT_VERSION, "description": "build-file format version"}
    assert "chassis" in schema["required"] and "format" in schema["required"]
    written = json.loads(dumps_build(Build(chassis="x")))
    assert set(written) <= set(schema["properties"])
    assert schema["additionalProperties"] is False


def test_main_writes_file(tmp_path, capsys):
    out = tmp_path / "s.json"
    assert main([str(out)]) == 0
    assert out.read_text(encoding="utf-8") == schema_text()
    assert main([]) == 0
    assert capsys.readouterr().out == schema_text()
