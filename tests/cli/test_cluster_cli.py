"""`configurator cluster`: the example plan, --from, exit codes and one-line errors."""

from __future__ import annotations

import io
import json
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

from configurator.launch import main
from configurator.store import paths
from configurator.store.cluster_files import read_cluster, save_cluster

EX = paths.examples_dir()
CLUSTER = EX / "clusters" / "hgx-h100-16.json"


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = main(list(argv))
    return code, out.getvalue(), err.getvalue()


def test_example_plan_json_totals():
    code, out, _ = run("cluster", str(CLUSTER), "--json")
    data = json.loads(out)
    assert code == 0 and data["errors"] == 0
    assert data["servers"] == 16 and data["gpus"] == 128 and data["racks"] == 7   # 6 compute + 1 network
    fab = data["fabric"]
    # half an SU: the leaves are cabled for the full SU (32 uplinks each) to 4 spines, as the
    # DGX SuperPOD H100 RA asks of partial SUs (tests/core/test_cluster_fabric.py)
    assert (fab["leaves"], fab["spines"], fab["node_leaf_links"], fab["leaf_spine_links"]) == (8, 4, 128, 256)
    racks = data["rack_list"]
    assert [r["servers"] for r in racks] == [3, 3, 3, 3, 3, 1, 0]
    assert all(max(r["feed_after_loss_w"].values()) <= r["feed_continuous_w"] for r in racks)
    lines = data["cost"]["lines"]
    assert sum(float(ln["extended"]) for ln in lines) == float(data["cost"]["capex"])


def test_example_plan_text():
    code, out, _ = run("cluster", str(CLUSTER))
    assert code == 0
    assert "16 servers, 128 GPUs, 7 racks" in out and "8 leaf + 4 spine" in out
    assert "cluster.server-feed-loss" in out      # the build's own 4+2 PSUs warn after a feed loss


def test_from_build_exit_1_on_errors():
    code, out, _ = run("cluster", "--from", str(EX / "hgx-h100-8gpu.json"), "--servers", "8",
                       "--per-rack", "4", "--rack-kw", "40", "--json")
    data = json.loads(out)
    assert code == 1 and any(v["code"] == "cluster.rack-over-kw" for v in data["violations"])


def test_from_build_deadline():
    code, out, _ = run("cluster", "--from", str(EX / "seed-7b-training.json"), "--deadline-days", "30", "--json")
    data = json.loads(out)
    here = next(p for p in data["scaling"] if p["servers"] == data["servers"])
    assert here["days"] <= 30 and data["servers"] > data["ideal_train_days"] * data["servers"] / 30
    code, _, err = run("cluster", "--from", str(EX / "hgx-h100-8gpu.json"), "--deadline-days", "30")
    assert code == 2 and "no training workload" in err


def test_bad_files_exit_2_with_one_line(tmp_path: Path):
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": 1, "kind": "ai-server-configurator/cluster", "servers": '
                   '[{"build": "../hgx-h100-8gpu.json", "count": 0}]}', encoding="utf-8")
    code, _, err = run("cluster", str(bad))
    assert code == 2 and len(err.strip().splitlines()) == 1 and str(bad) in err
    cases = {
        "notjson.json": "{",
        "kind.json": '{"format": 1, "kind": "ai-server-configurator/build", "servers": []}',
        "count.json": json.dumps({"format": 1, "kind": "ai-server-configurator/cluster",
                                  "servers": [{"build": str(EX / "hgx-h100-8gpu.json"), "count": 0}]}),
        "rack.json": json.dumps({"format": 1, "kind": "ai-server-configurator/cluster",
                                 "servers": [{"build": str(EX / "hgx-h100-8gpu.json")}],
                                 "rack": {"pdu": {"breaker_a": -1}}}),
        "price.json": json.dumps({"format": 1, "kind": "ai-server-configurator/cluster",
                                  "servers": [{"build": str(EX / "hgx-h100-8gpu.json")}],
                                  "prices": {"toaster": {"price": 1, "source": "x"}}}),
    }
    for name, text in cases.items():
        path = tmp_path / name
        path.write_text(text, encoding="utf-8")
        code, _, err = run("cluster", str(path))
        assert code == 2, (name, err)
        assert len(err.strip().splitlines()) == 1 and "Traceback" not in err and name in err, (name, err)
    assert "count" in run("cluster", str(tmp_path / "count.json"))[2]
    assert "breaker_a" in run("cluster", str(tmp_path / "rack.json"))[2]
    code, _, err = run("cluster", str(tmp_path / "missing.json"))
    assert code == 2 and "no such file" in err
    code, _, err = run("cluster")
    assert code == 2 and "cluster file or --from" in err


