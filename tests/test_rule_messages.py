"""Every message the rules build has its words and reads in Chinese; so does every placement reason.

The builds are the examples plus mutations that break one thing each (no PSU, a CPU of the wrong
socket, a missing DIMM, one feed, a hot site ...). Each violation's message and fix is worded in
Chinese from its entry in words/rule_words.py (an id without an entry is an error); a text with
no Chinese in it would be an English sentence in a Chinese UI: this test names it. Placement's
reasons (every part tried in every slot of two chassis) are worded from words/placement_words.py.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from configurator.cli import main as cli
from configurator.core.build import Build
from configurator.core.catalog import CPU, GPU, PSU
from configurator.core.context import resolve
from configurator.core.message import Msg, items
from configurator.core.placement import placement_problems
from configurator.core.rules import check
from configurator.store import paths
from configurator.store.build_files import read_build
from configurator.store.catalogs import default_catalog
from configurator.words import i18n, say
from configurator.words.problems import fix_text
from configurator.words.problems import text as problem_text

CJK = re.compile(r"[\u4e00-\u9fff]")
# an English sentence left in the output: three ASCII words in a row (part names are allowed)
ENGLISH_RUN = re.compile(r"\b(?:the|is|are|and|of|to|in|with|for|not|but|on)\b \w+ \w+", re.I)
CATALOG = default_catalog()
EXAMPLES = sorted(paths.examples_dir().glob("*.json"))


@pytest.fixture
def zh():
    yield i18n.set_language("zh_CN")
    i18n.set_language("en")


def _without(prefix: str) -> Callable[[dict], None]:
    def edit(data: dict) -> None:
        data["placements"] = {k: v for k, v in data["placements"].items() if not k.upper().startswith(prefix)}
    return edit


def _drop_one(marker: str) -> Callable[[dict], None]:
    def edit(data: dict) -> None:
        hit = [k for k in data["placements"] if marker in k.upper()]
        if hit:
            del data["placements"][hit[-1]]
    return edit


def _swap(category: type, pick: Callable[[object, object], bool]) -> Callable[[dict], None]:
    """Replace the first placed part of `category` with the first catalog part `pick` accepts."""
    def edit(data: dict) -> None:
        for slot, pid in data["placements"].items():
            old = CATALOG.get(pid)
            if isinstance(old, category):
                new = next((p for p in CATALOG.by_category(old.category) if pick(old, p)), None)
                if new is not None:
                    data["placements"][slot] = new.id
                return
    return edit


def _site(**values: object) -> Callable[[dict], None]:
    def edit(data: dict) -> None:
        data.setdefault("site", {}).update(values)
    return edit


def _set(**values: object) -> Callable[[dict], None]:
    def edit(data: dict) -> None:
        data.update(values)
    return edit


def _one_feed(data: dict) -> None:
    data["psu_feeds"] = {k: "A" for k in data["placements"] if k.upper().startswith("PSU")}


def _lopsided_feeds(data: dict) -> None:
    psus = [k for k in data["placements"] if k.upper().startswith("PSU")]
    data["psu_feeds"] = {k: ("B" if i == 0 else "A") for i, k in enumerate(psus)}


MUTATIONS: dict[str, Callable[[dict], None]] = {
    "no-psu": _without("PSU"), "no-cpu": _without("CPU"), "no-dimm": _without("CPU1_DIMM"),
    "no-cpu2": lambda d: d["placements"].pop("CPU2", None), "no-cooling": _without("COOLING"),
    "no-gpu": _without("GPU"), "no-drive": _without("U2"), "no-nic": _without("NIC"),
    "one-dimm-less": _drop_one("DIMM"), "one-psu-less": _drop_one("PSU"), "one-gpu-less": _drop_one("GPU"),
    "wrong-socket": _swap(CPU, lambda old, new: new.socket != old.socket),
    "other-cpu": _swap(CPU, lambda old, new: new.socket == old.socket and new.id != old.id),
    "other-psu": _swap(PSU, lambda old, new: new.id != old.id),
    "other-gpu": _swap(GPU, lambda old, new: new.id != old.id and new.form_factor == old.form_factor),
    "consumer-gpu": _swap(GPU, lambda old, new: new.market == "consumer"),
    "low-line": _site(input_voltage_v=110), "high-line": _site(input_voltage_v=480),
    "hot": _site(ambient_c=45), "very-hot": _site(ambient_c=60, altitude_m=3000),
    "one-feed": _one_feed, "lopsided-feeds": _lopsided_feeds,
    "bad-redundancy": _set(psu_redundancy="7+7"), "no-redundancy": _set(psu_redundancy="N"),
    "single-node": _set(multi_node=False), "unknown-part": lambda d: d["placements"].update(GPU1="no-such-gpu"),
    "unknown-slot": lambda d: d["placements"].update(NOSLOT9="no-such-part"),
}


def _builds() -> Iterator[tuple[str, Build]]:
    for path in EXAMPLES:
        base = {k: v for k, v in json.loads(path.read_text(encoding="utf-8")).items() if k not in ("format", "kind")}
        yield path.stem, Build.model_validate(base)
        for name, edit in MUTATIONS.items():
            data = json.loads(json.dumps(base))
            edit(data)
            yield f"{path.stem}+{name}", Build.model_validate(data)


def _rule_texts() -> dict[str, str]:
    """Each violation's message and fix in Chinese -> where it came from."""
    seen: dict[str, str] = {}
    for where, build in _builds():
        for v in check(build, CATALOG):
            seen.setdefault(problem_text(v, "zh_CN"), f"{where} {v.code}")
            if v.fix:
                seen.setdefault(fix_text(v.fix, "zh_CN"), f"{where} {v.code} (fix)")
    return seen


