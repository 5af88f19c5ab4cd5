"""Published reference figures the engine must land near (issue #11): DGX system power against
NVIDIA's maxima, the DGX H100 airflow, GPU training power, PSU curve, lanes and links."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from configurator.core.evaluate.power import efficiency_at, part_power
from configurator.store.build_files import load_build, loads_build
from configurator.store.catalogs import default_catalog
from configurator.store.loaded_evaluator import default_evaluator
from configurator.words.render import say

EXAMPLES = Path(__file__).parents[3] / "examples"


@pytest.fixture(scope="module")
def cat():
    return default_catalog()


def _ev(cat, build):
    return default_evaluator(cat, []).evaluate(build)


def _dgx_b200(cat):
    """The DGX H100 example rebuilt as NVIDIA's DGX B200 (B200, Xeon 8570, DDR5-5600, BlueField-3, 5+1)."""
    d = json.loads((EXAMPLES / "dgx-h100-8gpu.json").read_text())
    swap = {"intel-xeon-platinum-8480plus": "intel-xeon-platinum-8570", "nvidia-h100-sxm5-80gb": "nvidia-b200-sxm-180gb",
            "cooling-air-dgx-h100-8u": "cooling-air-dgx-10u", "samsung-m321r8ga0bb0-cqk": "samsung-m321r8ga0pb0-cwm"}
    placements = {}
    for slot, part in d["placements"].items():
        if slot.startswith("STOR"):
            slot, part = "DPU" + slot[-1], "nvidia-bf3-b3220"
        placements[slot] = swap.get(part, part)
    d.update(chassis="nvidia-dgx-b200", placements=placements, psu_redundancy="5+1")
    return loads_build(json.dumps(d), "dgx-b200", cat)


@pytest.mark.parametrize("name, published_w", [("dgx-h100-8gpu", 10_200), ("dgx-a100-8gpu", 6_500), ("b200", 14_300)])
def test_dgx_system_power_within_7_percent_of_nvidia_maximum(cat, name, published_w):
    # NVIDIA publishes maximum system power at the wall: DGX H100 ~10.2 kW, DGX A100 6.5 kW, DGX B200 ~14.3 kW
    build = _dgx_b200(cat) if name == "b200" else load_build(EXAMPLES / f"{name}.json", cat)
    wall = _ev(cat, build).power.wall_max_w
    assert wall == pytest.approx(published_w, rel=0.07), wall


def test_dgx_h100_airflow_from_its_published_figure(cat):
    ev = _ev(cat, load_build(EXAMPLES / "dgx-h100-8gpu.json", cat))
    t = ev.thermal
    assert t.airflow_basis == "chassis" and t.delta_t_f == pytest.approx(29.0, abs=0.1)
    assert t.airflow_cfm == pytest.approx(1105, rel=0.05)        # NVIDIA: 1,105 CFM at maximum power
    hgx = _ev(cat, load_build(EXAMPLES / "hgx-h100-8gpu.json", cat)).thermal
    assert hgx.airflow_basis == "assumed" and hgx.delta_t_f == 20   # airflow estimated: the 20 °F figure


def test_gpu_training_power_is_the_measured_share_of_tdp(cat):
    h200 = cat.parts["nvidia-h200-sxm5-141gb"]
    idle, typical, top, _ = part_power(h200)
    assert (idle, top) == (75, 700) and typical == pytest.approx(693, abs=1)   # measured: 694 W at 700 W
    assert h200.source_for("typical_pct").url == "docs/measurements/h200-training-power.md"
    assert all(g.typical_pct == 0.99 for g in cat.by_category("gpu"))


def test_wall_power_follows_the_psu_curve_at_its_load_share(cat):
    ti, pt = cat.parts["nvidia-dgx-psu-3300w"], cat.parts["nvidia-dgx-a100-psu-3000w"]
    assert [efficiency_at(ti, f) for f in (0.1, 0.2, 0.5, 1.0)] == [90, 94, 96, 91]   # 80 PLUS Titanium
    assert [efficiency_at(pt, f) for f in (0.2, 0.5, 1.0)] == [90, 94, 91]            # 80 PLUS Platinum
    ev = _ev(cat, load_build(EXAMPLES / "hgx-h100-8gpu.json", cat))
    p = ev.power
    assert p.idle_w / (6 * 3000) < 0.10 and p.wall_idle_w == pytest.approx(p.idle_w / 0.90)
    assert p.efficiency_idle_pct < p.efficiency_pct          # idle runs each PSU at a smaller, worse share
    # the same parts on 4 PSUs (N+0 instead of 4+2): each carries more, so idle converts better
    build = load_build(EXAMPLES / "hgx-h100-8gpu.json", cat)
    four = build.model_copy(update={"placements": {k: v for k, v in build.placements.items() if k not in ("PSU5", "PSU6")},
                                    "psu_redundancy": "N"})
    p4 = _ev(cat, four).power
    assert p4.idle_w == p.idle_w and p4.wall_idle_w < p.wall_idle_w
    assert p4.efficiency_idle_pct == pytest.approx(efficiency_at(cat.parts["supermicro-psu-3000w-titanium"],
                                                                 p.idle_w / (4 * 3000)))


def test_lanes_links_and_peaks(cat):
    epyc = cat.parts["amd-epyc-9654"]
    assert (epyc.lanes_per_socket(1), epyc.lanes_per_socket(2)) == (128, 80)   # 160 in total on 2P SP5
    assert cat.parts["amd-epyc-7742"].lanes_per_socket(2) == 64               # 128 in total on 2P SP3
    assert cat.parts["intel-xeon-platinum-8480plus"].lanes_per_socket(2) == 80
    a100_board = cat.parts["dell-poweredge-xe9680-a100"]
    assert {sw.uplink_gen for sw in a100_board.pcie_switches} == {4}
    assert cat.parts["intel-gaudi3-oam-128gb"].bf16_tflops == 1835           # vendor peak, like every GPU


def test_network_per_gpu_counts_only_the_compute_fabric(cat):
    ev = _ev(cat, load_build(EXAMPLES / "dgx-a100-8gpu.json", cat))
    # 8 × ConnectX-6 HDR 200 Gb/s, one per GPU; the 2 dual-port storage cards do not count
    assert ev.bandwidth.network_gbps_per_gpu == 200
    net = next(link for link in ev.bandwidth.chain if link.stage == "network")
    assert net.gbs == 25 and "from 8 NIC(s)" in say(net.detail, "en")
