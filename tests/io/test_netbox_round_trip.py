"""NetBox round trip: the device types (YAML), racks and devices (CSV) exported for a 32-server
cluster import in that order as NetBox's bulk import reads them, and every device is found.

What NetBox does, from its source and the device-type library's rules:

- netbox dcim/forms/bulk_import.py `DeviceTypeImportForm`: `manufacturer` is matched by name
  (`to_field_name='name'`); the fields are manufacturer, model, slug, part_number, u_height, ….
- `RackImportForm`: site (by name), name, status, width, u_height.
- `BaseDeviceImportForm`: `device_type` is a `CSVModelChoiceField(to_field_name='model')` whose
  queryset `__init__` limits to `manufacturer__name=<the row's manufacturer>`; `DeviceImportForm`
  limits `rack` (by name) to the row's site.
- dcim/models/devices.py: a device's position must leave room for its type's u_height in the rack
  ("U… does not have sufficient space to accommodate …"), on the same face as any other.
- netbox-community/devicetype-library CONTRIBUTING.md: the model does not include the manufacturer,
  slugs begin with the slugified manufacturer and use only [-a-z0-9].
- dcim/choices.py (as the library's vendored schema, tests/fixtures/netbox-devicetype-schema,
  lists them): interface types `infiniband-ndr`, `200gbase-x-qsfp56`, `400gbase-x-osfp`; power
  port types `iec-60320-c14`, `iec-60320-c20`.
"""

from __future__ import annotations

import csv
import json
import re
from pathlib import Path

import pytest
import yaml

from configurator.core.catalog import PSU
from configurator.core.cluster import plan_cluster
from configurator.formats.exporters.clusters import CLUSTER_EXPORTERS
from configurator.formats.exporters.netbox_devicetype import manufacturer_name, slug
from configurator.store import paths
from configurator.store.catalogs import default_catalog
from configurator.store.cluster_files import read_cluster

SCHEMA = Path(__file__).resolve().parents[1] / "fixtures" / "netbox-devicetype-schema" / "generated_schema.json"
SERVERS = 32


def _enum(name: str) -> set[str]:
    """A choice list of NetBox's (dcim/choices.py) as the library's generated schema holds it."""
    return set(json.loads(SCHEMA.read_text())["definitions"][name]["properties"]["type"]["enum"])


def _cluster(tmp_path: Path, switch: str) -> Path:
    spec = json.loads((paths.examples_dir() / "clusters" / "hgx-h100-16.json").read_text())
    spec["servers"] = [{"build": str(paths.examples_dir() / "inspur-nf5688m7-8gpu.json"), "count": SERVERS}]
    spec["fabric"]["switch"] = switch
    path = tmp_path / "c.json"
    path.write_text(json.dumps(spec))
    return path


def _export(tmp_path: Path, switch: str):
    catalog = default_catalog()
    plan = plan_cluster(read_cluster(_cluster(tmp_path, switch)), catalog)
    CLUSTER_EXPORTERS["netbox-devicetype"].write(plan, catalog, tmp_path / "types")
    CLUSTER_EXPORTERS["netbox-csv"].write(plan, catalog, tmp_path / "nb.csv")
    types = [yaml.safe_load(p.read_text("utf-8")) for p in sorted((tmp_path / "types").rglob("*.yaml"))]
    racks = list(csv.DictReader((tmp_path / "nb.racks.csv").open(encoding="utf-8")))
    devices = list(csv.DictReader((tmp_path / "nb.devices.csv").open(encoding="utf-8")))
    return plan, catalog, types, racks, devices


