"""Issue 31, class 1: one HTTP session policy for all BMC traffic, against hostile BMCs on loopback.

No credential goes to another origin (a redirect off the service is refused before anything is sent
there, and is an error naming the URL), a trickling BMC ends at the timeout for the whole request,
a `--ca-file` that is not a regular file is refused at once, a password written into the URL is never
shown, and a password file other users can read gets a warning.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from redfish_test_servers import TRICKLE, body, http_answer, root, scripted, trickle

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
    assert elapsed < 3, elapsed     # 1 s: no retry once the deadline has passed


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


# Task 2 of issue 31's BMC part: HTTP errors, both commands against a trickling or redirecting BMC,
# collections streamed and capped

EXAMPLE = str(ROOT / "examples" / "hgx-h100-8gpu.json")


def _cli(command: str, bmc: str, tmp_path: Path, *extra: str) -> int:
    """`import redfish` (writing tmp_path/b.json) or `verify` of an example build against `bmc`."""
    if command == "import":
        return main(["import", "redfish", bmc, "-o", str(tmp_path / "b.json"), *extra])
    return main(["verify", EXAMPLE, bmc, *extra])


def _one_line(capsys) -> str:
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0 and "Traceback" not in err and len(err) < 300, err[:1000]
    return err


def _serving(docs: dict, special: dict | None = None):
    """A route serving `docs` (JSON), with `special[path]` answers (a whole route answer) first."""
    def route(method: str, path: str, headers: dict[str, str]):
        if special and path in special:
            return special[path]
        if method == "POST":
            return 201, b"{}", {"X-Auth-Token": "tok", "Location": "/redfish/v1/SessionService/Sessions/1"}
        return (200, body(docs[path])) if path in docs else (404, b"")
    return route


STATUS_SAYS = [(401, "the BMC asks for a login (HTTP 401): give --user and a password"),
               (403, "access denied (HTTP 403)"), (429, "too many requests (HTTP 429)"),
               (500, "the BMC failed with an internal error (HTTP 500)"), (503, "the BMC is unavailable (HTTP 503")]


@pytest.mark.parametrize("command", ["import", "verify"])
@pytest.mark.parametrize("status, says", STATUS_SAYS, ids=[str(s) for s, _ in STATUS_SAYS])
def test_an_http_error_on_the_service_root_is_one_line_exit_2(tmp_path, capsys, command, status, says):
    answer = (status, body({"error": {"message": "x" * 100_000}}))      # an error body is never printed
    with scripted(lambda m, p, h: answer) as bmc:
        start = time.monotonic()
        assert _cli(command, bmc, tmp_path) == 2
        elapsed = time.monotonic() - start
    err = _one_line(capsys)
    assert f"{bmc}/redfish/v1/: " in err and says in err, err
    assert elapsed < 5 and not (tmp_path / "b.json").exists()


SERVICE_WIDE = [(401, "not authorized (HTTP 401)"), (429, "too many requests (HTTP 429)"),
                (503, "the BMC is unavailable (HTTP 503")]


@pytest.mark.parametrize("command", ["import", "verify"])
@pytest.mark.parametrize("status, says", SERVICE_WIDE, ids=[str(s) for s, _ in SERVICE_WIDE])
def test_a_service_wide_http_error_during_the_walk_ends_it(tmp_path, capsys, monkeypatch, command, status, says):
    """401 (the session expired), 429 and 503 concern the whole service: an import or a verification
    that went on would report a server with its parts missing."""
    monkeypatch.setenv("CONFIGURATOR_BMC_PASSWORD", "pw")
    with scripted(_serving(DOCS, {"/redfish/v1/Systems/1": (status, b"")})) as bmc:
        assert _cli(command, bmc, tmp_path, "--user", "u") == 2
    err = _one_line(capsys)
    assert f"{bmc}/redfish/v1/Systems/1: " in err and says in err, err
    assert not (tmp_path / "b.json").exists()


@pytest.mark.parametrize("status, says", [(403, "access denied (HTTP 403)"), (500, "internal error (HTTP 500)")])
def test_a_resource_refused_with_403_or_500_is_a_note_and_the_walk_goes_on(status, says):
    docs = {**DOCS, "/redfish/v1/Chassis": {"Members": [{"@odata.id": "/redfish/v1/Chassis/1"}]},
            "/redfish/v1/Chassis/1": {"@odata.id": "/redfish/v1/Chassis/1", "Model": "C", "ChassisType": "RackMount"}}
    with scripted(_serving(docs, {"/redfish/v1/Systems/1": (status, b"")})) as bmc:
        inv = read_inventory(RedfishOptions(bmc, retries=0))
    notes = [say(n, "en") for n in inv.notes]
    assert any(n.startswith("/redfish/v1/Systems/1: ") and says in n and n.endswith(", skipped") for n in notes), notes
    assert inv.system_model == "C"      # the chassis was still read


@pytest.mark.parametrize("at", ["/redfish/v1/", "/redfish/v1/Systems/1"], ids=["service-root", "member"])
def test_verify_never_sends_a_credential_to_another_service(capsys, monkeypatch, at):
    monkeypatch.setenv("CONFIGURATOR_BMC_PASSWORD", "s3cret")
    other = Recorder()
    with scripted(other) as elsewhere, scripted(_redirecting(elsewhere, at)) as bmc:
        assert main(["verify", EXAMPLE, bmc, "--user", "admin"]) == 2
    err = _one_line(capsys)
    assert "redirected to another service" in err and elsewhere in err and "s3cret" not in err, err
    assert other.seen == []


@pytest.mark.parametrize("command", ["import", "verify"])
@pytest.mark.parametrize("where", ["service-root", "member"])
def test_a_trickling_bmc_ends_both_commands_within_the_timeout(tmp_path, capsys, command, where):
    """One byte every 0.2 s: each socket read succeeds, only the whole-request deadline ends it."""
    if where == "service-root":
        server = trickle(http_answer(root(sessions=False)))
    else:
        slow = (200, body({"@odata.id": "/redfish/v1/Systems/1", "Model": "X" * 200}), {TRICKLE: "0.2"})
        server = scripted(_serving(DOCS, {"/redfish/v1/Systems/1": slow}))
    with server as bmc:
        start = time.monotonic()
        assert _cli(command, bmc, tmp_path, "--timeout", "1") == 2
        elapsed = time.monotonic() - start
    err = _one_line(capsys)
    assert "timed out" in err and bmc in err, err
    assert elapsed < 3, elapsed     # 1 s for the request (no retry after the deadline), the rest is start-up
    assert not (tmp_path / "b.json").exists()


def _collection_route(n: int, member: Callable[[int], bytes]):
    docs = {**DOCS, "/redfish/v1/Systems": {"Members": [{"@odata.id": f"/redfish/v1/Systems/{i}"} for i in range(n)]}}

    def route(method: str, path: str, headers: dict[str, str]):
        if path.startswith("/redfish/v1/Systems/") and path.rsplit("/", 1)[1].isdigit() and path.count("/") == 4:
            return 200, member(int(path.rsplit("/", 1)[1]))
        return (200, body(docs[path])) if path in docs else (404, b"")
    return route


def _system(i: int, pad: int) -> bytes:
    return body({"@odata.id": f"/redfish/v1/Systems/{i}", "Model": f"M{i}", "Oem": {"Blob": "x" * pad}})


def test_an_import_stops_at_its_byte_budget_and_names_what_it_left_out():
    with scripted(_collection_route(64, lambda i: _system(i, 100_000))) as bmc:
        inv = read_inventory(RedfishOptions(bmc, retries=0, max_bytes=200_000, max_total_bytes=1_000_000))
    notes = [say(n, "en") for n in inv.notes]
    said = [n for n in notes if n.startswith("read limit of 1,000,000 bytes per import reached at /redfish/v1/Systems/")]
    assert len(said) == 1, notes
    # the root and the collection take ~3 kB: nine members of 100 kB fit, the tenth is refused
    assert said[0].endswith("/redfish/v1/Systems/9: it and 55 further resource(s) not imported"), said
    assert inv.system_model == "M0"


def test_a_response_of_too_many_values_and_a_huge_model_are_bounded():
    many = body({"@odata.id": "/redfish/v1/Systems/0", "Oem": [{}] * 300_000})
    cpus = {"Members": [{"@odata.id": "/redfish/v1/Systems/1/Processors/1"}]}
    cpu = {"@odata.id": "/redfish/v1/Systems/1/Processors/1", "ProcessorType": "CPU", "Model": "Q" * 1_000_000,
           "Location": {"PartLocation": {"ServiceLabel": "L" * 1_000_000}}}
    system = {"@odata.id": "/redfish/v1/Systems/1", "Model": "X" * 1_000_000,
              "Processors": {"@odata.id": "/redfish/v1/Systems/1/Processors"}}
    docs = {**DOCS, "/redfish/v1/Systems": {"Members": [{"@odata.id": "/redfish/v1/Systems/0"},
                                                        {"@odata.id": "/redfish/v1/Systems/1"},
                                                        {"@odata.id": "/" + "a" * 5000}]},
            "/redfish/v1/Systems/1": system, "/redfish/v1/Systems/1/Processors": cpus,
            "/redfish/v1/Systems/1/Processors/1": cpu}
    with scripted(_serving(docs, {"/redfish/v1/Systems/0": (200, many)})) as bmc:
        inv = read_inventory(RedfishOptions(bmc, retries=0))
    notes = [say(n, "en") for n in inv.notes]
    assert "/redfish/v1/Systems/0: response has more than 200,000 JSON values, skipped" in notes, notes
    assert f"/{'a' * 199}: not a valid link, not followed" in notes, [n[:80] for n in notes]
    [found] = inv.of("cpu")
    assert found.model == "Q" * 200 and found.location == "L" * 200 and inv.system_model == "X" * 200


_PEAK = r'''
import json, sys, time, tracemalloc
from configurator.formats.importers.redfish import RedfishOptions, read_inventory
from configurator.words import say
tracemalloc.start()
start = time.monotonic()
inv = read_inventory(RedfishOptions(sys.argv[1], retries=0))
print(json.dumps({"peak": tracemalloc.get_traced_memory()[1], "s": time.monotonic() - start,
                  "notes": [say(n, "en") for n in inv.notes]}))
'''


def _four_mb(shape: str) -> Callable[[int], bytes]:
    size = 4_000_000 - 200
    if shape == "text":
        return lambda i: _system(i, size)
    if shape == "objects":          # 1.3 million empty objects: ~100 MB once parsed, were it parsed
        blob = body({"@odata.id": "/redfish/v1/Systems/0", "Oem": [{}] * (size // 4)})
        return lambda i: blob
    # nested: each system links its own processor collection of 64 processors of 4 MB each
    return lambda i: body({"@odata.id": f"/redfish/v1/Systems/{i}", "Model": "X" * size,
                           "Processors": {"@odata.id": "/redfish/v1/Procs"}})


@pytest.mark.slow
@pytest.mark.parametrize("shape", ["text", "objects", "nested"])
def test_64_members_of_4_mb_each_stay_under_the_memory_bound(shape):
    """docs/import.md's bound: an import allocates at most 64 MB (tracemalloc peak) whatever the BMC
    sends; before the members were streamed and the bytes capped, these 256 MB ended in MemoryError."""
    route = _collection_route(64, _four_mb(shape))
    procs = body({"Members": [{"@odata.id": f"/redfish/v1/Procs/{i}"} for i in range(64)]})
    proc = body({"ProcessorType": "CPU", "Model": "P" * (4_000_000 - 200)})

    def with_procs(method: str, path: str, headers: dict[str, str]):
        if path == "/redfish/v1/Procs":
            return 200, procs
        if path.startswith("/redfish/v1/Procs/"):
            return 200, proc
        return route(method, path, headers)

    with scripted(with_procs) as bmc:
        out = subprocess.run([sys.executable, "-c", _PEAK, bmc], capture_output=True, text=True, timeout=120,
                             cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert out.returncode == 0, out.stderr[-2000:]
    found = json.loads(out.stdout)
    assert found["peak"] < 64_000_000, found["peak"]
    assert found["s"] < 30, found["s"]
    assert any(n.startswith("read limit of 64,000,000 bytes per import reached at ") for n in found["notes"])


def test_verify_names_what_the_byte_budget_left_out(capsys, monkeypatch):
    """A part the read left out would show as missing: verify prints the read's notes with its table."""
    import dataclasses

    from configurator.cli import import_command

    real = import_command.connection
    monkeypatch.setattr(import_command, "connection",
                        lambda args: dataclasses.replace(real(args), max_bytes=200_000, max_total_bytes=1_000_000))
    with scripted(_collection_route(64, lambda i: _system(i, 100_000))) as bmc:
        assert main(["verify", EXAMPLE, bmc]) == 1
        text = capsys.readouterr().out
        assert main(["verify", EXAMPLE, bmc, "--json"]) == 1
        notes = json.loads(capsys.readouterr().out)["notes"]
    said = "read limit of 1,000,000 bytes per import reached at /redfish/v1/Systems/9: it and 55 further resource(s) not imported"
    assert f"note: {said}" in text.splitlines() and said in notes, (text, notes)


