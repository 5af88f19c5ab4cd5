"""`configurator import redfish` against real Redfish services on loopback."""

from __future__ import annotations

import json
import shutil
import time
from collections import Counter
from pathlib import Path

import pytest
from redfish_test_servers import MOCKUP, body, root, scripted, self_signed, silent, sushy

from configurator.formats.importers.redfish import RedfishError, RedfishOptions, import_redfish, read_inventory
from configurator.launch import main
from configurator.store.build_files import load_build
from configurator.store.catalogs import default_catalog
from configurator.words import say


def english(notes) -> list[str]:
    """An import's notes as the build file keeps them."""
    return [say(n, "en") for n in notes]


@pytest.fixture(scope="module")
def tower():
    with sushy() as url:
        yield url


def _copy_mockup(tmp_path: Path) -> Path:
    folder = tmp_path / "mockup"
    shutil.copytree(MOCKUP, folder)
    return folder


def _edit(folder: Path, resource: str, **changes: object) -> None:
    path = folder / resource / "index.json"
    doc = json.loads(path.read_text())
    for key, value in changes.items():
        if value is None:
            doc.pop(key, None)
        else:
            doc[key] = value
    path.write_text(json.dumps(doc))


def test_public_tower_inventory_counts_every_part(tower):
    inv = read_inventory(RedfishOptions(tower, user="admin", password="secret"))
    counts = Counter(i.kind for i in inv.items)
    # the mock-up has 16 DIMM slots and 18 drive bays, 8 and 8 of them reported Absent (empty)
    assert (counts["cpu"], counts["gpu"], counts["dimm"], counts["drive"], counts["nic"], counts["psu"],
            counts["fan"]) == (8, 2, 8, 10, 1, 2, 4)
    assert "8 of 16 memory slots reported empty (Status Absent)" in english(inv.notes)
    gpu = inv.of("gpu")[0]
    assert gpu.model == "Nvidia(R) TU102" and gpu.figures["memory_gb"] == pytest.approx(11264 * 2**20 / 1e9)
    assert {p.figures["rating_w"] for p in inv.of("psu")} == {1100}
    assert inv.system_model == "3500" and inv.chassis_type == "StandAlone"


def test_cli_import_writes_a_build_and_names_every_unmatched_resource(tower, tmp_path, capsys):
    pw = tmp_path / "pw"
    pw.write_text("secret\n")
    out = tmp_path / "tower.json"
    start = time.perf_counter()
    code = main(["import", "redfish", tower, "-o", str(out), "--user", "admin", "--password-file", str(pw), "--json"])
    elapsed = time.perf_counter() - start
    assert code == 0 and elapsed < 5
    report = json.loads(capsys.readouterr().out)
    build = load_build(out, default_catalog())
    assert build.chassis == report["chassis"]
    unmatched = [i for i in report["items"] if i["part"] is None]
    assert len(unmatched) == len(report["items"])       # no Contoso part is in the catalog
    notes = "\n".join(report["notes"])
    assert "/redfish/v1/Systems/437XR1238R2/Processors/CPU1: cpu" in notes and "unmatched" in notes
    assert "/redfish/v1/Chassis/Tower/PowerSubsystem/PowerSupplies/Bay2" in notes
    assert "no catalog chassis matches 'Contoso 3500'" in notes
    assert "CPU1: cpu" in build.meta.notes          # the notes travel in the build file


def test_matched_parts_are_placed_and_owned(tmp_path):
    folder = _copy_mockup(tmp_path)
    for n in range(1, 9):
        _edit(folder, f"Systems/437XR1238R2/Processors/CPU{n}", Model="Intel(R) Xeon(R) Platinum 8480+", TotalCores=56)
    with sushy(folder) as url:
        result = import_redfish(RedfishOptions(url), default_catalog(), chassis_id="supermicro-sys-821ge-tnhr")
    build = result.build
    assert build.placements["CPU1"] == build.placements["CPU2"] == "intel-xeon-platinum-8480plus"
    assert build.owned == {**build.placements, "chassis": "supermicro-sys-821ge-tnhr"} and build.is_owned("CPU1")
    assert build.placements["COOLING"] == "cooling-air-gpu-8u" and build.is_owned("chassis")
    cpu = next(m for m in result.matches if m.item.kind == "cpu")
    assert cpu.confidence == "model" and "8480+" in cpu.evidence
    assert sum("no free slot" in n.message for n in result.loaded.notes) == 6   # 8 CPUs, 2 sockets