def _import(types, racks, devices) -> dict[str, tuple[str, str, int, int]]:
    """NetBox's bulk import, in order: device types, racks, devices; each device's (rack, model, from U, to U)."""
    by_maker: dict[str, dict[str, dict]] = {}
    for dt in types:
        assert dt["slug"].startswith(slug(dt["manufacturer"]) + "-") and re.fullmatch(r"[-a-z0-9]+", dt["slug"])
        assert not dt["model"].lower().startswith(dt["manufacturer"].lower())
        assert dt["model"] not in by_maker.setdefault(dt["manufacturer"], {}), "model not unique in its manufacturer"
        by_maker[dt["manufacturer"]][dt["model"]] = dt
    rack_height = {(r["site"], r["name"]): int(r["u_height"]) for r in racks}
    placed: dict[str, tuple[str, str, int, int]] = {}
    used: dict[tuple[str, str], set[int]] = {}
    for d in devices:
        dt = by_maker.get(d["manufacturer"], {}).get(d["device_type"])    # model within the manufacturer
        assert dt is not None, f"{d['name']}: no device type {d['device_type']!r} of {d['manufacturer']!r}"
        height = rack_height[(d["site"], d["rack"])]                      # rack by name within the site
        bottom, top = int(d["position"]), int(d["position"]) + dt["u_height"] - 1
        assert 1 <= bottom and top <= height, f"{d['name']}: U{bottom}-U{top} outside a {height}U rack"
        units = set(range(bottom, top + 1))
        assert not units & used.setdefault((d["site"], d["rack"]), set()), f"{d['name']}: U{bottom} occupied"
        used[(d["site"], d["rack"])] |= units
        assert d["face"] == "front" and d["status"] == "planned"
        placed[d["name"]] = (d["rack"], d["device_type"], bottom, top)
    return placed


@pytest.mark.parametrize("switch", ["nvidia-qm9700-ndr", "nvidia-sn5600-spectrum4"])
def test_a_32_server_cluster_imports_cleanly_and_every_device_is_found(tmp_path, switch):
    plan, catalog, types, racks, devices = _export(tmp_path, switch)
    placed = _import(types, racks, devices)
    servers = [d for d in devices if d["role"] == "GPU server"]
    assert len(servers) == SERVERS and len(placed) == len(devices) == sum(len(r.items) for r in plan.racks)
    assert {d["device_type"] for d in servers} == {"NF5688M7"}
    assert {d["manufacturer"] for d in servers} == {"Inspur"}
    server = next(dt for dt in types if dt["model"] == "NF5688M7")
    assert server["part_number"] == "NF5688M7" and server["u_height"] == 6


@pytest.mark.parametrize("switch, cx7", [("nvidia-qm9700-ndr", "infiniband-ndr"),
                                         ("nvidia-sn5600-spectrum4", "400gbase-x-osfp")])
def test_port_types(tmp_path, switch, cx7):
    _plan, catalog, types, _racks, _devices = _export(tmp_path, switch)
    server = next(dt for dt in types if dt["model"] == "NF5688M7")
    kinds = {i["description"]: i["type"] for i in server["interfaces"] if "description" in i}
    assert kinds["NVIDIA ConnectX-7 400G OSFP (MCX75310AAS-NEAT)"] == cx7     # the fabric's protocol
    assert kinds["NVIDIA BlueField-3 B3220 DPU 2x200G"] == "200gbase-x-qsfp56"  # a DPU runs Ethernet
    assert {i["type"] for i in server["interfaces"]} <= _enum("interface")
    psu = next(p for p in catalog.parts.values() if isinstance(p, PSU) and p.id == "inspur-psu-3200w-titanium")
    assert psu.rating_w > 1800
    assert {p["type"] for p in server["power-ports"]} == {"iec-60320-c20"}      # 3,200 W: C19/C20 cords
    for dt in types:
        assert {p["type"] for p in dt["power-ports"]} <= _enum("power-port") - {"other"}
    assert all(dt["manufacturer"] == manufacturer_name(dt["manufacturer"]) for dt in types)


def test_a_tower_is_not_rack_mounted(tmp_path):
    from configurator.formats.exporters.netbox_devicetype import server_device_type
    from configurator.store.build_files import load_build
    from configurator.store.loaded_evaluator import default_evaluator

    catalog = default_catalog()
    build = load_build(paths.examples_dir() / "gaming-pc-rtx4090.json", catalog)
    dt = server_device_type(build, default_evaluator(catalog).evaluate(build), catalog)
    assert dt["u_height"] == 0 and dt["is_full_depth"] is False
    assert dt["manufacturer"] == "Generic" and not dt["model"].startswith("Generic")
