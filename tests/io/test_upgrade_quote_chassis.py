"""The upgrade quote of a server moved into another chassis names the old chassis, not its catalog id."""

from __future__ import annotations

from pathlib import Path

from pypdf import PdfReader

from configurator.launch import main
from configurator.store.build_files import load_build
from configurator.store.catalogs import default_catalog


def test_an_upgrade_into_another_chassis_names_the_old_one_not_its_catalog_id(tmp_path):
    examples = Path(__file__).resolve().parents[2] / "examples"
    out = tmp_path / "move.pdf"
    assert main(["export", str(examples / "pcie-l40s-8gpu.json"), str(examples / "hgx-h100-8gpu.json"),
                 "--format", "upgrade-pdf", "-o", str(out), "--lang", "en"]) == 0
    text = " ".join(" ".join(page.extract_text() for page in PdfReader(out).pages).split())
    before = load_build(examples / "pcie-l40s-8gpu.json").chassis
    name = default_catalog().chassis(before).name
    assert f"(moved from {name.split(' (')[0]}" in text and before not in text   # the name may wrap
