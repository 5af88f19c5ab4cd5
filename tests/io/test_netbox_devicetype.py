"""NetBox device-type YAML: every export validates against the devicetype-library JSON schema
(vendored in tests/fixtures/netbox-devicetype-schema with its licence)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml
from jsonschema import Draft202012Validator
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

from configurator.formats.exporters.netbox_devicetype import (
    interface_type,
    server_device_type,
    slug,
    switch_device_type,
)
from configurator.launch import main
from configurator.store import paths
from configurator.store.build_files import load_build
from configurator.store.catalogs import default_catalog
from configurator.store.loaded_evaluator import default_evaluator

SCHEMA = Path(__file__).resolve().parents[1] / "fixtures" / "netbox-devicetype-schema"
CLUSTER = paths.examples_dir() / "clusters" / "hgx-h100-16.json"


@pytest.fixture(scope="module")
def validator() -> Draft202012Validator:
    """The library's device-type schema with the three files it references, by their URNs."""
    def resource(name: str) -> Resource:
        return Resource.from_contents(json.loads((SCHEMA / name).read_text()), default_specification=DRAFT202012)

    registry = Registry().with_resources([
        ("urn:devicetype-library:components", resource("components.json")),
        ("urn:devicetype-library:generated-schema", resource("generated_schema.json")),
        ("urn:devicetype-library:reusable", resource("reusable.json")),
    ])
    schema = json.loads((SCHEMA / "devicetype.json").read_text())
    Draft202012Validator.check_schema(schema)
    return Draft202012Validator(schema, registry=registry)


def _errors(validator, data) -> list[str]:
    return [f"{'/'.join(map(str, e.absolute_path))}: {e.message}" for e in validator.iter_errors(data)]


def test_the_schema_catches_what_netbox_would_refuse(validator):
    """The validator is live: a bad slug, an unknown interface type and a weight without unit fail."""
    good = {"manufacturer": "Acme", "model": "X1", "slug": "x1", "u_height": 1, "is_full_depth": True}
    assert _errors(validator, good) == []
    assert _errors(validator, {**good, "slug": "X 1"})
    assert _errors(validator, {**good, "interfaces": [{"name": "p1", "type": "400g-made-up"}]})
    assert _errors(validator, {**good, "weight": 3.0})
    assert _errors(validator, {**good, "power-ports": [{"name": "PSU1", "type": "other", "maximum_draw": 0}]})


def test_cluster_export_writes_valid_yaml_per_device_type(tmp_path, validator, capsys):
    out = tmp_path / "netbox"
    assert main(["cluster", str(CLUSTER), "--format", "netbox-devicetype", "-o", str(out)]) == 0
    files = sorted(out.rglob("*.yaml"))
    assert {f.parent.name for f in files} == {"Supermicro", "NVIDIA"}
    assert len(files) == 3            # the server build, the InfiniBand and the Ethernet switch
    for f in files:
        data = yaml.safe_load(f.read_text())
        assert _errors(validator, data) == [], f
        assert f.stem == data["slug"]
    server = yaml.safe_load(next(f for f in files if f.parent.name == "Supermicro").read_text())
    assert server["u_height"] == 8 and len(server["power-ports"]) == 6
    assert all(p["type"] == "iec-60320-c20" for p in server["power-ports"])   # from the C19-C20 cord
    ib = [i for i in server["interfaces"] if i["type"] == "infiniband-ndr"]
    assert len(ib) == 8               # one 400G NDR port per CX-7 NIC, one NIC per GPU


def test_single_build_export_and_every_switch_in_the_catalog(tmp_path, validator):
    catalog = default_catalog()
    build = load_build(paths.examples_dir() / "hgx-h100-8gpu.json")
    out = tmp_path / "hgx.yaml"
    assert main(["export", str(paths.examples_dir() / "hgx-h100-8gpu.json"), "-o", str(out)]) == 0
    data = yaml.safe_load(out.read_text())
    assert _errors(validator, data) == []
    ev = default_evaluator(catalog).evaluate(build)
    assert data["power-ports"][0]["maximum_draw"] == server_device_type(build, ev, catalog)["power-ports"][0][
        "maximum_draw"] >= ev.power.wall_max_w / len(data["power-ports"])
    for sw in catalog.by_category("switch"):
        assert _errors(validator, switch_device_type(sw)) == [], sw.id


@pytest.mark.parametrize(("protocol", "gbps", "kind"), [("ib", 400, "infiniband-ndr"), ("vpi", 200, "infiniband-hdr"),
                                                       ("eth", 400, "400gbase-x-osfp"), ("eth", 3, "other")])
def test_interface_types(protocol, gbps, kind):
    assert interface_type(protocol, gbps) == kind


def test_slugs_are_what_the_schema_allows():
    assert slug("SYS-821GE-TNHR (8U, HGX)") == "sys-821ge-tnhr-8u-hgx"
    assert slug("合同") == "device" and len(slug("x" * 300)) == 100


def test_servers_whose_names_slug_alike_never_overwrite_each_others_device_type(tmp_path, validator):
    """Issue 31: three builds of one chassis named "Node A!", "node-a?" and "NODE A" (one slug, and
    on a case-insensitive disk one file) each get their own file, with their own figures."""
    base = json.loads((paths.examples_dir() / "hgx-h100-8gpu.json").read_text(encoding="utf-8"))
    servers = []
    for i, name in enumerate(("Node A!", "node-a?", "NODE A")):
        build = json.loads(json.dumps(base))
        build.setdefault("meta", {})["name"] = name
        for slot in sorted(s for s in build["placements"] if "DIMM" in s)[: 2 * i]:
            del build["placements"][slot]       # a different build: fewer DIMMs, another weight
        (tmp_path / f"b{i}.json").write_text(json.dumps(build), encoding="utf-8")
        servers.append({"build": f"b{i}.json", "count": 2})
    cluster = json.loads(CLUSTER.read_text(encoding="utf-8"))
    cluster["servers"] = servers
    (tmp_path / "c.json").write_text(json.dumps(cluster), encoding="utf-8")
    out = tmp_path / "netbox"
    assert main(["cluster", str(tmp_path / "c.json"), "--format", "netbox-devicetype", "-o", str(out)]) == 0
    files = sorted((out / "Supermicro").glob("*.yaml"))
    assert len(files) == 3, files
    docs = [yaml.safe_load(f.read_text()) for f in files]
    assert len({d["slug"].casefold() for d in docs}) == 3 and len({d["model"] for d in docs}) == 3
    assert all(f.stem == d["slug"] and _errors(validator, d) == [] for f, d in zip(files, docs, strict=True))
    assert len({d["comments"] for d in docs}) == 3      # each its own build