def test_deprecated_power_and_thermal_resources_are_read(tmp_path):
    folder = _copy_mockup(tmp_path)
    _edit(folder, "Chassis/Tower", PowerSubsystem=None, ThermalSubsystem=None)
    with sushy(folder) as url:
        inv = read_inventory(RedfishOptions(url))
    assert [p.figures["rating_w"] for p in inv.of("psu")] == [1100, 1100]
    assert inv.of("psu")[0].source == "/redfish/v1/Chassis/Tower/Power#/PowerSupplies/0"
    assert len(inv.of("fan")) >= 2


def test_a_bmc_that_refuses_login_is_one_line(tmp_path):
    def route(method: str, path: str, headers: dict[str, str]) -> tuple[int, bytes]:
        if path == "/redfish/v1/" and method == "GET" and "Authorization" not in headers:
            return 200, body(root())
        return 401, body({"error": {"message": "bad credentials"}})

    with scripted(route) as url:
        with pytest.raises(RedfishError, match=r"login refused \(HTTP 401\)"):
            read_inventory(RedfishOptions(url, user="admin", password="wrong", retries=0))
        pw = tmp_path / "pw"
        pw.write_text("wrong")
        assert main(["import", "redfish", url, "-o", str(tmp_path / "b.json"), "--user", "x",
                     "--password-file", str(pw)]) == 2
    assert not (tmp_path / "b.json").exists()


def test_a_bmc_that_never_answers_times_out():
    with silent() as url:
        start = time.perf_counter()
        with pytest.raises(RedfishError, match="timed out"):
            read_inventory(RedfishOptions(url, timeout_s=0.5, retries=0))
    assert time.perf_counter() - start < 5


def test_self_signed_tls_is_refused_unless_insecure_or_its_ca_is_given(tmp_path):
    cert, key = self_signed(tmp_path)
    with sushy(cert=cert, key=key) as url:
        with pytest.raises(RedfishError, match="TLS certificate not trusted"):
            read_inventory(RedfishOptions(url, retries=0))
        insecure = read_inventory(RedfishOptions(url, insecure=True))
        assert len(insecure.of("cpu")) == 8 and english(insecure.notes)[0].startswith("TLS certificate not verified")
        assert len(read_inventory(RedfishOptions(url, ca_file=str(cert))).of("cpu")) == 8


def test_broken_resources_become_notes_and_long_lists_are_capped():
    members = [{"@odata.id": f"/redfish/v1/Systems/1/Memory/{i}"} for i in range(10_000)]
    docs = {
        "/redfish/v1/": root(sessions=False),
        "/redfish/v1/Systems": {"Members": [{"@odata.id": "/redfish/v1/Systems/1"},
                                            {"@odata.id": "/redfish/v1/Systems/gone"}]},
        "/redfish/v1/Systems/1": {"@odata.id": "/redfish/v1/Systems/1", "Model": "X",
                                  "Processors": {"@odata.id": "/redfish/v1/Systems/1/Processors"},
                                  "Memory": {"@odata.id": "/redfish/v1/Systems/1/Memory"}},
        "/redfish/v1/Systems/1/Memory": {"Members": members, "Members@odata.count": 10_000},
        "/redfish/v1/Chassis": {"Members": []},
    }

    def route(method: str, path: str, headers: dict[str, str]) -> tuple[int, bytes]:
        if path == "/redfish/v1/Systems/1/Processors":
            return 200, b"{not json"
        if path.startswith("/redfish/v1/Systems/1/Memory/"):
            n = int(path.rsplit("/", 1)[1])
            return (200, body({"@odata.id": path, "CapacityMiB": 65536, "MemoryDeviceType": "DDR5"})) if n % 2 else (404, b"")
        return (200, body(docs[path])) if path in docs else (404, b"")

    with scripted(route) as url:
        inv = read_inventory(RedfishOptions(url, max_members=40))
    notes = "\n".join(english(inv.notes))
    assert "/redfish/v1/Systems/gone: HTTP 404, skipped" in notes
    assert "/redfish/v1/Systems/1/Processors: not valid JSON, skipped" in notes
    assert "10000 members, only the first 40 read" in notes
    assert len(inv.of("dimm")) == 20 and "/redfish/v1/Systems/1/Memory/0: HTTP 404, skipped" in notes