def _placement_reasons(every_pair: bool) -> dict[Msg, str]:
    """Placement reason -> where it came from: of every part tried in every slot
    (`every_pair`, ~16,000 texts), or only the pairs that show a reason code a part or a slot it
    has not been seen with yet (~1,900: every part's and every slot's words in each reason)."""
    seen: dict[Msg, str] = {}
    for stem in ("hgx-h100-8gpu", "pcie-l40s-8gpu"):
        build = read_build(paths.examples_dir() / f"{stem}.json", catalog=CATALOG).build
        ctx = resolve(build, CATALOG)
        covered: set[tuple[str, str, str]] = set()
        for slot in ctx.slots:
            for part in CATALOG.parts.values():
                for code, reason in placement_problems(ctx, slot.id, part.id):
                    keys = {(code, "slot", slot.id), (code, "part", part.id)}
                    if every_pair or not keys <= covered:
                        covered |= keys
                        seen.setdefault(reason, f"{stem} {slot.id} <- {part.id} {code}")
    return seen


def _assert_all_translated(seen: dict[Msg, str]) -> None:
    assert len(seen) > 100
    left = [f"{where}: {say(m)}" for m, where in seen.items() if not CJK.search(say(m))]
    assert not left, "worded without Chinese (words/placement_words.py):\n" + "\n".join(sorted(left))


def test_the_mutations_reach_the_rule_families():
    codes = {v.code for _, b in _builds() for v in check(b, CATALOG)}
    families = {c.split(".")[0] for c in codes}
    assert {"cpu", "mem", "gpu", "fit", "power", "thermal", "storage", "net", "pcie"} <= families, families
    assert {"power.no-psu", "cpu.socket", "mem.unbalanced", "power.single-feed", "thermal.ambient"} <= codes


def test_every_rule_message_and_fix_reads_in_chinese():
    seen = _rule_texts()
    assert len(seen) > 100
    left = [f"{where}: {t}" for t, where in seen.items() if not CJK.search(t)]
    assert not left, "no Chinese wording in words/rule_words.py:\n" + "\n".join(sorted(left))


def test_every_placement_reason_reads_in_chinese(zh):
    _assert_all_translated(_placement_reasons(every_pair=False))


@pytest.mark.slow
def test_every_placement_reason_of_every_part_in_every_slot_reads_in_chinese(zh):
    """The same over all ~16,000 placement reasons."""
    _assert_all_translated(_placement_reasons(every_pair=True))


def test_lists_and_nested_phrases_are_joined_the_chinese_way():
    holders = items(Msg("cpu.holds", slot=s, cpu=c) for s, c in
                    (("CPU1", "Intel Xeon 6 6767P"), ("CPU2", "Intel Xeon Platinum 8480+")))
    message = Msg("cpu.mixed-models", holders=holders)
    assert say(message, "en") == ("CPU1 holds the Intel Xeon 6 6767P and CPU2 holds the Intel Xeon Platinum 8480+: "
                                  "a server needs the same CPU model in every socket.")
    assert say(message, "zh_CN") == ("CPU1 装的是 Intel Xeon 6 6767P 和 CPU2 装的是 Intel Xeon Platinum 8480+："
                                     "同一台服务器的每个插槽必须安装相同型号的 CPU。")
    gpus = items(f"GPU{i}" for i in range(1, 9))
    assert say(Msg("gpu.too-many.fix", n=8, slots=gpus), "en") == "Remove the GPUs in GPU1, GPU2, GPU3, GPU4, GPU5 and 3 more."
    assert say(Msg("gpu.too-many.fix", n=8, slots=gpus), "zh_CN") == "移除 GPU1、GPU2、GPU3、GPU4、GPU5 等另外 3 个 中的 GPU。"
    wired = Msg("cpu.wired-dimms-and", n=16, devices=items(("GPU5", "GPU6", "NIC5")))
    message = Msg("cpu.empty-socket-devices", slot="CPU2", wireds=wired)
    assert say(message, "en") == "CPU2 is empty, so what is wired to it does not work: its 16 DIMMs and GPU5, GPU6 and NIC5."
    assert say(message, "zh_CN") == "CPU2 为空，连接到它的设备无法工作：它的 16 条内存以及 GPU5、GPU6 和 NIC5。"


