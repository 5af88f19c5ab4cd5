"""GPU/CPU totals and host memory: capacity, channels, DPC derate, bandwidth (models.md case 16)."""

from __future__ import annotations

import pytest

from configurator.core.context import resolve
from configurator.core.evaluate.compute import channel_bandwidth_gbs
from configurator.core.evaluate.figures import compute_figures


def figs(build, catalog):
    return compute_figures(resolve(build, catalog))


def dimms(socket: str, channels: str, dimm: str, per_channel: int = 1) -> dict[str, str]:
    return {f"{socket}_DIMM_{c}{d}": dimm for c in channels for d in range(1, per_channel + 1)}


def test_ddr5_channel_figures():
    # models.md §6: DDR5-4800 38.4, 5600 44.8, 6400 51.2 GB/s per 64-bit channel
    assert channel_bandwidth_gbs(4800) == pytest.approx(38.4)
    assert channel_bandwidth_gbs(5600) == pytest.approx(44.8)
    assert channel_bandwidth_gbs(6400) == pytest.approx(51.2)


def test_case16_spr_8_channels(make_build, catalog):
    b = make_build("hgx-test", {"CPU1": "cpu-spr", **dimms("CPU1", "ABCDEFGH", "dimm-64-4800")})
    m = figs(b, catalog).memory
    assert m.bandwidth_gbs == pytest.approx(307.2)
    assert (m.channels_populated, m.channels_total, m.dpc, m.speed_mts) == (8, 8, 1, 4800)


def test_case16_genoa_12_channels(make_build, catalog):
    b = make_build("pcie-test", {"CPU1": "cpu-genoa", **dimms("CPU1", "ABCDEFGHIJKL", "dimm-64-4800")})
    assert figs(b, catalog).memory.bandwidth_gbs == pytest.approx(460.8)


def test_case16_turin_ddr5_6400(make_build, catalog):
    b = make_build("pcie-test", {"CPU1": "cpu-turin", **dimms("CPU1", "ABCDEFGHIJKL", "dimm-64-6400")})
    m = figs(b, catalog).memory
    assert m.speed_mts == 6400 and m.bandwidth_gbs == pytest.approx(614.4)


def test_2dpc_derates_speed(hgx, catalog):
    m = figs(hgx, catalog).memory
    # SPR: 4800 at 1DPC, 4400 at 2DPC; 16 channels populated
    assert (m.dpc, m.speed_mts, m.dimm_count, m.capacity_gb) == (2, 4400, 32, 2048)
    assert m.bandwidth_gbs == pytest.approx(16 * 4400 * 8 / 1000)
    assert m.ratio_to_vram == pytest.approx(2048 / 640)


def test_faster_dimm_runs_at_cpu_speed(make_build, catalog):
    b = make_build("hgx-test", {"CPU1": "cpu-spr", **dimms("CPU1", "AB", "dimm-64-6400")})
    assert figs(b, catalog).memory.speed_mts == 4800


def test_dimms_without_cpu_do_not_count(make_build, catalog):
    place = {"CPU1": "cpu-spr", **dimms("CPU1", "AB", "dimm-64-4800"), **dimms("CPU2", "ABCD", "dimm-64-4800")}
    m = figs(make_build("hgx-test", place), catalog).memory
    assert (m.dimm_count, m.capacity_gb, m.channels_populated, m.channels_total) == (2, 128, 2, 8)


def test_channels_beyond_the_cpu_are_ignored(make_build, catalog):
    # an 8-channel CPU in a 12-channel board: channels I-L have no controller
    place = {"CPU1": "cpu-spr", **dimms("CPU1", "ABCDEFGHIJKL", "dimm-64-4800")}
    m = figs(make_build("pcie-test", place), catalog).memory
    assert (m.dimm_count, m.channels_populated, m.channels_total) == (8, 8, 8)


def test_gpu_totals(hgx, catalog):
    c = figs(hgx, catalog).compute
    assert (c.gpu_count, c.gpu_id, c.gpu_model) == (8, "gpu-sxm", "Test SXM 80GB")
    assert (c.vram_gb_per_gpu, c.vram_gb, c.hbm_bandwidth_gbs) == (80, 640, 8 * 3350)
    assert (c.bf16_tflops, c.fp16_tflops, c.fp8_tflops) == (8 * 989, 8 * 989, 8 * 1979)
    assert (c.cpu_count, c.cpu_model, c.cpu_cores, c.cpu_id) == (2, "Test SPR 56c", 112, "cpu-spr")


def test_mixed_gpus(make_build, catalog):
    c = figs(make_build("pcie-test", {"S1": "gpu-pcie", "S2": "gpu-gen4"}), catalog).compute
    assert c.gpu_model == "mixed" and c.gpu_id == ""
    assert c.vram_gb == 94 + 48 and c.vram_gb_per_gpu == 48
    assert c.fp8_tflops == 1670          # the Gen4 card has no FP8
    assert c.hbm_bandwidth_gbs_per_gpu == 864
    assert c.cpu_count == 0 and c.cpu_model == ""
