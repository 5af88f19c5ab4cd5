"""Every example build loads, resolves against the catalog and round-trips exactly."""

from __future__ import annotations

import json

import pytest

from configurator.core.build import Build
from configurator.core.context import resolve
from configurator.store import paths
from configurator.store.catalogs import load_catalog

EXAMPLES = sorted(paths.examples_dir().glob("*.json"))
BUILD_EXAMPLES = [p for p in EXAMPLES if "vendor" not in p.name]


@pytest.fixture(scope="module")
def catalog():
    return load_catalog([paths.catalog_dir()], [paths.price_dir()])


def _load(path):
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data.pop("format") == 1
    data.pop("kind", None)
    return Build.model_validate(data)


def test_required_examples_exist():
    names = {p.name for p in EXAMPLES}
    for n in ("hgx-h100-8gpu.json", "seed-7b-training.json", "pcie-l40s-8gpu.json", "general-purpose-2u.json"):
        assert n in names


@pytest.mark.parametrize("path", BUILD_EXAMPLES, ids=lambda p: p.name)
def test_example_resolves_fully(path, catalog):
    build = _load(path)
    ctx = resolve(build, catalog)
    assert ctx.chassis is not None
    assert ctx.unknown == (), ctx.unknown
    assert len(ctx.placed) == len(build.placements)


@pytest.mark.parametrize("path", BUILD_EXAMPLES, ids=lambda p: p.name)
def test_example_json_round_trips_exactly(path):
    build = _load(path)
    again = Build.model_validate({k: v for k, v in json.loads(json.dumps(build.to_file_dict())).items()
                                  if k not in ("format", "kind")})
    assert again == build
    assert again.to_file_dict() == build.to_file_dict()


def test_hgx_example_is_what_it_says(catalog):
    build = _load(paths.examples_dir() / "hgx-h100-8gpu.json")
    ctx = resolve(build, catalog)
    gpus = ctx.gpus
    assert len(gpus) == 8 and len({g.id for g in gpus}) == 1 and "h100" in gpus[0].id
    assert len(ctx.cpus) == 2
    assert len(ctx.psus) == 6
    nics = ctx.nics
    assert sum(1 for n in nics if n.port_speed_gbps * n.ports >= 400 and n.kind != "dpu") >= 8
    assert any(n.kind == "dpu" for n in nics)
    assert any(d.form_factor == "m2" for d in ctx.drives)
    channels = {(p.slot.socket, p.slot.channel) for p in ctx.of("dimm")}
    assert len(channels) == ctx.chassis.memory.channels_per_socket * len(ctx.chassis.sockets)
