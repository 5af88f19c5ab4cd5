"""`workload.does-not-fit`: a workload that does not fit the GPUs is an error with an applicable fix."""

from __future__ import annotations

import json
import re

import pytest

from configurator.core.build import Build
from configurator.core.evaluator import Evaluator
from configurator.core.session import Session
from configurator.store import paths
from configurator.store.catalogs import default_catalog
from configurator.words import i18n
from configurator.words.problems import english, fix_text, text

CATALOG = default_catalog()
M13 = {"name": "13B", "layers": 40, "hidden": 5120, "heads": 40, "kv_heads": 40, "ffn": 13824, "vocab": 32000}


def _example(stem: str, train: dict, drop_gpus: int = 0) -> Build:
    data = {k: v for k, v in json.loads((paths.examples_dir() / f"{stem}.json").read_text(encoding="utf-8")).items()
            if k not in ("format", "kind")}
    gpus = [s for s, p in data["placements"].items() if getattr(CATALOG.get(p), "category", "") == "gpu"]
    for s in gpus[:drop_gpus]:
        del data["placements"][s]
    data["workload"] = {"model": M13, "mode": "train", "train": train}
    return Build.model_validate(data)


def _fit_violation(build: Build):
    found = [v for v in Evaluator(CATALOG).evaluate(build).violations if v.code == "workload.does-not-fit"]
    return found[0] if found else None


def test_a_workload_that_does_not_fit_is_an_error_naming_needed_and_available_gb():
    build = _example("hgx-h100-8gpu", {"zero_stage": 0, "checkpointing": False})
    ev = Evaluator(CATALOG).evaluate(build)
    assert not ev.workload.fits
    v = next(v for v in ev.violations if v.code == "workload.does-not-fit")
    assert v.severity == "error" and ev.violations[0].severity == "error"
    assert re.search(r"needs 262 GB per GPU, and each GPU has 80\.0 GB", english(v)), english(v)
    assert "ZeRO-3" in fix_text(v.fix, "en") and v.fix.applicable
    assert set(v.slots) == {s for s, p in build.placements.items() if CATALOG.get(p).category == "gpu"}
    # `check` (the CLI's) reports it too
    assert "workload.does-not-fit" in {x.code for x in Evaluator(CATALOG).check(build)}


def test_applying_the_fix_makes_it_fit_and_undo_brings_the_error_back():
    session = Session(CATALOG, _example("hgx-h100-8gpu", {"zero_stage": 0, "checkpointing": False}))
    v = next(v for v in session.evaluation.violations if v.code == "workload.does-not-fit")
    for op in v.fix.ops:
        session.apply(op, label=fix_text(v.fix, "en"))
    assert session.evaluation.workload.fits
    assert session.build.workload["train"]["zero_stage"] == 3
    assert "workload.does-not-fit" not in {x.code for x in session.evaluation.violations}
    session.undo()
    assert "workload.does-not-fit" in {x.code for x in session.evaluation.violations}


def test_more_gpus_in_free_slots_and_a_larger_gpu_are_offered():
    v = _fit_violation(_example("pcie-l40s-8gpu", {"zero_stage": 3, "checkpointing": True}, drop_gpus=4))
    assert v is not None
    assert re.match(r"Use 1 more NVIDIA L40S 48GB in \w+: it then needs [\d.]+ GB per GPU\.", fix_text(v.fix, "en"))
    assert "80 GB) in place of the NVIDIA L40S 48GB" in fix_text(v.fix, "en")
    session = Session(CATALOG, _example("pcie-l40s-8gpu", {"zero_stage": 3, "checkpointing": True}, drop_gpus=4))
    before = len(session.build.placements)
    session.apply(v.fix.ops[0])
    assert len(session.build.placements) == before + 1 and session.evaluation.workload.fits


def test_a_workload_that_fits_or_no_workload_is_no_problem():
    assert _fit_violation(_example("hgx-h100-8gpu", {"zero_stage": 3, "checkpointing": True})) is None
    build = _example("hgx-h100-8gpu", {})
    build.workload = None
    assert _fit_violation(build) is None


@pytest.fixture
def zh():
    yield i18n.set_language("zh_CN")
    i18n.set_language("en")


@pytest.mark.parametrize("stem,train,drop", [
    ("hgx-h100-8gpu", {"zero_stage": 0, "checkpointing": False}, 0),
    ("hgx-h100-8gpu", {"zero_stage": 3, "checkpointing": True, "micro_batch": 16}, 0),
    ("pcie-l40s-8gpu", {"zero_stage": 3, "checkpointing": True}, 4),
    ("pcie-l40s-8gpu", {"zero_stage": 0, "micro_batch": 64}, 0),
])
def test_the_message_and_fix_read_in_chinese(zh, stem, train, drop):
    v = _fit_violation(_example(stem, train, drop))
    assert v is not None
    for shown in (text(v), fix_text(v.fix)):      # worded in the current language (zh_CN), from the codes
        assert re.search(r"[\u4e00-\u9fff]", shown) and not re.search(r"\b(the|more|or|ways|Use)\b", shown), shown
