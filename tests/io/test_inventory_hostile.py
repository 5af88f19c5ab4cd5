"""Hostile probe output (issue 31): every probe file goes through one bounded reader and one
shape-checked parse per format; a file of the wrong shape is one note naming the file and the
field, never a traceback, and what it would have shown is unknown rather than invented."""

from __future__ import annotations

import json
import resource
import time
from pathlib import Path

import pytest

from configurator.formats.importers import inventory
from configurator.formats.importers.inventory import MAX_FILE_BYTES, MAX_ITEMS, read_inventory
from configurator.launch import main
from configurator.words import say

PROBE = Path(__file__).resolve().parents[1] / "fixtures" / "probe-h200"


def notes(inv) -> list[str]:
    return [say(n, "en") for n in inv.notes]



# (file, text, the field the note must name)
WRONG_SHAPES = [
    ("lscpu.json", "[1, 2]", "lscpu.json: (document) is not an object"),
    ("lscpu.json", '{"lscpu": "Intel"}', "lscpu.json: lscpu is not a list"),
    ("lscpu.json", '{"cpus": []}', "lscpu.json: lscpu is not a list"),
    ("lscpu.json", '{"lscpu": [{"field": "Model name:", "data": "X"}, "str"]}', "lscpu.json: lscpu[1] is not an object"),
    ("lscpu.json", '{"lscpu": [{"field": "Socket(s):", "data": {"n": 2}}]}', "lscpu.json: lscpu[0].data is not text"),
    ("lsblk.json", "[1, 2]", "lsblk.json: (document) is not an object"),
    ("lsblk.json", '{"blockdevices": "sda"}', "lsblk.json: blockdevices is not a list"),
    ("lsblk.json", '{"blockdevices": [null]}', "lsblk.json: blockdevices[0] is not an object"),
    ("lsblk.json", '{"blockdevices": [{"name": "sda", "type": "disk", "size": [1]}]}',
     "lsblk.json: blockdevices[0].size is not text"),
    ("nvidia-smi-q.xml", "<nvidia_smi_log><gpu>text</gpu></nvidia_smi_log>",
     "nvidia-smi-q.xml: nvidia_smi_log.gpu is not an object"),
    ("nvidia-smi-q.xml", "<nvidia_smi_log><gpu><pci>x</pci></gpu></nvidia_smi_log>",
     "nvidia-smi-q.xml: nvidia_smi_log.gpu[0].pci is not an object"),
    ("nvidia-smi-q.xml", "<nvidia_smi_log><gpu><fb_memory_usage>7</fb_memory_usage></gpu></nvidia_smi_log>",
     "nvidia-smi-q.xml: nvidia_smi_log.gpu[0].fb_memory_usage is not an object"),
    ("nvidia-smi-q.xml", "<nvidia_smi_log><gpu><product_name><a>1</a></product_name></gpu></nvidia_smi_log>",
     "nvidia-smi-q.xml: nvidia_smi_log.gpu[0].product_name is not text"),
    ("nvidia-smi-q.xml", "<nvidia_smi_log>just text</nvidia_smi_log>", "nvidia-smi-q.xml: nvidia_smi_log is not an object"),
    ("nvidia-smi-q.xml", "not xml at all", "nvidia-smi-q.xml: cannot parse"),
    ("nvidia-smi-q.xml", "<a><b></a>", "nvidia-smi-q.xml: cannot parse"),
    ("meminfo.txt", "MemTotal: lots\n", "meminfo.txt"),
]


@pytest.mark.parametrize(("name", "text", "line"), WRONG_SHAPES, ids=[f"{n}:{t[:24]}" for n, t, _ in WRONG_SHAPES])
def test_a_probe_file_of_the_wrong_shape_is_one_note_naming_the_file_and_the_field(tmp_path, name, text, line):
    (tmp_path / name).write_text(text)
    inv = read_inventory(tmp_path)
    assert any(n.startswith(line) for n in notes(inv)), notes(inv)
    kind = {"lscpu.json": "cpu", "lsblk.json": "drive", "nvidia-smi-q.xml": "gpu"}.get(name)
    if kind:
        assert not inv.of(kind)


@pytest.mark.parametrize(("name", "text", "line"), WRONG_SHAPES[:3], ids=["a", "b", "c"])
def test_the_cli_imports_a_wrong_shape_with_a_note_and_no_traceback(tmp_path, capsys, name, text, line):
    (tmp_path / "in").mkdir()
    (tmp_path / "in" / name).write_text(text)
    assert main(["import", "inventory", str(tmp_path / "in"), "-o", str(tmp_path / "out.json")]) == 0
    out = capsys.readouterr()
    assert "Traceback" not in out.err and line in out.out + out.err


def test_a_folder_without_lscpu_reports_no_cpu_and_says_cpus_are_unknown(tmp_path):
    inv = read_inventory(tmp_path)
    assert not inv.of("cpu") and "cpu" in inv.blind
    assert "no lscpu.json: CPUs unknown" in notes(inv)


def test_a_wrong_shape_lscpu_leaves_cpus_unknown_not_one_invented_socket(tmp_path):
    (tmp_path / "lscpu.json").write_text('{"lscpu": 3}')
    inv = read_inventory(tmp_path)
    assert not inv.of("cpu") and "cpu" in inv.blind


