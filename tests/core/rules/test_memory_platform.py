"""Memory module types a platform runs, held against the vendors' memory pages.

- 4th/5th Gen Xeon Scalable servers take registered ECC DDR5 only, RDIMM and 3DS RDIMM: the Lenovo
  ThinkSystem SR630 V3 manual, p. 15 (https://www.easymanua.ls/lenovo/thinksystem-sr630-v3/manual?p=15);
  the Dell R760xa spec sheet as NetBox transcribes it, "RDIMM only"
  (https://github.com/netbox-community/devicetype-library, device-types/Dell/PowerEdge-R760xa.yaml).
- EPYC 9004/9005 servers take RDIMM and 3DS RDIMM: Lenovo's SR635 V3 memory module installation order
  (https://pubs.lenovo.com/sr635-v3/memory_module_installation_order).
- Xeon 6900P: RDIMM or MRDIMM (https://wccftech.com/intel-xeon-6900p-granite-rapids-p-core-launched-128-cores-tackles-amd-epyc-turin/amp).

A desktop UDIMM in any of them does not boot: `mem.module-type` is an error, and the recommender only
offers the modules the block's CPUs run (the issue's repro: every price-led Xeon/EPYC recommendation
picked the $100 non-ECC UDIMM).
"""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest

from configurator.cli.recommend_command import add_arguments, build_request
from configurator.core.build import Build
from configurator.core.catalog import CPU, DIMM
from configurator.core.recommend import recommend
from configurator.store.build_files import load_build
from configurator.store.catalogs import load_catalog
from configurator.store.loaded_evaluator import default_evaluator
from configurator.words.problems import english

EXAMPLES = Path(__file__).parents[3] / "examples"
SERVER_FAMILIES = ("Xeon 4th", "Xeon 5th", "Xeon 6", "EPYC 9004", "EPYC 9005")
REGISTERED = {"rdimm", "3ds-rdimm", "mrdimm", "lrdimm"}


@pytest.fixture(scope="module")
def evaluator():
    return default_evaluator(load_catalog())


def _build(name: str) -> Build:
    return load_build(EXAMPLES / name)


def test_server_platforms_run_registered_modules_only(evaluator) -> None:
    cpus = [c for c in evaluator.catalog.by_category("cpu") if isinstance(c, CPU)
            and c.family.startswith(SERVER_FAMILIES)]
    assert len(cpus) >= 15
    for cpu in cpus:
        assert cpu.module_types and set(cpu.module_types) <= REGISTERED, cpu.id
        assert "rdimm" in cpu.module_types and "udimm" not in cpu.module_types, cpu.id
        assert cpu.source_for("module_types") is not None


def test_udimm_in_a_xeon_server_is_an_error_with_a_registered_fix(evaluator) -> None:
    build = _build("hgx-h100-8gpu.json")
    dimm_slots = [s for s, p in build.placements.items() if "_DIMM_" in s]
    bad = build.model_copy(update={"placements": {**build.placements,
                                                  **{s: "ddr5-5600-udimm-32gb-nonecc" for s in dimm_slots}}})
    found = [v for v in evaluator.check(bad) if v.code == "mem.module-type"]
    assert len(found) == 1 and found[0].severity == "error"
    words = english(found[0])
    assert "a UDIMM module" in words and "runs RDIMM or 3DS-RDIMM modules only" in words, words
    fixed_to = {op.part for op in found[0].fix.ops}
    assert len(fixed_to) == 1
    part = evaluator.catalog.get(fixed_to.pop())
    assert isinstance(part, DIMM) and part.module_type == "rdimm" and part.capacity_gb == 32
    assert not [v for v in evaluator.check(build) if v.code == "mem.module-type"]


def test_desktop_board_keeps_its_udimm(evaluator) -> None:
    assert not [v for v in evaluator.check(_build("gaming-pc-rtx4090.json")) if v.code == "mem.module-type"]


def test_recommender_picks_only_modules_the_cpu_runs(evaluator) -> None:
    """The issue's repro: `recommend --preset llama-2-7b --mode train --precision mixed --seq 4096 --batch 1`."""
    parser = argparse.ArgumentParser()
    add_arguments(parser)
    args = parser.parse_args("--preset llama-2-7b --mode train --precision mixed --seq 4096 --batch 1".split())
    rec = recommend(build_request(args), evaluator)
    assert rec.results
    for r in rec.results:
        place = r.build.placements
        cpu = evaluator.catalog.get(place["CPU1"])
        dimms = {evaluator.catalog.get(p) for s, p in place.items() if "_DIMM_" in s}
        assert isinstance(cpu, CPU) and cpu.module_types
        assert all(isinstance(d, DIMM) and d.module_type in cpu.module_types for d in dimms), (cpu.id, dimms)
        assert not [v for v in r.evaluation.violations if v.code == "mem.module-type"]