def test_missing_build_names_the_field(tmp_path: Path):
    path = tmp_path / "c.json"
    path.write_text(json.dumps({"format": 1, "kind": "ai-server-configurator/cluster",
                                "servers": [{"build": "nowhere.json", "count": 2}]}), encoding="utf-8")
    code, _, err = run("cluster", str(path))
    assert code == 2 and "servers[0].build" in err and "nowhere.json" in err


def test_save_and_read_back(tmp_path: Path):
    spec = read_cluster(CLUSTER)
    embedded = spec.model_copy(update={"servers": tuple(g.model_copy(update={"source": ""}) for g in spec.servers)})
    out = tmp_path / "saved.json"
    save_cluster(embedded, out)
    again = read_cluster(out)
    assert again.servers[0].build == spec.servers[0].build and again.rack == spec.rack and again.prices == spec.prices
    assert json.loads(out.read_text(encoding="utf-8"))["kind"] == "ai-server-configurator/cluster"


def test_bom_csv_and_netbox_exports(tmp_path: Path):
    import csv

    bom = tmp_path / "bom.csv"
    code, out, err = run("cluster", str(CLUSTER), "-o", str(bom), "--json")
    data = json.loads(out)
    assert code == 0 and "wrote" in err
    rows = list(csv.DictReader(bom.open(encoding="utf-8")))
    lines = [r for r in rows if r["group"] != "Total"]
    assert len(lines) == len(data["cost"]["lines"])
    assert sum(float(r["extended"]) for r in lines) == float(rows[-2]["extended"]) == float(data["cost"]["capex"])
    assert {r["group"] for r in lines} == {"Servers", "Fabric", "Racks and power", "Services"}

    code, _, _ = run("cluster", str(CLUSTER), "-o", str(tmp_path / "nb"), "--format", "netbox-csv")
    racks = list(csv.DictReader((tmp_path / "nb.racks.csv").open(encoding="utf-8")))
    devices = list(csv.DictReader((tmp_path / "nb.devices.csv").open(encoding="utf-8")))
    assert code == 0 and len(racks) == data["racks"]
    assert len(devices) == 16 + data["fabric"]["leaves"] + data["fabric"]["spines"] + 1
    assert len({d["name"] for d in devices}) == len(devices)           # NetBox: unique per site
    rack1 = [int(d["position"]) for d in devices if d["rack"] == "Rack 01"]
    assert rack1 == [1, 9, 17]                                          # 8U servers stacked from U1
    assert {d["device_type"] for d in devices} >= {"SYS-821GE-TNHR", "MQM9700-NS2F", "MSN5600-MS2F"}

    code, _, err = run("cluster", str(CLUSTER), "-o", str(tmp_path / "x.xyz"))
    assert code == 2 and "no cluster exporter" in err


def test_a_cluster_over_its_global_batch_warns_in_both_languages(tmp_path):
    """16 seed servers (2 GPUs, one 4,096-token micro-batch each) take 131,072 tokens a step: over 100,000."""
    data = json.loads(CLUSTER.read_text(encoding="utf-8"))
    data["servers"][0]["build"] = str(EX / "seed-7b-training.json")
    data["training"] = {"global_batch_tokens": 100000}
    path = tmp_path / "c.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    _, out, _ = run("cluster", str(path), "--json")
    found = [v for v in json.loads(out)["violations"] if v["code"] == "cluster.batch-exceeded"]
    assert len(found) == 1 and "131,072 tokens a step" in found[0]["message"] and found[0]["severity"] == "warning"
    _, text, _ = run("cluster", str(path), "--lang", "zh_CN")
    assert "超过 100,000 词元的全局批次" in text
    data["training"] = {"global_batch_tokens": 200000}
    path.write_text(json.dumps(data), encoding="utf-8")
    _, out, _ = run("cluster", str(path), "--json")
    assert not [v for v in json.loads(out)["violations"] if v["code"] == "cluster.batch-exceeded"]