def test_the_real_probe_still_reads_whole(tmp_path):
    inv = read_inventory(PROBE)
    assert len(inv.of("gpu")) == 1 and inv.of("cpu") and inv.of("drive")
    assert not any("is not" in n for n in notes(inv))


def _probe_file(tmp_path: Path, files: dict, missing: dict | None = None) -> Path:
    out = tmp_path / "server.json"
    out.write_text(json.dumps({"kind": inventory.PROBE_KIND, "files": files, "missing": missing or {}}))
    return out


def test_an_output_over_the_per_file_limit_inside_a_probe_file_is_skipped_with_its_size(tmp_path):
    lscpu = (PROBE / "lscpu.json").read_text()
    probe = _probe_file(tmp_path, {"lscpu.json": lscpu + " " * MAX_FILE_BYTES})
    inv = read_inventory(probe)
    size = len(lscpu) + MAX_FILE_BYTES
    assert f"server.json: lscpu.json: {size / 1e6:.1f} MB, over the 8 MB limit for one command's output, skipped" \
        in notes(inv)
    assert not inv.of("cpu") and "cpu" in inv.blind


def test_a_probe_entry_that_is_not_text_is_named(tmp_path):
    inv = read_inventory(_probe_file(tmp_path, {"lscpu.json": {"lscpu": []}}))
    assert "server.json: files.lscpu.json is not text as the command writes it, skipped" in notes(inv)


def test_lists_are_capped_and_the_cap_is_said(tmp_path):
    devices = [{"name": f"nvme{i}n1", "type": "disk", "size": 10**12} for i in range(MAX_ITEMS + 50)]
    (tmp_path / "lsblk.json").write_text(json.dumps({"blockdevices": devices}))
    inv = read_inventory(tmp_path)
    assert len(inv.of("drive")) == MAX_ITEMS
    assert f"lsblk.json: blockdevices has over {MAX_ITEMS} entries, only the first {MAX_ITEMS} read" in notes(inv)


def test_the_probes_missing_reasons_are_bounded(tmp_path):
    inv = read_inventory(_probe_file(tmp_path, {}, {f"x{i}\x1b[2J": "y" * 10_000 for i in range(5000)}))
    said = [n for n in notes(inv) if "not collected" in n]
    assert len(said) <= inventory.MAX_NOTES and max(map(len, said)) < 2 * inventory.MAX_TEXT + 80


def test_values_are_clipped_to_one_bounded_line(tmp_path):
    (tmp_path / "lsblk.json").write_text(json.dumps(
        {"blockdevices": [{"name": "sda", "type": "disk", "size": 10**12, "model": "M\n" * 100_000}]}))
    model = read_inventory(tmp_path).of("drive")[0].model
    assert len(model) <= inventory.MAX_TEXT and "\n" not in model


def test_a_64_mb_probe_file_is_read_in_bounded_time_and_memory_and_prints_little(tmp_path, capsys):
    lsblk = json.dumps({"blockdevices": [{"name": f"nvme{i}n1", "type": "disk", "size": 10**12, "model": "M" * 20}
                                         for i in range(60_000)]})
    xml = "<nvidia_smi_log>" + "<gpu><product_name>H</product_name></gpu>" * 100_000 + "</nvidia_smi_log>"
    probe = _probe_file(tmp_path, {"lsblk.json": lsblk, "nvidia-smi-q.xml": xml, "lscpu.json": "x" * 50_000_000},
                        {f"n{i}": "y" * 1000 for i in range(1000)})
    assert probe.stat().st_size > 60_000_000
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    start = time.monotonic()
    assert main(["import", "inventory", str(probe), "-o", str(tmp_path / "out.json")]) == 0
    took = time.monotonic() - start
    grew_mb = (resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before) / 1024
    out = capsys.readouterr()
    assert took < 30, took                      # 3 minutes before the caps
    assert grew_mb < 600, grew_mb               # 2 GB before
    assert len(out.out) + len(out.err) < 300_000    # 177 MB printed before
    assert "lscpu.json: 50 MB, over the 8 MB limit" in out.out + out.err


def test_the_closest_chassis_note_names_what_the_app_has_too(tmp_path):
    """The note is shown by the GUI's import as well, which has no --chassis flag (issue 31)."""
    from configurator.formats.importers.placing import build_from_inventory
    from configurator.store.catalogs import default_catalog

    result = build_from_inventory(read_inventory(tmp_path), default_catalog(), None, name="x")
    notes = [getattr(n, "msg", n) for n in result.loaded.notes]
    said = [say(n, "en") for n in notes]
    line = next(n for n in said if "placed in the closest" in n)
    assert "import --chassis" in line and "Change chassis" in line
    assert "“更换机箱”" in next(say(n, "zh_CN") for n in notes if "closest" in say(n, "en"))


def test_a_wrong_shape_is_a_message_in_english_and_in_chinese():
    """`ShapeError` carries its message (words/import_words.py "import.expected-*"), naming the field."""
    from configurator.formats.importers.inventory import ShapeError
    from configurator.words.errors import error_text

    err = ShapeError("blockdevices", "list")
    assert str(err) == "blockdevices: expected list"
    assert error_text(err, "zh_CN") == "blockdevices：应为列表"
