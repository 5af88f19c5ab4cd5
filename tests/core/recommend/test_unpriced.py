"""A user catalog with parts that have no price (issue 30): `recommend` leaves them out and says so
(which parts, and what to do), and an unpriced power cord offered beside the shipped one does not
sink every build of the PSUs it fits — the priced cord is used. Where no cord of a PSU has a price,
the reason names the PSUs and the cord."""

from __future__ import annotations

import json
from decimal import Decimal
from pathlib import Path

import pytest

from configurator.core.catalog import Catalog
from configurator.core.evaluate.workload import Workload
from configurator.core.recommend import Request, recommend
from configurator.core.recommend.unpriced import left_out
from configurator.store import paths
from configurator.store.catalogs import load_catalog
from configurator.store.loaded_evaluator import default_evaluator
from configurator.words.render import in_english

SEED = paths.repo_root() / "examples" / "seed-7b-training.json"
USER = Path(__file__).parents[2] / "fixtures" / "user-catalog-unpriced"
C19_PSUS = ("supermicro-psu-3000w-titanium", "supermicro-psu-2700w-titanium", "dell-psu-2400w-platinum")


def _request(**more) -> Request:
    wl = Workload.model_validate(json.loads(SEED.read_text())["workload"])
    wl = wl.model_copy(update={"train": wl.train.model_copy(update={"tokens": 1e10})})
    return Request(workload=wl, deadline_days=14, budget=Decimal("200000"), max_servers=2, **more)


@pytest.fixture(scope="module")
def shipped() -> Catalog:
    return load_catalog([paths.catalog_dir()], [paths.price_dir()])


@pytest.fixture(scope="module")
def user() -> Catalog:
    cat = load_catalog([paths.catalog_dir(), USER], [paths.price_dir()])
    assert not cat.issues
    return cat


def _front(rec) -> list[tuple[str, str, Decimal]]:
    return [(r.build.chassis, r.evaluation.compute.gpu_id, r.price) for r in rec.results]


def test_unpriced_parts_are_left_out_and_named_and_the_front_is_the_shipped_one(shipped, user) -> None:
    base = recommend(_request(), default_evaluator(shipped))
    rec = recommend(_request(), default_evaluator(user))
    assert base.left_out.unpriced == () and base.left_out_messages == ()
    assert _front(rec) == _front(base) and rec.results       # the unpriced cord sinks nothing
    assert rec.left_out.unpriced == ("dist-nic-400g", "dist-cord-c19-c20-1m") and rec.left_out.stranded == ()
    (said,) = [in_english(m) for m in rec.left_out_messages]
    assert said == ("Left out: 2 parts without a price: dist-nic-400g and dist-cord-c19-c20-1m. Add them to a "
                    "price list (or give them prices) to include them.")
    for r in rec.results:      # no build quotes the unpriced parts, and every companion line is priced
        assert "dist-nic-400g" not in r.build.placements.values() and not r.build.companions
        assert all(ln.unit_price is not None for ln in r.evaluation.cost.lines)


def test_a_psu_whose_cords_all_lack_a_price_is_left_out_with_the_reason(user) -> None:
    prices = {k: v for k, v in user.prices.items() if k != "acc-cord-c19-c20"}
    bare = Catalog(parts=user.parts, prices=prices)
    found = left_out(_request(), bare)
    by_cords = dict((cords, psus) for psus, cords in found.stranded)
    assert set(C19_PSUS) <= set(by_cords[("acc-cord-c19-c20", "dist-cord-c19-c20-1m")])
    assert "nvidia-dgx-psu-3300w" in by_cords[("acc-cord-c19-c20",)]      # the distributor's cord does not fit it
    rec = recommend(_request(), default_evaluator(bare))
    texts = [in_english(m) for m in rec.left_out_messages]
    assert any("because the accessory they need (acc-cord-c19-c20 or dist-cord-c19-c20-1m) has no price" in t
               for t in texts), texts
    for r in rec.results:
        assert not set(C19_PSUS) & set(r.build.placements.values())


def test_a_preferred_unpriced_cord_gives_way_to_the_priced_one_named_in_the_build(user, tmp_path) -> None:
    """The evaluation takes a `preferred` cord even without a price ("on request"); the recommender
    cannot price that build, so it names the priced cord in `Build.companions` and the two agree."""
    text = (USER / "distributor.toml").read_text().replace('kind = "power-cord"', 'kind = "power-cord"\npreferred = true')
    (tmp_path / "distributor.toml").write_text(text)
    cat = load_catalog([paths.catalog_dir(), tmp_path], [paths.price_dir()])
    rec = recommend(_request(vendors=("Supermicro",)), default_evaluator(cat))
    assert rec.results
    for r in rec.results:
        cords = [ln for ln in r.evaluation.cost.lines if ln.part_id.startswith(("acc-cord", "dist-cord"))]
        assert [ln.part_id for ln in cords] == ["acc-cord-c19-c20"] and r.build.companions == ("acc-cord-c19-c20",)
        assert cords[0].alternatives[0].part_id == "dist-cord-c19-c20-1m"
        assert r.evaluation.cost.total * 0 == 0 and not r.evaluation.cost.missing_prices
