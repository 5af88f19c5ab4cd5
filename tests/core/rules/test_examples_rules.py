"""The shipped example builds check clean, apart from the notes each one is known to carry."""

from __future__ import annotations

import json

import pytest

from configurator.core.build import Build
from configurator.core.rules import check
from configurator.store import paths
from configurator.store.catalogs import load_catalog
from configurator.words.problems import english

#: example -> the only violations it may show, and why they are right
EXPECTED = {
    # 2 DIMMs per channel on Sapphire Rapids really run at 4400 MT/s; HGX H100 boards put two
    # GPUs behind each Gen5 x16 PCIe switch uplink (both infos are facts a buyer should see);
    # its 6 PSUs under 4+2 sit 3 per feed, so losing a feed leaves 3 x 3 kW for a ~10.4 kW peak
    # (a warning the power panel shows with the same percentage)
    "hgx-h100-8gpu.json": {"mem.2dpc-speed", "pcie.switch-oversubscribed", "power.feed-loss-overload"},
    # the R760xa boots from one M.2 drive in BOSS1 while BOSS2 is free: Dell's BOSS-N1 carrier is made
    # to mirror two (hardware RAID 1), as DGX servers mirror their two M.2 boot drives
    "seed-7b-training.json": {"storage.boot-not-mirrored"},
    "pcie-l40s-8gpu.json": set(),
    "general-purpose-2u.json": set(),
    # DGX A100: 2DPC DDR4 on Rome runs below 3200 MT/s; two A100s share each Gen4 switch uplink
    "dgx-a100-8gpu.json": {"mem.2dpc-speed", "pcie.switch-oversubscribed"},
    # Atlas 800T A2: DDR4-3200 DIMMs downclocked by the Kunpeng 920 (2933, 2666 at 2DPC); NPU pairs
    # share a Gen4 switch uplink
    "atlas-800t-a2-8npu.json": {"mem.2dpc-speed", "mem.speed-above-cpu", "pcie.switch-oversubscribed"},
    # the gaming PC is flagged for what makes it unfit for training: a GeForce card without ECC,
    # and no local data drive; its DDR5-5600 DIMMs run at the Ryzen's 5200 MT/s
    "gaming-pc-rtx4090.json": {"gpu.no-ecc", "mem.speed-above-cpu", "storage.no-local-data"},
    # Inspur NF5688M7 with 8 H100s: the same HGX wiring and DDR5 2DPC facts as the H100 node; six
    # 3.2 kW PSUs in 4+2 sit 3 per feed, so a lost feed leaves 9.6 kW for a ~10.4 kW transient peak
    "inspur-nf5688m7-8gpu.json": {"mem.2dpc-speed", "pcie.switch-oversubscribed", "power.feed-loss-overload"},
    # the 96 GB ECC workstation card in a Lenovo ThinkStation PX: no GPU warning in a tower; one of
    # its two Xeon sockets is left empty (so is the upper PCIe chamber) and the M.2 pair holds no data
    "workstation-rtx-pro-6000.json": {"cpu.empty-socket", "storage.no-local-data"},
    # Lenovo's MLPerf SR685a V3 node: 1.5 TB of host memory is below 2x the 1,128 GB of H200 memory
    # (an inference build), and HGX boards put two GPUs behind each Gen5 switch uplink
    "lenovo-sr685a-v3-8x-h200.json": {"mem.host-ram-low", "pcie.switch-oversubscribed"},
    "inspur-nf5468m7-8x-l20.json": set(),
    # H3C R5500 G6 with 8 H20s: the HGX wiring and DDR5 2DPC facts of the H100 node, but at 400 W per
    # GPU the 7.3 kW transient peak fits one feed's three 3 kW PSUs, so no feed-loss warning
    "h3c-r5500-g6-8x-h20.json": {"mem.2dpc-speed", "pcie.switch-oversubscribed"},
}


@pytest.fixture(scope="module")
def catalog():
    return load_catalog([paths.catalog_dir()], [paths.price_dir()])


def _load(name: str) -> Build:
    path = paths.examples_dir() / name
    if not path.exists():
        pytest.skip(f"{name} not written yet")
    data = json.loads(path.read_text(encoding="utf-8"))
    data.pop("format", None)
    data.pop("kind", None)
    return Build.model_validate(data)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_example_checks_clean(name, catalog):
    out = check(_load(name), catalog)
    assert not [v for v in out if v.severity == "error"], [english(v) for v in out]
    assert {v.code for v in out} <= EXPECTED[name], [english(v) for v in out]


def test_hgx_example_breaks_like_the_field_does(catalog):
    build = _load("hgx-h100-8gpu.json")
    psus = [s for s in build.placements if s.startswith("PSU")]
    build.psu_feeds = {s: "A" for s in psus}
    assert "power.single-feed" in {v.code for v in check(build, catalog)}


def test_gaming_pc_is_flagged_for_training(catalog):
    codes = {v.code for v in check(_load("gaming-pc-rtx4090.json"), catalog)}
    assert "gpu.no-ecc" in codes


def test_gaming_pc_card_in_a_server_is_a_consumer_card(catalog):
    build = _load("pcie-l40s-8gpu.json")
    gpu_slots = [s for s, pid in build.placements.items() if pid.startswith("nvidia-l40s")]
    for s in gpu_slots:
        build.placements[s] = "nvidia-geforce-rtx-4090-24gb"
    found = [v for v in check(build, catalog) if v.code == "gpu.consumer-card"]
    assert found and set(found[0].slots) == set(gpu_slots)
