"""The per-GPU feed chain, shared switch uplinks, GPU↔GPU, network and the named bottleneck."""

from __future__ import annotations

import pytest

from configurator.core.context import resolve
from configurator.core.evaluate.bandwidth import pcie_gbs
from configurator.core.evaluate.figures import compute_figures
from configurator.core.message import Msg
from configurator.words.render import in_english as en


def bw(build, catalog):
    return compute_figures(resolve(build, catalog)).bandwidth


def stage(result, name):
    return next(link for link in result.chain if link.stage == name)


def genoa_host(n_dimms: int = 12) -> dict[str, str]:
    p = {"CPU1": "cpu-genoa", "CPU2": "cpu-genoa"}
    for s in ("CPU1", "CPU2"):
        for c in "ABCDEFGHIJKL"[:n_dimms]:
            p[f"{s}_DIMM_{c}1"] = "dimm-64-4800"
    return p


def test_case17_pcie_link_figures():
    assert pcie_gbs(5, 16) == pytest.approx(63.0)
    assert pcie_gbs(4, 16) == pytest.approx(31.5)
    assert pcie_gbs(5, 8) == pytest.approx(31.5)
    assert pcie_gbs(6, 16) == pytest.approx(121.0)


def test_case17_gen5_x16_on_cpu(make_build, catalog):
    b = make_build("pcie-test", {**genoa_host(), "G5": "gpu-pcie", "G6": "gpu-pcie", "BAY1": "nvme-gen5"})
    link = stage(bw(b, catalog), "pcie")
    assert link.gbs == pytest.approx(63.0) and link.name == Msg("bandwidth.link.pcie", gen=5, lanes=16)


def test_gen4_gpu_and_gen4_cpu(make_build, catalog):
    assert stage(bw(make_build("pcie-test", {"G5": "gpu-gen4"}), catalog), "pcie").gbs == pytest.approx(31.5)
    b = make_build("pcie-test", {"CPU1": "cpu-gen4", "G5": "gpu-pcie"})
    assert stage(bw(b, catalog), "pcie").gbs == pytest.approx(31.5)


def test_switch_uplink_is_shared(make_build, catalog):
    b = make_build("pcie-test", {**genoa_host(), "S1": "gpu-pcie", "S2": "gpu-pcie", "S3": "gpu-pcie"})
    r = bw(b, catalog)
    link = stage(r, "pcie")
    # S1+S2 share SWA's Gen5 x16 uplink; the worst GPU gets half
    assert link.gbs == pytest.approx(31.5) and en(link.name).endswith("switch uplink shared by 2 GPUs")
    # NIC traffic (GPUDirect RDMA) stays below the switch and does not count
    b2 = make_build("pcie-test", {**genoa_host(), "S3": "gpu-pcie", "N1": "nic-400"})
    assert stage(bw(b2, catalog), "pcie").gbs == pytest.approx(63.0)


def test_hgx_chain(hgx, catalog):
    r = bw(hgx, catalog)
    assert [link.stage for link in r.chain] == ["storage", "host-memory", "pcie", "hbm", "gpu-gpu", "network"]
    assert stage(r, "storage").gbs == pytest.approx(8 * 13.0 / 8)     # 8 × 13 GB/s Gen5 drives, 8 GPUs
    assert stage(r, "host-memory").gbs == pytest.approx(16 * 4400 * 8 / 1000 / 8)
    assert stage(r, "pcie").gbs == pytest.approx(31.5)
    assert stage(r, "hbm").gbs == 3350
    assert r.gpu_gpu_gbs == pytest.approx(450)                       # NVSwitch 900 GB/s bidirectional
    assert r.storage_read_gbs == pytest.approx(104)
    assert (r.bottleneck, r.bottleneck_gbs) == ("storage", pytest.approx(13.0))
    text = en(r.explanation)
    assert "13.0 GB/s" in text and "NVMe" in text and "80 GB" in text


def test_case18_dgx_scale_out(hgx, catalog):
    # 8 × NDR400 = 3200 Gb/s = 400 GB/s per node, 50 GB/s per GPU
    r = bw(hgx, catalog)
    assert r.network_gbps_per_gpu == pytest.approx(400)
    assert stage(r, "network").gbs == pytest.approx(50)


def test_dpus_are_left_out_of_the_network(make_build, catalog):
    b = make_build("hgx-test", {"GPU1": "gpu-sxm", "GPU2": "gpu-sxm", "NIC1": "nic-400", "X1": "dpu-2x200"})
    assert bw(b, catalog).network_gbps_per_gpu == pytest.approx(200)


