"""Importer and exporter registries: lookup by name and suffix, and the CLI's `export` using them."""

from __future__ import annotations

import io
import json
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pytest

from configurator.formats.exporters import EXPORTERS, exporter, exporter_for
from configurator.formats.importers import IMPORTERS, importer, importer_for
from configurator.formats.registry import UnknownFormatError, dialog_filter
from configurator.launch import main
from configurator.store import paths
from configurator.store.build_files import read_build

EXAMPLE = paths.examples_dir() / "hgx-h100-8gpu.json"


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = main(list(argv))
    return code, out.getvalue(), err.getvalue()


@pytest.mark.parametrize("registry", [IMPORTERS, EXPORTERS], ids=["importers", "exporters"])
def test_every_format_is_described_and_keyed_by_its_name(registry):
    assert registry
    for name, fmt in registry.items():
        assert fmt.name == name and fmt.description
        assert fmt.suffixes and all(s.startswith(".") and s == s.lower() for s in fmt.suffixes)


def test_lookup_by_name_and_suffix():
    assert exporter_for("Quote.PDF") is exporter("pdf") and exporter("pdf").max_options == 3
    assert exporter_for("ev.json") is exporter("json")
    assert importer_for("hgx.json") is importer("build")
    assert importer_for("hgx.json.bak") is importer("build")     # a backup opens as a build file
    assert dialog_filter(exporter("pdf")) == "PDF quote (*.pdf)"


def test_unknown_formats_are_one_line_errors():
    known = ", ".join(sorted(EXPORTERS))
    with pytest.raises(UnknownFormatError, match=rf"^unknown exporter 'docx'; known: {known}$"):
        exporter("docx")
    with pytest.raises(UnknownFormatError, match=r"^out\.docx: no exporter for \.docx \(known: \.pdf, \.json, "):
        exporter_for("out.docx")
    with pytest.raises(UnknownFormatError, match="unknown importer"):
        importer("redfish")


def test_build_importer_reads_notes_like_read_build():
    assert importer("build").read(EXAMPLE, None) == read_build(EXAMPLE)


def test_cli_export_json_equals_evaluate_json(tmp_path):
    out = tmp_path / "ev.json"
    code, _, err = run("export", str(EXAMPLE), "-o", str(out))
    assert code == 0 and str(out) in err
    _, printed, _ = run("evaluate", str(EXAMPLE), "--json")
    assert json.loads(out.read_text("utf-8")) == json.loads(printed)


def test_cli_export_pdf_by_format_and_limits(tmp_path):
    out = tmp_path / "offer.pdf"
    assert run("export", str(EXAMPLE), str(EXAMPLE), "-o", str(out))[0] == 0
    assert out.read_bytes().startswith(b"%PDF-")
    code, _, err = run("export", str(EXAMPLE), str(EXAMPLE), "-o", str(tmp_path / "two.json"))
    assert code == 2 and "json: at most 1 build per file" in err
    code, _, err = run("export", str(EXAMPLE), "-o", str(tmp_path / "x.docx"))
    assert code == 2 and err.count("\n") == 1 and "no exporter for .docx" in err
    forced = tmp_path / "named.out"
    assert run("export", str(EXAMPLE), "--format", "json", "-o", str(forced))[0] == 0
    assert json.loads(Path(forced).read_text("utf-8"))["chassis"]["id"]
