"""Companion lines: the HGX baseboard as one SKU, rails per chassis, a cord per PSU, NVLink
bridges per bridged pair; the BOM still adds up and its total does not move."""

from __future__ import annotations

import json

import pytest

from configurator.core.build import Build
from configurator.core.evaluator import Evaluator, evaluate
from configurator.core.message import Msg
from configurator.store import paths
from configurator.store.catalogs import default_catalog

EXAMPLES = paths.repo_root() / "examples"


def _build(name: str, **changes) -> Build:
    data = json.loads((EXAMPLES / name).read_text())
    data.pop("format"), data.pop("kind")
    return Build.model_validate({**data, **changes})


@pytest.fixture(scope="module")
def catalog():
    return default_catalog()


def test_hgx_gpus_are_one_baseboard_line_at_eight_gpu_prices(catalog):
    cost = evaluate(_build("hgx-h100-8gpu.json"), catalog).cost
    gpu_lines = [ln for ln in cost.lines if ln.category == "gpu"]
    assert [(ln.part_id, ln.qty) for ln in gpu_lines] == [("acc-hgx-h100-8gpu", 1)]
    board = gpu_lines[0]
    gpu_price = catalog.price("nvidia-h100-sxm5-80gb").price
    assert board.unit_price == board.extended == 8 * gpu_price and board.group == "Compute"
    assert board.name == Msg("bom.baseboard", board="NVIDIA HGX H100 8-GPU baseboard", n=8, gpus="NVIDIA H100 SXM5 80GB")
    assert "8 × " in board.price_source


def test_rails_per_chassis_and_a_cord_per_psu(catalog):
    build = _build("hgx-h100-8gpu.json")
    cost = evaluate(build, catalog).cost
    companions = {ln.part_id: ln for ln in cost.lines if ln.kind == "companion"}
    psus = sum(slot.startswith("PSU") for slot in build.placements)
    assert companions["acc-cord-c19-c20"].qty == psus == 6
    assert companions["acc-rails-supermicro"].qty == 1 and companions["acc-rails-supermicro"].extended == 0
    assert all(ln.group == "Accessories" for ln in companions.values())
    assert cost.subtotal == sum(ln.extended for ln in cost.lines if ln.extended is not None)


def test_bridged_pcie_pair_gets_a_bridge_line(catalog):
    cost = evaluate(_build("seed-7b-training.json"), catalog).cost
    bridge = next(ln for ln in cost.lines if ln.part_id == "acc-nvlink-bridge-2way")
    assert bridge.qty == 1 and bridge.unit_price is not None


def test_a_partly_filled_baseboard_stays_loose_gpus(catalog):
    build = _build("hgx-h100-8gpu.json")
    placements = {k: v for k, v in build.placements.items() if k not in ("GPU7", "GPU8")}
    cost = evaluate(_build("hgx-h100-8gpu.json", placements=placements), catalog).cost
    assert [(ln.part_id, ln.qty) for ln in cost.lines if ln.category == "gpu"] == [("nvidia-h100-sxm5-80gb", 6)]


def test_removing_the_bridge_removes_its_line(catalog):
    """One evaluator (as a session has): the BOM memo is keyed by the bridges too."""
    ev = Evaluator(catalog)
    ev.evaluate(_build("seed-7b-training.json"))
    cost = ev.evaluate(_build("seed-7b-training.json", bridges=[])).cost
    assert not any(ln.part_id == "acc-nvlink-bridge-2way" for ln in cost.lines)
