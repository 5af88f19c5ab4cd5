"""Spreadsheet safety, end to end (issue #29): every CSV and XLSX the app writes, of a hostile
build, a hostile price list and a hostile user catalog, is opened by LibreOffice headless and
holds no formula.

The hostile texts begin with each character that starts a formula or a DDE call (`=`, `+`, `-`,
`@`) or with a tab or carriage return; they go in the build's name, customer and contact, the
cluster's name, the price list's sources and the user catalog's part names. Each file goes through
`soffice --headless --convert-to fods` (flat OpenDocument, every sheet; CSVs imported with
"evaluate formulas" on, LibreOffice's CSV filter token 13) with a private profile; a cell that
LibreOffice reads as a formula carries `table:formula` in the result. A control CSV with a raw
`=1+1` must come out as a formula, so the check can fail. Skipped only when soffice is absent.
Slow (one LibreOffice start, ~20 files): `make test-slow`.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from configurator.core.catalog import Catalog
from configurator.core.cluster import plan_cluster
from configurator.core.compare import ColumnInput, Comparer
from configurator.formats.exporters import EXPORTERS, ExportRequest
from configurator.formats.exporters.clusters import CLUSTER_EXPORTERS
from configurator.formats.exporters.comparisons import COMPARE_EXPORTERS
from configurator.formats.exporters.tender import tender_pack, write_tender_xlsx
from configurator.store import paths
from configurator.store.build_files import load_build, save_build
from configurator.store.catalogs import load_catalog
from configurator.store.cluster_files import read_cluster
from configurator.store.loaded_evaluator import default_evaluator
from configurator.store.tender_files import load_tender

pytestmark = pytest.mark.slow

HYPERLINK = '=HYPERLINK("http://x","y")'
#: one hostile text per field: each formula start, then a tab and a carriage return
META = {"name": HYPERLINK, "customer": "@x", "contact": "+1", "customer_po": "-2"}
PARTS = {"gpu": "+1+2 GPU", "cpu": "-2 CPU", "dimm": "@x DIMM", "nic": "\tTAB NIC", "drive": "\rCR drive"}
# CSV filter options: comma, double quote, UTF-8, from line 1, …, token 13 "evaluate formulas" on
CSV_IN = "CSV:44,34,76,1,,1033,false,true,false,false,false,-1,true"


def _hostile_catalog(tmp: Path) -> Catalog:
    """The shipped catalog with a user's price list whose sources are hostile, and user parts
    renamed with hostile names (a user catalog can name a part anything)."""
    prices = tmp / "prices"
    prices.mkdir()
    (prices / "buyer.csv").write_text(
        "id,price,currency,date,source\n"
        f'inspur-nf5688m7,250000,USD,2026-12-01,"{HYPERLINK.replace(chr(34), chr(34) * 2)}"\n'
        "nvidia-h100-sxm5-80gb,25000,USD,2026-12-01,+1 buyer quote\n"
        "intel-xeon-platinum-8480plus,10000,USD,2026-12-01,-2 buyer quote\n", "utf-8")
    shipped = load_catalog([paths.catalog_dir()], [paths.price_dir(), prices])
    build = load_build(paths.examples_dir() / "inspur-nf5688m7-8gpu.json", shipped)
    parts = dict(shipped.parts)
    for pid in set(build.placements.values()):
        if (name := PARTS.get(parts[pid].category)) is not None:
            parts[pid] = parts[pid].model_copy(update={"name": name})
    return Catalog(parts=parts, prices=shipped.prices)


def _files(out: Path) -> list[Path]:
    catalog = _hostile_catalog(out)
    evaluator = default_evaluator(catalog)
    build = load_build(paths.examples_dir() / "inspur-nf5688m7-8gpu.json", catalog)
    build = build.model_copy(update={"meta": build.meta.model_copy(update=META)})
    pair = (build, evaluator.evaluate(build))
    assert any(HYPERLINK in line.price_source for line in pair[1].cost.lines)     # the price list applies
    files = [ex.write(ExportRequest(options=(pair, pair) if ex.max_options == 2 else (pair,), catalog=catalog),
                      out / f"{ex.name}{ex.suffixes[0]}")
             for ex in EXPORTERS.values() if ex.suffixes and ex.suffixes[0] in (".csv", ".xlsx")]
    cmp = Comparer(evaluator).compare([ColumnInput(build, source="a.json"), ColumnInput(build, source="b.json")])
    files += [ex.write(ExportRequest(options=(pair, pair), catalog=catalog, comparison=cmp),
                       out / f"{ex.name}{ex.suffixes[0]}")
              for ex in COMPARE_EXPORTERS.values() if ex.suffixes and ex.suffixes[0] in (".csv", ".xlsx")]
    save_build(build, out / "hostile.json")
    spec = json.loads((paths.examples_dir() / "clusters" / "hgx-h100-16.json").read_text())
    spec.update(name="\tTAB cluster", servers=[{"build": str(out / "hostile.json"), "count": 4}])
    (out / "cluster.json").write_text(json.dumps(spec))
    plan = plan_cluster(read_cluster(out / "cluster.json"), catalog, evaluator)
    for name, target in (("cluster-bom-csv", "cluster.csv"), ("cluster-xlsx", "cluster.xlsx"), ("netbox-csv", "nb.csv")):
        CLUSTER_EXPORTERS[name].write(plan, catalog, out / target)
    files += [out / "cluster.csv", out / "cluster.xlsx", out / "nb.racks.csv", out / "nb.devices.csv"]
    tender = load_tender(paths.examples_dir() / "tender-requirements.toml")
    files.append(write_tender_xlsx(tender_pack(build, pair[1], tender, catalog, "\rCR bidder"), out / "tender.xlsx"))
    return files


def _convert(soffice: str, files: list[Path], out: Path, profile: Path) -> None:
    for kind, infilter in ((".csv", [f"--infilter={CSV_IN}"]), (".xlsx", [])):
        batch = [str(p) for p in files if p.suffix == kind]
        done = subprocess.run([soffice, "--headless", f"-env:UserInstallation={profile.as_uri()}", *infilter,
                               "--convert-to", "fods", "--outdir", str(out), *batch],
                              capture_output=True, text=True, timeout=300)
        assert done.returncode == 0, done.stderr


def test_libreoffice_finds_no_formula_in_any_export(tmp_path):
    soffice = shutil.which("soffice") or shutil.which("libreoffice")
    if soffice is None:
        pytest.skip("LibreOffice (soffice) is not installed: apt-get install libreoffice-calc-nogui")
    files = _files(tmp_path)
    names = {p.name for p in files}
    assert {"bom-csv.csv", "bom-xlsx.xlsx", "delta-bom-csv.csv", "delta-bom-xlsx.xlsx", "compare-csv.csv",
            "compare-xlsx.xlsx", "cluster.csv", "cluster.xlsx", "nb.devices.csv", "tender.xlsx"} <= names
    control = tmp_path / "control.csv"
    control.write_text("a,b\n=1+1,x\n", "utf-8")
    out = tmp_path / "fods"
    _convert(soffice, [*files, control], out, tmp_path / "lo-profile")
    assert "table:formula" in (out / "control.fods").read_text("utf-8"), "the check would see no formula at all"
    seen = ""
    for path in files:
        converted = out / f"{path.stem}.fods"
        text = converted.read_text("utf-8")
        assert "table:formula" not in text, f"{path.name}: LibreOffice reads a cell as a formula"
        seen += text
    for needle in ("HYPERLINK(", "+1+2 GPU", "-2 CPU", "@x DIMM", "TAB NIC", "CR drive", "@x"):
        assert needle in seen or needle.replace('"', "&quot;") in seen, f"{needle!r} was lost, not kept as text"