def _broken(tmp_path: Path, name: str, edit: Callable[[dict], None]) -> Path:
    data = json.loads((paths.examples_dir() / "hgx-h100-8gpu.json").read_text(encoding="utf-8"))
    edit(data)
    out = tmp_path / f"{name}.json"
    out.write_text(json.dumps(data), encoding="utf-8")
    return out


@pytest.mark.parametrize("name", ["no-psu", "wrong-socket", "one-dimm-less", "lopsided-feeds", "one-feed"])
def test_check_in_chinese_prints_chinese_messages_and_fixes(tmp_path, capsys, name):
    path = _broken(tmp_path, name, MUTATIONS[name])
    code = cli.main(["check", str(path), "--lang", "zh_CN"])
    out = capsys.readouterr().out
    i18n.set_language("en")
    lines = [ln.strip() for ln in out.splitlines() if ln.strip()]
    problems = [ln for ln in lines if re.match(r"(错误|警告|提示) ", ln)]
    fixes = [ln for ln in lines if ln.startswith("修复：")]
    assert problems and fixes, out
    assert code == (1 if any(ln.startswith("错误") for ln in problems) else 0)
    for line in problems + fixes:
        sentence = line.split(":", 1)[-1] if line[:2] in ("错误", "警告", "提示") else line
        assert CJK.search(sentence) and not ENGLISH_RUN.search(sentence), line


def test_bandwidth_links_and_explanations_are_translated(zh):
    """The Bandwidth panel's link names, details and bottleneck words for every example (and none)."""
    from configurator.core.evaluator import evaluate
    from configurator.words.render import say

    msgs = []
    for where, build in _builds():
        if "+" in where and not where.endswith(("no-gpu", "no-dimm", "no-drive", "no-cpu")):
            continue
        bw = evaluate(build, CATALOG).bandwidth
        msgs.append(bw.explanation)
        msgs += [m for link in bw.chain for m in (link.name, link.detail) if m]
    words = re.compile(r"\b[a-z]{3,}\b")     # an English word; "PCIe Gen5 x16" has none to translate
    left = sorted({say(m, "en") for m in msgs if words.search(say(m, "en")) and not CJK.search(say(m, "zh_CN"))})
    assert not left, left


WORKLOADS = {
    "as-shipped": {},
    "no-zero-no-checkpointing": {"train": {"precision": "mixed", "optimizer": "adamw", "micro_batch": 8,
                                           "seq_len": 4096, "checkpointing": False, "zero_stage": 0}},
    "fp8-training": {"train": {"precision": "fp8", "zero_stage": 1, "tokens": 1e12}},
    "fp32-training": {"train": {"precision": "fp32", "zero_stage": 2}},
    "serving": {"mode": "infer", "infer": {"precision": "bf16"}},
    "serving-int4-unchunked": {"mode": "infer", "infer": {"precision": "int4", "max_tokens_per_step": None}},
    "huge-model": {"model": {"name": "big", "layers": 160, "hidden": 16384, "heads": 128, "kv_heads": 8,
                             "ffn": 53248, "vocab": 128000}, "train": {"zero_stage": 0, "checkpointing": False}},
    "huge-serving": {"mode": "infer", "model": {"name": "big", "layers": 160, "hidden": 16384, "heads": 128,
                                                "kv_heads": 8, "ffn": 53248, "vocab": 128000},
                     "infer": {"precision": "bf16", "max_tokens_per_step": None}},
}


@pytest.mark.parametrize("name", list(WORKLOADS))
def test_workload_verdicts_and_notes_are_translated(zh, name):
    from configurator.core.evaluator import evaluate

    data = {k: v for k, v in json.loads((paths.examples_dir() / "seed-7b-training.json").read_text(encoding="utf-8"))
            .items() if k not in ("format", "kind")}
    data["workload"] = {**{k: v for k, v in data["workload"].items() if k != "preset"}, **WORKLOADS[name]}
    result = evaluate(Build.model_validate(data), CATALOG).workload
    assert result is not None
    for msg in (result.verdict, *result.notes):
        shown = say(msg)
        assert CJK.search(shown) and not ENGLISH_RUN.search(shown), msg
        assert not re.search(r"\b(GPUs|more|or|over|try|weights)\b", shown), shown
