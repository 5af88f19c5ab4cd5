"""Issue 31, class 1: one HTTP session policy for all BMC traffic, against hostile BMCs on loopback.

No credential goes to another origin (a redirect off the service is refused before anything is sent
there, and is an error naming the URL), a trickling BMC ends at the timeout for the whole request,
a `--ca-file` that is not a regular file is refused at once, a password written into the URL is never
shown, and a password file other users can read gets a warning.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from redfish_test_servers import body, http_answer, root, scripted, trickle

from configurator.formats.importers.redfish import RedfishError, RedfishOptions, read_inventory
from configurator.launch import main
from configurator.words import say

ROOT = Path(__file__).resolve().parents[2]

DOCS = {
    "/redfish/v1/": root(sessions=False),
    "/redfish/v1/Systems": {"Members": [{"@odata.id": "/redfish/v1/Systems/1"}]},
    "/redfish/v1/Systems/1": {"@odata.id": "/redfish/v1/Systems/1", "Model": "X",
                              "Processors": {"@odata.id": "/redfish/v1/Systems/1/Processors"}},
    "/redfish/v1/Systems/1/Processors": {"Members": []},
    "/redfish/v1/Chassis": {"Members": []},
}


class Recorder:
    """Another service: records every request it receives (it must receive none)."""

    def __init__(self) -> None:
        self.seen: list[tuple[str, str, dict[str, str]]] = []

    def __call__(self, method: str, path: str, headers: dict[str, str]) -> tuple[int, bytes]:
        self.seen.append((method, path, headers))
        return 200, body(root(sessions=False))


def _redirecting(target: str, at: str):
    def route(method: str, path: str, headers: dict[str, str]):
        if path == at:
            return 301, b"", {"Location": target + path}
        return (200, body(DOCS[path])) if path in DOCS else (404, b"")
    return route


@pytest.mark.parametrize("at", ["/redfish/v1/", "/redfish/v1/Systems/1"], ids=["service-root", "member"])
def test_a_redirect_to_another_service_is_refused_and_sends_it_nothing(at):
    other = Recorder()
    with scripted(other) as elsewhere, scripted(_redirecting(elsewhere, at)) as bmc:
        with pytest.raises(RedfishError) as info:
            read_inventory(RedfishOptions(bmc, user="admin", password="s3cret", session_token="tok-123",
                                          retries=0))
    text = str(info.value)
    assert "\n" not in text and "redirected to another service" in text and elsewhere in text, text
    assert other.seen == []         # neither the token nor the password, nor any request at all


def test_a_redirect_on_the_same_service_is_followed():
    def route(method: str, path: str, headers: dict[str, str]):
        if path == "/redfish/v1/Systems":
            return 302, b"", {"Location": "/redfish/v1/Systems/"}
        if path == "/redfish/v1/Systems/":
            return 200, body(DOCS["/redfish/v1/Systems"])
        return (200, body(DOCS[path])) if path in DOCS else (404, b"")

    with scripted(route) as bmc:
        inv = read_inventory(RedfishOptions(bmc, retries=0))
    assert inv.system_model == "X"


def test_a_trickling_bmc_ends_at_the_timeout_for_the_whole_request():
    answer = http_answer(root(sessions=False))      # ~200 bytes at 0.2 s each: 40 s per read-timeout
    with trickle(answer) as bmc:
        start = time.monotonic()
        with pytest.raises(RedfishError) as info:
            read_inventory(RedfishOptions(bmc, timeout_s=1.0, retries=1))
        elapsed = time.monotonic() - start
    assert "timed out" in str(info.value) and bmc in str(info.value)
    assert elapsed < 4, elapsed     # 1 s, a retry's 1 s pause, nothing left of the deadline


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs")
def test_a_ca_file_that_is_a_fifo_is_refused_at_once(tmp_path):
    fifo = tmp_path / "ca.pem"
    os.mkfifo(fifo)
    proc = subprocess.run([sys.executable, "-m", "configurator", "import", "redfish", "https://127.0.0.1:1",
                           "-o", str(tmp_path / "b.json"), "--ca-file", str(fifo), "--timeout", "1"],
                          capture_output=True, text=True, timeout=60, cwd=ROOT,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert proc.returncode == 2, proc.stderr
    err = proc.stderr.strip()
    assert err.count("\n") == 0 and str(fifo) in err and "pipe (FIFO)" in err, err


def test_a_password_in_the_url_is_never_shown(tmp_path, capsys):
    def refuse(method: str, path: str, headers: dict[str, str]):
        return 401, body({"error": {"message": "no"}})

    with scripted(refuse) as bmc:
        url = bmc.replace("http://", "http://admin:s3cret@")
        options = RedfishOptions(url, retries=0)
        assert options.user == "admin" and options.password == "s3cret" and "s3cret" not in options.url
        assert "s3cret" not in repr(options)
        with pytest.raises(RedfishError) as info:
            read_inventory(options)
        assert "s3cret" not in str(info.value) and "login refused" in str(info.value)
        assert main(["import", "redfish", url, "-o", str(tmp_path / "b.json")]) == 2
        assert main(["verify", str(ROOT / "examples" / "hgx-h100-8gpu.json"), url]) == 2
    closed = "http://admin:s3cret@127.0.0.1:1"        # nothing listens: "cannot connect"
    with pytest.raises(RedfishError) as info:
        read_inventory(RedfishOptions(closed, retries=0, timeout_s=2))
    assert "s3cret" not in str(info.value) and "127.0.0.1:1" in str(info.value)
    out = capsys.readouterr()
    assert "s3cret" not in out.out + out.err and "127.0.0.1" in out.err


def test_a_password_file_others_can_read_gets_a_warning(tmp_path, capsys):
    with scripted(lambda m, p, h: (200, body(DOCS[p])) if p in DOCS else (404, b"")) as bmc:
        pw = tmp_path / "pw"
        pw.write_text("secret\n")
        pw.chmod(0o644)
        assert main(["import", "redfish", bmc, "-o", str(tmp_path / "a.json"), "--user", "u",
                     "--password-file", str(pw)]) == 0
        err = capsys.readouterr().err
        assert f"{pw}: the password file can be read by other users" in err and "secret\n" not in err
        pw.chmod(0o600)
        assert main(["import", "redfish", bmc, "-o", str(tmp_path / "b.json"), "--user", "u",
                     "--password-file", str(pw)]) == 0
        assert "can be read by other users" not in capsys.readouterr().err


# class 2: a service root or resources of the wrong shape are one line naming the URL and the field

@pytest.mark.parametrize("answer, expect", [
    (b"<html><body>" + b"<p>login</p>" * 50_000 + b"</body></html>", "the service root is not valid JSON"),
    (b"[" * 100_000 + b"]" * 100_000, "the service root is nested too deeply"),
    (b'{"a":' * 50_000 + b"1" + b"}" * 50_000, "the service root is nested too deeply"),
    (b"[]", "the service root is not a JSON object (a list)"),
    (body({"Systems": "/redfish/v1/Systems"}), "field 'Systems': expected a link, got a string"),
    (body({"Chassis": [{"@odata.id": "/redfish/v1/Chassis"}]}), "field 'Chassis': expected a link, got a list"),
    (body({"Links": []}), "field 'Links': expected an object, got a list"),
    (body({"Links": {"Sessions": 7}}), "field 'Links.Sessions': expected a link, got a number"),
    (body({"Systems": {"@odata.id": 7}}), "field 'Systems': expected a link, got an object"),
], ids=["html", "deep-list", "deep-object", "array", "systems-text", "chassis-list", "links-list",
        "sessions-number", "link-number"])
def test_a_service_root_of_the_wrong_shape_is_one_line_exit_2(tmp_path, capsys, answer, expect):
    with scripted(lambda m, p, h: (200, answer) if p == "/redfish/v1/" else (404, b"")) as bmc:
        assert main(["import", "redfish", bmc, "-o", str(tmp_path / "b.json")]) == 2
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0 and f"{bmc}/redfish/v1/: " in err and expect in err, err[:500]
    assert len(err) < 300 and not (tmp_path / "b.json").exists()


def test_resources_with_wrong_json_types_become_notes_naming_the_field():
    system = {"@odata.id": "/redfish/v1/Systems/1", "Model": ["X"], "Status": "OK",
              "Processors": {"@odata.id": "/redfish/v1/Systems/1/Processors"},
              "Memory": "/redfish/v1/Systems/1/Memory", "Storage": {"@odata.id": ["x"]},
              "PCIeDevices": {"odd": 1}}
    docs = {
        "/redfish/v1/": root(sessions=False),
        "/redfish/v1/Systems": {"Members": [{"@odata.id": "/redfish/v1/Systems/1"}, {"@odata.id": "http://[bad"}],
                                "Members@odata.nextLink": 5},
        "/redfish/v1/Systems/1": system,
        "/redfish/v1/Systems/1/Processors": {"Members": {"@odata.id": "/x"}},
        "/redfish/v1/Chassis": {"Members": [{"@odata.id": "/redfish/v1/Chassis/1"}]},
        "/redfish/v1/Chassis/1": {"@odata.id": "/redfish/v1/Chassis/1", "Links": {"Drives": "all"},
                                  "NetworkAdapters": {"@odata.id": "/redfish/v1/Chassis/1/NetworkAdapters"},
                                  "Power": {"@odata.id": "/redfish/v1/Chassis/1/Power"}, "Location": 3},
        "/redfish/v1/Chassis/1/NetworkAdapters": {"Members": [{"@odata.id": "/redfish/v1/Chassis/1/NA/1"}]},
        "/redfish/v1/Chassis/1/NA/1": {"@odata.id": "/redfish/v1/Chassis/1/NA/1", "Controllers": {"a": 1}},
        "/redfish/v1/Chassis/1/Power": {"PowerSupplies": [{"PowerCapacityWatts": "2000", "Status": []},
                                                          {"PowerCapacityWatts": 1e308 * 10}]},
    }
    with scripted(lambda m, p, h: (200, body(docs[p])) if p in docs else (404, b"")) as bmc:
        inv = read_inventory(RedfishOptions(bmc, retries=0))
    notes = "\n".join(say(n, "en") for n in inv.notes)
    for path, field, expected, found in [
            ("/redfish/v1/Systems", "Members@odata.nextLink", "a string", "a number"),
            ("/redfish/v1/Systems/1", "Status", "an object", "a string"),
            ("/redfish/v1/Systems/1", "Model", "a string", "a list"),
            ("/redfish/v1/Systems/1", "Memory", "a link", "a string"),
            ("/redfish/v1/Systems/1", "Storage", "a link", "an object"),
            ("/redfish/v1/Systems/1", "PCIeDevices", "a list or a link", "an object"),
            ("/redfish/v1/Systems/1/Processors", "Members", "a list", "an object"),
            ("/redfish/v1/Chassis/1", "Links.Drives", "a list or a link", "a string"),
            ("/redfish/v1/Chassis/1", "Location", "an object", "a number"),
            ("/redfish/v1/Chassis/1/NA/1", "Controllers", "a list", "an object")]:
        assert f"{path}: field '{field}': expected {expected}, got {found}; ignored" in notes, (path, field, notes)
    assert "http://[bad: not a valid link, not followed" in notes
    assert inv.system_model == "" and len(inv.of("nic")) == 1 and len(inv.of("psu")) == 2
    assert all(p.figures == {} for p in inv.of("psu"))      # "2000" is not a number; inf is not a rating
