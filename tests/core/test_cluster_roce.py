"""The Ethernet (RoCE) compute fabric: a cluster of servers whose fabric NICs run Ethernet only gets NVIDIA's
Spectrum-4 SN5600 (the Spectrum-X leaf/spine), not an InfiniBand switch, and a fabric of the other protocol is
an error.

SN5600 port figures (catalogs/switches.toml cites them): NVIDIA SN5000 user manual, "Data Interfaces",
https://docs.nvidia.com/networking/display/sn5000/data+interfaces (read 2026-12-01, datasheet): 64 OSFP ports at
800GbE, 128 at 400GbE. A non-blocking rail-optimised leaf then has 64 server ports and 64 uplinks at 400G, so
128 servers x 8 rails (1,024 GPUs at 400G) take 2 leaves per rail (16) and 16 x 64 / 128 = 8 spines, half the
switches a QM9700 (64 x 400G) fabric of the same cluster needs (DGX SuperPOD RA, 4 SUs: 32 leaves + 16 spines).
"""

from __future__ import annotations

import pytest

from configurator.core.build import Build
from configurator.core.catalog import Switch
from configurator.core.cluster import plan_cluster
from configurator.core.cluster.fabric import size_fabric
from configurator.core.cluster.server_figures import default_switch, fabric_protocol
from configurator.core.cluster.spec import ClusterSpec, FabricSpec, ServerGroup
from configurator.store.catalogs import load_catalog
from configurator.store.loaded_evaluator import default_evaluator


@pytest.fixture(scope="module")
def catalog():
    return load_catalog()


def _build(nic: str) -> Build:
    """The seed's HGX H100 example with its compute NICs swapped for `nic`."""
    from configurator.store.build_files import read_build

    build = read_build("examples/hgx-h100-8gpu.json").build
    place = {slot: (nic if pid.startswith(("nvidia-cx7", "nvidia-connectx-7")) else pid)
             for slot, pid in build.placements.items()}
    return build.model_copy(update={"placements": place})


def test_sn5600_fabric_for_1024_gpus_from_the_datasheet(catalog):
    sn5600 = catalog.get("nvidia-sn5600-spectrum4")
    assert isinstance(sn5600, Switch) and sn5600.protocol == "eth" and sn5600.links_at(400) == 128
    fab = size_fabric("compute", sn5600, 400, [8] * 128)
    assert fab is not None
    assert (fab.leaves, fab.spines, fab.cores, fab.leaf_down, fab.leaf_up) == (16, 8, 0, 64, 64)
    assert fab.oversubscription == 1.0 and fab.tiers == 2


def test_ethernet_nics_get_the_ethernet_switch_and_ib_is_an_error(catalog):
    build = _build("broadcom-bcm57608-400g")
    assert fabric_protocol(build, catalog) == "eth"
    assert default_switch(build, catalog) == "nvidia-sn5600-spectrum4"
    evaluator = default_evaluator(catalog)
    codes = {}
    for switch in ("nvidia-sn5600-spectrum4", "nvidia-qm9700-ndr"):
        spec = ClusterSpec(servers=(ServerGroup(build=build, count=16),), fabric=FabricSpec(switch=switch))
        codes[switch] = {v.code for v in plan_cluster(spec, catalog, evaluator).violations if v.severity == "error"}
    assert "cluster.fabric-protocol" not in codes["nvidia-sn5600-spectrum4"]
    assert "cluster.fabric-protocol" in codes["nvidia-qm9700-ndr"]
