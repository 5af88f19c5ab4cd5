"""`FitGroups` answers "which of these parts fit this chassis" once per `fit_key` and must agree
with `fits_chassis` for every part: over the shipped catalog and every shipped chassis, and over
parts whose fields are shuffled between parts of one class (a field that decides a fit but is
missing from the key shows there). And the checks read no part field `DECIDING_FIELDS` leaves out."""

from __future__ import annotations

import ast
import inspect
import random

import pytest

from configurator.core import placement
from configurator.core.categories import ACCEPTS
from configurator.core.placement import DECIDING_FIELDS, FitGroups, fit_key, fits_chassis
from configurator.store import paths
from configurator.store.catalogs import load_catalog

#: the part fields the checks' reasons print and nothing else reads
_WORDS_ONLY = {"name", "tdp_w"}
_PLACEABLE = {cat for cats in ACCEPTS.values() for cat in cats}


@pytest.fixture(scope="module")
def shipped():
    return load_catalog([paths.catalog_dir()], [paths.price_dir()])


def _placeable(catalog) -> list:
    return [p for p in catalog.parts.values() if p.category in _PLACEABLE]


def _shuffled(parts: list, copies: int, seed: int = 11) -> list:
    """`copies` variants of each part, each field (the id too, not the category) taken from a
    random part of the same class half of the time."""
    rng = random.Random(seed)
    by_class: dict[type, list] = {}
    for part in parts:
        by_class.setdefault(type(part), []).append(part)
    out = []
    for part in parts:
        for _ in range(copies):
            fields = [f for f in type(part).model_fields if f != "category" and rng.random() < 0.5]
            out.append(part.model_copy(update={f: getattr(rng.choice(by_class[type(part)]), f) for f in fields}))
    return out


def _agrees(catalog, parts: list) -> None:
    groups = FitGroups(parts)
    assert len(groups.members) < len(parts)
    for chassis in catalog.by_category("chassis"):
        want = [fits_chassis(catalog, chassis, part)[0] for part in parts]
        assert groups.fits(catalog, chassis).tolist() == want, chassis.id
        assert 0 < sum(want) < len(want)
    assert not groups.fits(catalog, None).any()


def test_groups_fit_as_each_shipped_part_does_in_every_shipped_chassis(shipped):
    _agrees(shipped, _placeable(shipped))


def test_groups_fit_as_each_part_does_with_fields_shuffled_between_parts(shipped):
    _agrees(shipped, _shuffled(_placeable(shipped), copies=4))


def test_parts_differing_only_in_names_and_figures_share_a_key(shipped):
    part = shipped.get("h100-sxm") or next(p for p in _placeable(shipped) if p.category == "gpu")
    twin = part.model_copy(update={"id": "twin", "name": "Twin", "tdp_w": part.tdp_w + 100})
    assert fit_key(twin) == fit_key(part)
    assert fit_key(part.model_copy(update={"form_factor": "pcie"})) != fit_key(part)
    assert len(FitGroups([part, twin]).members) == 1
    assert FitGroups([]).fits(shipped, shipped.by_category("chassis")[0]).tolist() == []


def _part_reads(func: ast.FunctionDef) -> set[str]:
    """The fields of `part` that `func` reads: `part.x` and `getattr(part, "x", ...)`."""
    reads = set()
    for node in ast.walk(func):
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "part":
            reads.add(node.attr)
        elif (isinstance(node, ast.Call) and getattr(node.func, "id", "") == "getattr" and node.args
              and isinstance(node.args[0], ast.Name) and node.args[0].id == "part"
              and isinstance(node.args[1], ast.Constant)):
            reads.add(node.args[1].value)
    return reads


def _reachable(name: str, funcs: dict[str, ast.FunctionDef]) -> set[str]:
    """`name` and the module functions it calls, and they call."""
    seen, todo = set(), [name]
    while todo:
        current = todo.pop()
        if current in seen:
            continue
        seen.add(current)
        todo += [n.func.id for n in ast.walk(funcs[current])
                 if isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id in funcs]
    return seen


def test_each_check_reads_only_the_fields_the_key_holds():
    tree = ast.parse(inspect.getsource(placement))
    funcs = {n.name: n for n in tree.body if isinstance(n, ast.FunctionDef)}
    assert set(placement._CHECKS) == set(DECIDING_FIELDS)
    for kind, check in placement._CHECKS.items():
        reads = set().union(*(_part_reads(funcs[f]) for f in _reachable(check.__name__, funcs)))
        assert reads - _WORDS_ONLY <= set(DECIDING_FIELDS[kind]), kind
        assert reads - _WORDS_ONLY, kind          # the scan sees the reads at all
    assert _part_reads(funcs["slot_problems"]) - _WORDS_ONLY == {"category"}


def test_every_chassis_slot_list_by_kind_keeps_the_drawing_order(shipped):
    from configurator.core.slots import layout_of

    for chassis in shipped.by_category("chassis"):
        layout = layout_of(chassis)
        kinds = frozenset({"pcie", "drive"})
        assert layout.of_kinds(kinds) == tuple(s for s in layout.slots if s.kind in kinds)
        assert layout.of_kinds(kinds) is layout.of_kinds(kinds)