def test_an_inline_list_is_capped_like_a_collection():
    docs = {**DOCS, "/redfish/v1/Chassis": {"Members": [{"@odata.id": "/redfish/v1/Chassis/1"}]},
            "/redfish/v1/Chassis/1": {"@odata.id": "/redfish/v1/Chassis/1", "Power": {"@odata.id": "/redfish/v1/Pw"}},
            "/redfish/v1/Pw": {"PowerSupplies": [{"PowerCapacityWatts": 2000}] * 20_000}}
    with scripted(_serving(docs)) as bmc:
        inv = read_inventory(RedfishOptions(bmc, retries=0))
    assert len(inv.of("psu")) == 512
    assert "20000 links in one list, only the first 512 read" in [say(n, "en") for n in inv.notes]


def test_an_http_error_is_one_line_in_chinese_too(tmp_path, capsys):
    from configurator.words import i18n

    with scripted(lambda m, p, h: (503, b"")) as bmc:
        try:
            assert main(["import", "redfish", bmc, "-o", str(tmp_path / "b.json"), "--lang", "zh_CN"]) == 2
        finally:
            i18n.set_language("en")
    err = _one_line(capsys)
    assert f"{bmc}/redfish/v1/" in err and "BMC 不可用（HTTP 503" in err, err


@pytest.mark.parametrize("retries", [0, 1])
def test_a_dropped_connection_is_tried_once_more_and_nothing_else_is(retries):
    """The first connection is closed unanswered (a BMC restarting its web server): one retry reads
    the service; a refusal of the policy is never retried (test_..._refused_and_sends_it_nothing)."""
    import socket
    import threading

    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    sock.listen(8)
    answer, count = http_answer(root(sessions=False)), [0]

    def serve() -> None:
        while True:
            try:
                conn, _ = sock.accept()
            except OSError:
                return
            with conn:
                count[0] += 1
                if count[0] > 1:
                    conn.recv(65536)
                    conn.sendall(answer)

    threading.Thread(target=serve, daemon=True).start()
    bmc = f"http://127.0.0.1:{sock.getsockname()[1]}"
    try:
        if retries:
            assert read_inventory(RedfishOptions(bmc, retries=1)).notes
        else:
            with pytest.raises(RedfishError, match="cannot connect"):
                read_inventory(RedfishOptions(bmc, retries=0))
    finally:
        sock.close()


