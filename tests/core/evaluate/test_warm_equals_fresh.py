"""A session's warm evaluator gives exactly what a fresh one gives, after any chain of edits.

Every shipped example, and random edits of it (parts removed, swapped for another of the
category the slot takes, moved, options changed), is evaluated by one evaluator that has seen
every earlier step of the chain (its memos, contexts and per-part facts carry over) and by a
fresh evaluator; the `evaluate --json` output and the full `Evaluation` dump must be equal:
equality, not approximately equal.
"""

from __future__ import annotations

import json
import random
from decimal import Decimal

import pytest

from configurator.core.build import Build
from configurator.core.categories import ACCEPTS
from configurator.core.evaluate.json_shape import evaluation_to_json
from configurator.core.evaluator import Evaluator
from configurator.core.slots import chassis_slots
from configurator.store import paths
from configurator.store.fx_rates import load_fx
from configurator.words.problems import violation_json
from configurator.words.render import in_english

EXAMPLES = sorted(p.name for p in paths.examples_dir().glob("*.json"))


@pytest.fixture(scope="module")
def shipped():
    from configurator.store.catalogs import load_catalog
    return load_catalog([paths.catalog_dir()], [paths.price_dir()])


def _example(name: str) -> Build | None:
    data = json.loads((paths.examples_dir() / name).read_text(encoding="utf-8"))
    if not isinstance(data, dict) or "chassis" not in data:
        return None
    data.pop("format", None)
    data.pop("kind", None)
    return Build.model_validate(data)


def _edit(rng: random.Random, build: Build, catalog) -> Build:
    """One random edit, as a user (or a hand-edited file) might make it."""
    data = build.model_dump()
    place = dict(data["placements"])
    chassis = catalog.chassis(build.chassis)
    slots = chassis_slots(chassis) if chassis is not None else ()
    roll = rng.random()
    if roll < 0.3 and place:                                   # remove one or two parts
        for slot in rng.sample(sorted(place), min(len(place), rng.choice((1, 2)))):
            del place[slot]
    elif roll < 0.6 and slots:                                 # put a part the slot kind takes there
        slot = rng.choice(slots)
        parts = [p.id for cat in ACCEPTS[slot.kind] for p in catalog.by_category(cat)]
        if parts:
            place[slot.id] = rng.choice(parts)
    elif roll < 0.7 and place and slots:                       # move a part to another slot
        src = rng.choice(sorted(place))
        place[rng.choice(slots).id] = place.pop(src)
    elif roll < 0.75:
        place["NOWHERE"] = "no-such-part"                     # unknown slot and part
    elif roll < 0.85:
        data["site"]["electricity_price_kwh"] = Decimal(rng.randint(5, 40)) / 100
        data["site"]["input_voltage_v"] = rng.choice((120.0, 208.0, 230.0))
        data["site"]["ambient_c"] = float(rng.randint(18, 40))
    elif roll < 0.95:
        data["psu_redundancy"] = rng.choice(("", "N", "N+1", "N+N", "2N", "3+3"))
        data["multi_node"] = not data["multi_node"]
        data["commercial"]["discount_pct"] = Decimal(rng.randint(0, 20))
    else:
        data["placements"] = place
        return Build.model_validate({**data, "chassis": "no-such-chassis"})
    data["placements"] = place
    return Build.model_validate(data)


def _both(ev) -> tuple[str, dict]:
    return json.dumps(evaluation_to_json(ev, violation_json, in_english), sort_keys=True, default=str), ev.model_dump()


@pytest.mark.parametrize("name", EXAMPLES)
def test_warm_evaluator_equals_fresh_after_edits(name, shipped):
    start = _example(name)
    if start is None:
        pytest.skip(f"{name} is not a build")
    fx = load_fx()
    warm = Evaluator(shipped, fx)
    rng = random.Random(name)
    for chain in range(3):          # several chains from the example, all through the same evaluator
        build = start
        for step in range(25):
            got = _both(warm.evaluate(build))
            want = _both(Evaluator(shipped, fx).evaluate(build))
            assert got == want, f"{name}: chain {chain}, step {step} differs from a fresh evaluator"
            assert warm.check(build) == Evaluator(shipped, fx).check(build)
            build = _edit(rng, build, shipped) if build.chassis != "no-such-chassis" else start
