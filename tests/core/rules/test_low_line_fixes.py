"""At 120 V no fix offers a PSU that gives 0 W there (issue 15: Apply fix offered one)."""

from __future__ import annotations

import json

import pytest

from configurator.core.build import Build
from configurator.core.evaluator import Evaluator
from configurator.core.psu import rating_at
from configurator.store import paths
from configurator.store.catalogs import default_catalog
from configurator.words.problems import fix_text

CATALOG = default_catalog()
EXAMPLES = sorted(paths.examples_dir().glob("*.json"))


def _variants(path):
    base = {k: v for k, v in json.loads(path.read_text(encoding="utf-8")).items() if k not in ("format", "kind")}
    psus = [k for k in base["placements"] if k.startswith("PSU")]
    for keep in (len(psus), 1, 0):
        data = json.loads(json.dumps(base))
        data.setdefault("site", {})["input_voltage_v"] = 120
        for k in psus[keep:]:
            del data["placements"][k]
        yield Build.model_validate(data)


def _placed_parts(op):
    for sub in getattr(op, "ops", None) or (op,):
        yield from _placed_parts(sub) if getattr(sub, "op", "") == "batch" else [getattr(sub, "part", None)]


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_no_fix_at_120_v_places_a_psu_that_gives_no_power_there(path):
    offered = 0
    for build in _variants(path):
        for v in Evaluator(CATALOG).evaluate(build).violations:
            for op in (v.fix.ops if v.fix else ()):
                for pid in _placed_parts(op):
                    part = CATALOG.get(pid or "")
                    if part is not None and part.category == "psu":
                        offered += 1
                        assert rating_at(part, 120) > 0, (v.code, fix_text(v.fix, "en"))
    assert offered or path.stem in {"atlas-800t-a2-8npu", "dgx-a100-8gpu", "dgx-h100-8gpu", "hgx-h100-8gpu",
                                    "inspur-nf5688m7-8gpu", "inspur-nf5468m7-8x-l20", "lenovo-sr675-v3-8x-h100-pcie",
                                    "lenovo-sr685a-v3-8x-h200",
                                    "seed-7b-training",
                                    "workstation-rtx-pro-6000"}


def test_a_high_line_only_psu_at_120_v_is_replaced_by_one_that_runs_there():
    build = next(_variants(paths.examples_dir() / "general-purpose-2u.json"))
    supported = CATALOG.chassis(build.chassis).psu.supported
    high_only = next((p for p in supported if rating_at(CATALOG.get(p), 120) <= 0), None)
    if high_only is None:
        pytest.skip("the chassis lists no high-line-only PSU")
    psus = [k for k in build.placements if k.startswith("PSU")]
    build.placements = {**build.placements, **{k: high_only for k in psus}}
    v = next(v for v in Evaluator(CATALOG).evaluate(build).violations if v.code == "power.low-line-unsupported")
    assert v.fix.ops and all(rating_at(CATALOG.get(op.part), 120) > 0 for op in v.fix.ops)
