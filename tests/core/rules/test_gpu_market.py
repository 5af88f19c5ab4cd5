"""GPU market rules: consumer/workstation cards in a rack server, cards without ECC memory, and
accelerators of different vendors in one server."""

from __future__ import annotations

import pytest
from pydantic import TypeAdapter

from configurator.core.build import Build
from configurator.core.catalog import Catalog
from configurator.core.ops import AnyOp
from configurator.core.rules import check
from configurator.words.problems import english, fix_text

from ._fixture import CATALOG, PCIE4, _gpu, make

EXTRA = [
    _gpu("rtx4090", "GeForce RTX 4090", memory_gb=24, tdp_w=450, market="consumer", ecc=False,
         card_cooling="open-air", pcie_gen=4),
    _gpu("pro-open", "RTX PRO Workstation (open-air)", memory_gb=96, tdp_w=600, market="workstation",
         card_cooling="open-air"),
    _gpu("wks-blower", "RTX Workstation (blower)", memory_gb=48, tdp_w=300, market="workstation",
         card_cooling="blower"),
    _gpu("dc-no-ecc", "Data-centre card without ECC", memory_gb=24, market="datacenter", ecc=False),
    _gpu("mlu", "Cambricon MLU370-X8").model_copy(update={"vendor": "Cambricon"}),
    PCIE4.model_copy(update={"id": "tower4", "name": "Test tower", "form": "tower"}),
]
CAT = Catalog(parts={**CATALOG.parts, **{p.id: p for p in EXTRA}})
GPU_SLOTS = ("SLOT1", "SLOT3", "SLOT5", "SLOT6")


def _build(gpu: str, chassis: str = "pcie4") -> Build:
    base = make("pcie4", bridges=(), **{s: gpu for s in GPU_SLOTS})
    return base.model_copy(update={"chassis": chassis}) if chassis != "pcie4" else base


def _found(build: Build, code: str):
    return [v for v in check(build, CAT) if v.code == code]


@pytest.mark.parametrize("gpu,code", [("rtx4090", "gpu.consumer-card"), ("pro-open", "gpu.consumer-card"),
                                      ("rtx4090", "gpu.no-ecc"), ("dc-no-ecc", "gpu.no-ecc")])
def test_break_is_reported(gpu, code):
    chassis = "tower4" if code == "gpu.no-ecc" and gpu == "rtx4090" else "pcie4"
    found = _found(_build(gpu, chassis), code)
    assert found and found[0].severity == "warning"
    assert set(found[0].slots) == set(GPU_SLOTS)


@pytest.mark.parametrize("gpu", ["h100-pcie", "l40s", "wks-blower"])
def test_datacenter_and_blower_cards_pass(gpu):
    codes = {v.code for v in check(_build(gpu), CAT)}
    assert not codes & {"gpu.consumer-card", "gpu.no-ecc"}


def test_consumer_card_in_a_tower_is_only_warned_about_ecc():
    codes = {v.code for v in check(_build("rtx4090", "tower4"), CAT)}
    assert "gpu.consumer-card" not in codes and "gpu.no-ecc" in codes


def test_consumer_message_says_why():
    v = _found(_build("rtx4090"), "gpu.consumer-card")[0]
    for why in ("consumer (gaming)", "fans", "no ECC", "no NVLink", "GeForce driver licence"):
        assert why in english(v), why
    alt = CAT.get(v.fix.ops[0].part)
    assert alt.market == "datacenter" and alt.ecc and alt.name in fix_text(v.fix, "en")


@pytest.mark.parametrize("gpu,chassis,code", [("rtx4090", "pcie4", "gpu.consumer-card"),
                                              ("rtx4090", "tower4", "gpu.no-ecc"),
                                              ("dc-no-ecc", "pcie4", "gpu.no-ecc")])
def test_fix_replaces_with_a_datacenter_card_with_ecc(gpu, chassis, code):
    build = _build(gpu, chassis)
    v = _found(build, code)[0]
    fixed = Build.model_validate(build.snapshot())
    for op in v.fix.ops:
        TypeAdapter(AnyOp).validate_python(op.model_dump()).apply(fixed, CAT)
    after = {x.code for x in check(fixed, CAT)}
    assert not after & {"gpu.consumer-card", "gpu.no-ecc"}
    assert all(CAT.get(fixed.placements[s]).ecc for s in GPU_SLOTS)


def test_mixed_vendors_say_the_software_stacks_differ():
    build = make("pcie4", bridges=(), SLOT1="h100-pcie", SLOT3="h100-pcie", SLOT5="h100-pcie", SLOT6="mlu")
    v = next(x for x in check(build, CAT) if x.code == "gpu.mixed-models")
    assert "different vendors (Cambricon and Test)" in english(v) and v.slots == ("SLOT6",)


def test_same_vendor_mix_does_not_mention_software_stacks():
    build = make("pcie4", bridges=(), SLOT6="l40s")
    v = next(x for x in check(build, CAT) if x.code == "gpu.mixed-models")
    assert "vendors" not in english(v)



def test_passive_card_in_a_tower_breaks_and_the_fix_clears_it():
    build = _build("h100-pcie", "tower4")
    found = _found(build, "gpu.passive-no-airflow")
    assert found and found[0].severity == "error"
    assert set(found[0].slots) == set(GPU_SLOTS)
    assert "passively cooled" in english(found[0]) and "Test tower" in english(found[0])
    fixed = Build.model_validate(build.snapshot())
    for op in found[0].fix.ops:
        TypeAdapter(AnyOp).validate_python(op.model_dump()).apply(fixed, CAT)
    assert {CAT.get(fixed.placements[s]).card_cooling for s in GPU_SLOTS} <= {"blower", "open-air"}
    assert not [v for v in check(fixed, CAT) if v.code == "gpu.passive-no-airflow"]


@pytest.mark.parametrize("gpu,chassis", [("h100-pcie", "pcie4"), ("wks-blower", "tower4"), ("l40s", "pcie4")])
def test_passive_card_in_a_rack_or_a_fan_card_in_a_tower_passes(gpu, chassis):
    assert not _found(_build(gpu, chassis), "gpu.passive-no-airflow")