def test_an_endless_chain_of_pages_stops_at_the_member_cap():
    """Each page links a new next page and holds nothing: at most `max_members` pages are read."""
    asked: list[str] = []

    def route(method: str, path: str, headers: dict[str, str]):
        asked.append(path)
        if path.startswith("/redfish/v1/Systems"):
            n = int(path.rsplit("=", 1)[1]) if "?$skip=" in path else 0
            return 200, body({"@odata.id": path, "Members": [], "Members@odata.count": 10**6,
                              "Members@odata.nextLink": f"/redfish/v1/Systems?$skip={n + 1}"})
        return (200, body(DOCS[path])) if path in DOCS else (404, b"")

    with scripted(route) as bmc:
        inv = read_inventory(RedfishOptions(bmc, retries=0, max_members=20))
    assert sum(p.startswith("/redfish/v1/Systems") for p in asked) == 21
    assert "/redfish/v1/Systems?$skip=20: 1000000 members, only the first 20 read" in [say(n, "en") for n in inv.notes]


def test_a_collection_in_pages_is_read_to_its_last_page():
    """`Members@odata.nextLink` with `$skip` (DSP0266's paging): every page is read."""
    def route(method: str, path: str, headers: dict[str, str]):
        if path.startswith("/redfish/v1/Systems") and "/Systems/" not in path:
            skip = int(path.rsplit("=", 1)[1]) if "?$skip=" in path else 0
            page = {"Members": [{"@odata.id": f"/redfish/v1/Systems/{i}"} for i in range(skip, skip + 2)],
                    "Members@odata.count": 6}
            if skip < 4:
                page["Members@odata.nextLink"] = f"/redfish/v1/Systems?$skip={skip + 2}"
            return 200, body(page)
        if path.endswith("/P"):
            return 200, body({"Members": [{"@odata.id": path + "/1"}]})
        if path.endswith("/P/1"):
            return 200, body({"@odata.id": path, "ProcessorType": "CPU", "Model": "C"})
        if path.startswith("/redfish/v1/Systems/"):
            i = path.rsplit("/", 1)[1]
            return 200, body({"@odata.id": path, "Model": f"M{i}", "Processors": {"@odata.id": f"{path}/P"}})
        return (200, body(DOCS[path])) if path in DOCS else (404, b"")

    with scripted(route) as bmc:
        inv = read_inventory(RedfishOptions(bmc, retries=0))
    assert len(inv.of("cpu")) == 6 and inv.system_model == "M0", inv.notes