def test_drive_capped_by_bay_link_and_boot_excluded(make_build, catalog):
    # a Gen5 x4 drive (13 GB/s) in a Gen4 bay: 7.875 GB/s; boot M.2 drives do not feed training
    b = make_build("pcie-test", {**genoa_host(), "G5": "gpu-pcie", "BAY1": "nvme-gen5", "BAY2": "nvme-gen4"})
    r = bw(b, catalog)
    assert r.storage_read_gbs == pytest.approx(7.875 + 7.0)
    b2 = make_build("hgx-test", {"GPU1": "gpu-sxm", "M2_1": "m2-boot"})
    assert bw(b2, catalog).storage_read_gbs == 0


def test_storage_bottleneck_without_drives(make_build, catalog):
    r = bw(make_build("pcie-test", {**genoa_host(), "G5": "gpu-pcie"}), catalog)
    assert r.bottleneck == "storage" and r.bottleneck_gbs == 0
    assert r.explanation == Msg("bandwidth.storage-none")


def test_pcie_bottleneck_named(make_build, catalog):
    # storage 4 × 7.875 = 31.5 GB/s, host memory 921.6, PCIe Gen4 x8 15.75, GDDR 300
    place = {**genoa_host(), "G5": "gpu-x8", **{f"BAY{i}": "nvme-gen5" for i in range(1, 5)}}
    r = bw(make_build("pcie-test", place), catalog)
    assert (r.bottleneck, r.bottleneck_gbs) == ("pcie", pytest.approx(15.75))
    assert r.bottleneck_name is not None and en(r.bottleneck_name) == "PCIe Gen4 x8"
    assert "15.8 GB/s per direction" in en(r.explanation) and "24 GB" in en(r.explanation)


def test_host_memory_bottleneck(make_build, catalog):
    # one DIMM: 38.4 GB/s; 8 Gen5 drives 104 GB/s; one GPU on its own switch uplink 63 GB/s
    place = {"CPU1": "cpu-spr", "CPU1_DIMM_A1": "dimm-64-4800", "GPU1": "gpu-sxm",
             **{f"NVME{i}": "nvme-gen5" for i in range(1, 9)}}
    r = bw(make_build("hgx-test", place), catalog)
    assert r.bottleneck == "host-memory" and r.bottleneck_gbs == pytest.approx(38.4)
    assert "host-memory bandwidth" in en(r.explanation)


def test_hbm_is_never_the_bottleneck_by_accident(hgx, catalog):
    r = bw(hgx, catalog)
    assert r.bottleneck != "hbm"


def test_nvlink_bridge_and_p2p(make_build, catalog):
    place = {**genoa_host(), "G5": "gpu-pcie", "G6": "gpu-pcie"}
    assert bw(make_build("pcie-test", place), catalog).gpu_gpu_gbs == pytest.approx(63.0)   # PCIe P2P
    bridged = make_build("pcie-test", place, bridges=[["G5", "G6"]])
    r = bw(bridged, catalog)
    assert r.gpu_gpu_gbs == pytest.approx(300) and en(stage(r, "gpu-gpu").name).startswith("NVLink bridge")


def test_single_gpu_has_no_peer_link(make_build, catalog):
    r = bw(make_build("hgx-test", {"GPU1": "gpu-sxm"}), catalog)
    assert r.gpu_gpu_gbs == 0 and "gpu-gpu" not in [link.stage for link in r.chain]


def test_no_gpus(make_build, catalog):
    r = bw(make_build("hgx-test", {"NVME1": "nvme-gen5"}), catalog)
    assert r.chain == () and r.bottleneck == "" and r.storage_read_gbs == pytest.approx(13)


def test_board_fabric_is_capped_by_the_gpus_own_links():
    """An H800 (400 GB/s NVLink) on a 900 GB/s HGX board talks to its peers at 400 GB/s, not 900."""
    from configurator.core.build import Build
    from configurator.core.evaluator import evaluate
    from configurator.store import paths
    from configurator.store.catalogs import load_catalog

    catalog = load_catalog([paths.catalog_dir()], [paths.price_dir()])
    h800, h100 = catalog.get("nvidia-h800-sxm5-80gb"), catalog.get("nvidia-h100-sxm5-80gb")
    assert h800 is not None and h100 is not None and h800.scaleup_gbs < h100.scaleup_gbs
    for gpu, expected in ((h800, h800.scaleup_gbs), (h100, h100.scaleup_gbs)):
        build = Build(chassis="inspur-nf5688m7", placements={f"GPU{i}": gpu.id for i in range(1, 9)})
        assert evaluate(build, catalog).bandwidth.gpu_gpu_gbs == expected / 2   # per direction
