"""A distributor's user catalog that adds a rail kit and a power cord for parts the shipped catalog
already has companions for (issue 30): each companion role (rails for this chassis, cords for this
PSU) gets exactly one accessory — the shipped default, the one the user's catalog marks
`preferred`, or the one the build names in `companions` — and the others are offered as
alternatives on that line, never added beside it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from configurator.core.build import Build
from configurator.core.evaluator import Evaluator, evaluate
from configurator.store import paths
from configurator.store.build_files import load_build
from configurator.store.catalogs import load_catalog

EXAMPLES = paths.repo_root() / "examples"
USER = Path(__file__).parents[2] / "fixtures" / "user-catalog-distributor"


def _build(name: str = "hgx-h100-8gpu.json", **changes) -> Build:
    data = json.loads((EXAMPLES / name).read_text())
    data.pop("format"), data.pop("kind")
    return Build.model_validate({**data, **changes})


@pytest.fixture(scope="module")
def catalog():
    return load_catalog([paths.catalog_dir(), USER], [paths.price_dir(), USER / "prices"])


def _companions(cost):
    return {ln.part_id: ln for ln in cost.lines if ln.kind == "companion"}


def test_one_rail_kit_and_one_cord_per_psu_with_the_distributors_as_alternatives(catalog):
    assert not catalog.issues
    cost = evaluate(_build(), catalog).cost
    lines = _companions(cost)
    assert set(lines) == {"acc-rails-supermicro", "acc-cord-c19-c20"}     # the shipped defaults, once each
    assert lines["acc-cord-c19-c20"].qty == 6 and lines["acc-rails-supermicro"].qty == 1
    rails = lines["acc-rails-supermicro"].alternatives
    assert [(a.part_id, a.part_number, a.unit_price) for a in rails] == [
        ("dist-rails-smc-4post", "DIST-RK-4P-821", 95)]
    assert [a.part_id for a in lines["acc-cord-c19-c20"].alternatives] == ["dist-cord-c19-c20-3m"]
    assert cost.subtotal == sum(ln.extended for ln in cost.lines if ln.extended is not None)


def test_the_build_names_the_distributors_parts(catalog):
    ev = Evaluator(catalog)
    before = ev.evaluate(_build()).cost
    cost = ev.evaluate(_build(companions=["dist-rails-smc-4post", "dist-cord-c19-c20-3m"])).cost
    lines = _companions(cost)
    assert set(lines) == {"dist-rails-smc-4post", "dist-cord-c19-c20-3m"}
    assert lines["dist-cord-c19-c20-3m"].qty == 6 and lines["dist-cord-c19-c20-3m"].extended == 72
    assert [a.part_id for a in lines["dist-rails-smc-4post"].alternatives] == ["acc-rails-supermicro"]
    # rails 0 -> 95, cords 6 x 15 -> 6 x 12: the hardware subtotal moves by exactly that
    assert cost.subtotal_hardware - before.subtotal_hardware == 95 - 6 * 3


def test_a_catalog_preferred_part_is_chosen_without_naming_it(catalog, tmp_path):
    text = (USER / "accessories.toml").read_text().replace('kind = "rails"', 'kind = "rails"\npreferred = true')
    (tmp_path / "accessories.toml").write_text(text)
    pref = load_catalog([paths.catalog_dir(), tmp_path], [paths.price_dir(), USER / "prices"])
    lines = _companions(evaluate(_build(), pref).cost)
    assert set(lines) == {"dist-rails-smc-4post", "acc-cord-c19-c20"}
    assert [a.part_id for a in lines["dist-rails-smc-4post"].alternatives] == ["acc-rails-supermicro"]


def test_a_named_companion_that_does_not_fit_changes_nothing(catalog):
    lines = _companions(evaluate(_build(companions=["dist-cord-c19-c20-3m"]), catalog).cost)
    assert "dist-cord-c19-c20-3m" in lines and "acc-rails-supermicro" in lines
    other = _build("seed-7b-training.json", companions=["dist-rails-smc-4post"])
    assert "dist-rails-smc-4post" not in _companions(evaluate(other, catalog).cost)


def test_the_shipped_catalog_has_one_companion_per_role():
    """Without a user catalog no line offers alternatives: the example outputs do not change."""
    shipped = load_catalog([paths.catalog_dir()], [paths.price_dir()])
    examples = sorted(EXAMPLES.glob("*.json"))
    assert len(examples) >= 10
    for example in examples:
        cost = evaluate(load_build(example), shipped).cost
        assert all(not ln.alternatives for ln in cost.lines), example.name


def test_a_named_companion_the_catalog_lacks_or_that_fits_nothing_is_noted(catalog):
    from configurator.store.build_files import catalog_notes
    from configurator.words.render import in_english

    build = _build(companions=["dist-cord-c19-c20-3m", "no-such-cord", "acc-rails-dell-readyrails"])
    notes = [(n.field, in_english(n.msg)) for n in catalog_notes(build, catalog, "b.json")]
    assert notes == [
        ("companions[1]", "'no-such-cord' is not an accessory in the catalog; each companion line keeps its default"),
        ("companions[2]", "acc-rails-dell-readyrails goes with no part of this build, so it is not on the bill of "
                          "materials")]


def test_the_build_file_keeps_the_choice_and_omits_it_when_empty(catalog):
    from configurator.store.build_files import dumps_build, loads_build

    assert "companions" not in _build().to_file_dict()
    named = _build(companions=["dist-rails-smc-4post"])
    again = loads_build(dumps_build(named), "b.json", catalog)
    assert again.companions == ("dist-rails-smc-4post",)


def test_alternatives_are_not_figures_of_the_build(catalog):
    """`explain` and the GUI explain the build's figures; an alternative is not on its BOM."""
    from configurator.core.evaluate.json_shape import evaluation_to_json, figures
    from configurator.words.problems import violation_json
    from configurator.words.render import in_english

    ev = evaluate(_build(), catalog)
    data = evaluation_to_json(ev, violation_json, in_english)
    assert any("alternatives" in ln for ln in data["cost"]["lines"])
    assert not [k for k in figures(ev) if "alternatives" in k]