def test_oversized_responses_are_refused():
    def route(method: str, path: str, headers: dict[str, str]) -> tuple[int, bytes]:
        if path == "/redfish/v1/":
            return 200, body(root(sessions=False))
        if path == "/redfish/v1/Systems":
            return 200, body({"Members": [], "padding": "x" * 50_000})
        return 404, b""

    with scripted(route) as url:
        inv = read_inventory(RedfishOptions(url, max_bytes=10_000, retries=0))
    assert any("/redfish/v1/Systems:" in n and "10,000-byte limit" in n for n in english(inv.notes))


def test_bad_urls_and_options_are_one_line_errors(tmp_path):
    with pytest.raises(RedfishError, match="not an http"):
        read_inventory(RedfishOptions("ftp://bmc"))
    assert main(["import", "redfish", "https://127.0.0.1:1", "-o", str(tmp_path / "x.json"),
                 "--insecure", "--ca-file", "x.pem"]) == 2


def test_verify_against_the_bmc_flags_the_psu_in_warning(tower, tmp_path, capsys):
    out = tmp_path / "tower.json"
    assert main(["import", "redfish", tower, "-o", str(out)]) == 0
    capsys.readouterr()
    assert main(["verify", str(out), tower, "--json"]) == 1
    report = json.loads(capsys.readouterr().out)
    unhealthy = [f["message"] for f in report["findings"] if f["kind"] == "unhealthy"]
    assert unhealthy == ["/redfish/v1/Chassis/Tower/PowerSubsystem/PowerSupplies/Bay1: psu PSU 1 reports health Warning"]
    assert report["counts"]["cpu"] == {"build": 0, "server": 8}     # none identified, so none placed


def _guarded(check, root_too: bool = False):
    """A one-system service whose resources answer only requests `check(headers)` accepts."""
    docs = {"/redfish/v1/": root(), "/redfish/v1/Chassis": {"Members": []},
            "/redfish/v1/Systems": {"Members": [{"@odata.id": "/redfish/v1/Systems/1"}]},
            "/redfish/v1/Systems/1": {"@odata.id": "/redfish/v1/Systems/1", "Model": "X",
                                      "Processors": {"@odata.id": "/redfish/v1/Systems/1/Processors"}},
            "/redfish/v1/Systems/1/Processors": {"Members": [{"@odata.id": "/redfish/v1/Systems/1/Processors/1"}]},
            "/redfish/v1/Systems/1/Processors/1": {"@odata.id": "/redfish/v1/Systems/1/Processors/1",
                                                   "ProcessorType": "CPU", "Model": "AMD EPYC 9654"},
            "/redfish/v1/SessionService/Sessions": {"Members": []}}

    def route(method: str, path: str, headers: dict[str, str]) -> tuple[int, bytes]:
        if method == "POST":
            return 405, b""                 # no session service: the client must fall back to basic auth
        if (root_too or path != "/redfish/v1/") and not check(headers):
            return 401, b""
        return (200, body(docs[path])) if path in docs else (404, b"")
    return route


def test_basic_auth_is_used_when_sessions_are_refused():
    import base64

    token = "Basic " + base64.b64encode(b"admin:secret").decode()
    for root_too in (False, True):      # some BMCs refuse even the service root without a login
        with scripted(_guarded(lambda h: h.get("Authorization") == token, root_too)) as url:
            inv = read_inventory(RedfishOptions(url, user="admin", password="secret", retries=0))
        assert [c.model for c in inv.of("cpu")] == ["AMD EPYC 9654"]


def test_an_existing_session_token_is_reused(tmp_path, monkeypatch, capsys):
    with scripted(_guarded(lambda h: h.get("X-Auth-Token") == "tok-123")) as url:
        monkeypatch.setenv("CONFIGURATOR_BMC_TOKEN", "tok-123")
        assert main(["import", "redfish", url, "-o", str(tmp_path / "b.json"), "--session", "--json"]) == 0
        report = json.loads(capsys.readouterr().out)
        assert [i["part"] for i in report["items"]] == ["amd-epyc-9654"]
        monkeypatch.delenv("CONFIGURATOR_BMC_TOKEN")
        assert main(["import", "redfish", url, "-o", str(tmp_path / "c.json"), "--session"]) == 2
    assert "CONFIGURATOR_BMC_TOKEN" in capsys.readouterr().err
