"""Fabric sizing against NVIDIA's DGX SuperPOD reference tables (docs/cluster.md)."""

from __future__ import annotations

import pytest

from configurator.core.catalog import Switch
from configurator.core.cluster.fabric import even_spines, leaf_ports, rail_endpoints, size_fabric
from configurator.store import paths
from configurator.store.catalogs import load_catalog


@pytest.fixture(scope="module")
def catalog():
    return load_catalog([paths.catalog_dir()], [paths.price_dir()])


@pytest.fixture(scope="module")
def qm9700(catalog) -> Switch:
    part = catalog.get("nvidia-qm9700-ndr")
    assert isinstance(part, Switch)
    return part


# DGX SuperPOD B200 RA, "Larger SuperPOD component counts": SUs of 32 nodes x 8 GPUs, one 400G
# NIC per GPU, QM9700 leaves/spines/cores: (SUs, leaf, spine, core, node-leaf, leaf-spine, spine-core).
# The 1-SU row is the H100 RA's single SU (8 leaves, 4 spines) with all 32 node slots used.
SUPERPOD = [
    (1, 8, 4, 0, 256, 256, 0),
    (2, 16, 8, 0, 512, 512, 0),
    (4, 32, 16, 0, 1024, 1024, 0),
    (8, 64, 32, 0, 2048, 2048, 0),
    (16, 128, 128, 64, 4096, 4096, 4096),
    (32, 256, 256, 128, 8192, 8192, 8192),
    (64, 512, 512, 256, 16384, 16384, 16384),
]


@pytest.mark.parametrize(("sus", "leaf", "spine", "core", "node_leaf", "leaf_spine", "spine_core"), SUPERPOD)
def test_superpod_switch_and_cable_counts(qm9700, sus, leaf, spine, core, node_leaf, leaf_spine, spine_core):
    fab = size_fabric("compute", qm9700, 400, [8] * (32 * sus))
    assert fab is not None
    assert (fab.leaves, fab.spines, fab.cores) == (leaf, spine, core)
    assert (fab.node_leaf_links, fab.leaf_spine_links, fab.spine_core_links) == (node_leaf, leaf_spine, spine_core)
    assert fab.rails == 8 and fab.oversubscription == 1.0 and fab.fits_tiers
    assert fab.tiers == (3 if core else 2)


def test_one_su_is_eight_rails_of_one_leaf(qm9700):
    fab = size_fabric("compute", qm9700, 400, [8] * 32)
    assert fab is not None
    assert fab.endpoints == 256 and fab.rails == 8 and fab.leaves == 8
    assert (fab.leaf_down, fab.leaf_up) == (32, 32)
    # fibre from the servers: one optic at each NIC, one twin-port optic per 2 links at the leaf
    assert fab.transceivers["nic"] == 256 and fab.cables["fibre-row"] == 256
    assert fab.bisection_gbps == 256 * 400 / 2 and fab.injection_gbps_per_gpu == 400


def test_small_cluster_fits_one_switch(qm9700):
    fab = size_fabric("compute", qm9700, 400, [8] * 4)   # 32 links <= 64 ports
    assert fab is not None and fab.tiers == 1 and fab.switches == 1 and fab.leaf_spine_links == 0


def test_oversubscription_halves_the_uplinks(qm9700):
    assert leaf_ports(64, 1.0) == (32, 32) and leaf_ports(64, 3.0) == (48, 16)
    fab = size_fabric("compute", qm9700, 400, [8] * 32, oversubscription=2.0)
    assert fab is not None
    # 42 server ports at 2:1 take 21 uplinks, cabled for the full leaf (the RA's full-SU cabling)
    assert leaf_ports(64, 2.0) == (42, 22)
    assert fab.leaf_spine_links == 8 * 21 and fab.oversubscription == pytest.approx(2.0)
    assert fab.bisection_gbps == pytest.approx(256 * 400 / 2 / 2)


def test_two_tier_limit_and_wrong_speed(qm9700):
    fab = size_fabric("compute", qm9700, 400, [8] * 512, max_tiers=2)   # 128 leaves > 64 spine ports
    assert fab is not None and fab.needs_tiers == 3 and fab.tiers == 2
    assert size_fabric("compute", qm9700, 800, [8] * 4) is None        # NDR has no 800G links


def test_mixed_servers_fill_rails_unevenly():
    assert rail_endpoints([8, 8, 4]) == [3, 3, 3, 3, 2, 2, 2, 2]


def test_ethernet_switch_breaks_out(catalog):
    sn5600 = catalog.get("nvidia-sn5600-spectrum4")
    assert isinstance(sn5600, Switch)
    assert (sn5600.links_at(800), sn5600.links_at(400), sn5600.links_at(200), sn5600.links_at(300)) == (64, 128, 256, 0)
    fab = size_fabric("compute", sn5600, 400, [8] * 64)  # 512 links at radix 128: one leaf (64 down) per rail
    assert fab is not None and fab.leaves == 8 and fab.spines == 4


# NVIDIA DGX SuperPOD H100 RA, "Network Fabrics", Table 4 "Compute fabric component count"
# https://docs.nvidia.com/dgx-superpod/reference-architecture-scalable-infrastructure-h100/latest/network-fabrics.html
# (SUs, nodes, GPUs, leaf, spine, compute+UFM cables, spine-leaf cables). An SU has 31 DGX H100
# (the 32nd slot's ports go to the UFM appliance: 4 UFM links in the "Compute and UFM" column);
# the fabric is cabled for full SUs, and 3 SUs take 16 spines, not 12: 32 uplinks per leaf do
# not split evenly over 12.
H100_RA_TABLE4 = [
    (1, 31, 248, 8, 4, 252, 256),
    (2, 63, 504, 16, 8, 508, 512),
    (3, 95, 760, 24, 16, 764, 768),
    (4, 127, 1016, 32, 16, 1020, 1024),
]
UFM_LINKS = 4


@pytest.mark.parametrize(("sus", "nodes", "gpus", "leaf", "spine", "compute_ufm", "spine_leaf"), H100_RA_TABLE4)
def test_h100_superpod_table4(qm9700, sus, nodes, gpus, leaf, spine, compute_ufm, spine_leaf):
    fab = size_fabric("compute", qm9700, 400, [8] * nodes)
    assert fab is not None and fab.endpoints == gpus
    assert (fab.leaves, fab.spines, fab.cores) == (leaf, spine, 0)
    assert fab.node_leaf_links + UFM_LINKS == compute_ufm
    assert fab.leaf_spine_links == spine_leaf
    assert fab.oversubscription == 1.0


def test_even_spines_divide_the_leaf_uplinks():
    assert even_spines(24, 32, 64) == 16          # not ceil(768 / 64) = 12
    assert even_spines(8, 32, 64) == 4 and even_spines(16, 32, 64) == 8 and even_spines(32, 32, 64) == 16
    assert even_spines(3, 32, 64) == 2            # 96 links: 2 spines of 48
    assert even_spines(0, 0, 64) == 0
