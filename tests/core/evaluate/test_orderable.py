"""Orderable lines: every shipped part carries its vendor part number with a source, or a coded
reason why it has none; no example's BOM has a line with neither; full SXM baseboards (H800
included) are one baseboard line; every rack chassis has its rail kit and every PSU its cord."""

from __future__ import annotations

import json

import pytest

from configurator.core.build import Build
from configurator.core.catalog import GPU, Accessory, Chassis, SkuNote
from configurator.core.evaluate.bom import part_line
from configurator.core.evaluator import evaluate
from configurator.store import paths
from configurator.store.catalogs import default_catalog

EXAMPLES = sorted((paths.repo_root() / "examples").glob("*.json"))
CODES = set(SkuNote.__args__) - {""}   # type: ignore[attr-defined]


def _build(path) -> Build:
    data = json.loads(path.read_text(encoding="utf-8"))
    data.pop("format"), data.pop("kind")
    return Build.model_validate(data)


@pytest.fixture(scope="module")
def catalog():
    return default_catalog()


@pytest.fixture(scope="module")
def costs(catalog):
    return {p.name: evaluate(_build(p), catalog).cost for p in EXAMPLES}


def test_every_shipped_part_has_a_part_number_or_a_reason_never_both(catalog):
    neither = [p.id for p in catalog.parts.values() if not p.part_number and not p.sku_note]
    both = [p.id for p in catalog.parts.values() if p.part_number and p.sku_note]
    assert neither == [] and both == []


def test_every_part_number_has_a_source_with_url_date_and_confidence(catalog):
    for part in catalog.parts.values():
        if part.part_number:
            src = part.source_for("part_number")
            assert src is not None and src.url and src.date and src.confidence, part.id


#: part numbers read from sellers' listings (confidence "secondary"): the page's address names the number
FROM_LISTINGS = ("acc-hgx-h100-8gpu", "acc-hgx-h200-8gpu", "nvidia-l40s-48gb", "nvidia-h100-nvl-94gb", "amd-epyc-9554",
                 "amd-epyc-9454", "amd-epyc-9354", "nvidia-rtx-pro-6000-blackwell-96gb")


def test_part_numbers_from_sellers_listings_cite_a_page_that_names_the_number(catalog):
    for pid in FROM_LISTINGS:
        part = catalog.parts[pid]
        src = part.source_for("part_number")
        assert src is not None and src.fields == ("part_number",) and src.confidence == "secondary", pid
        assert part.part_number.lower() in src.url.lower() and src.note, pid


def test_generic_parts_never_carry_a_part_number(catalog):
    generic = [p for p in catalog.parts.values()
               if p.vendor.startswith(("Generic", "Various")) or p.sku_note == "generic"]
    assert len(generic) >= 15
    for part in generic:
        assert part.part_number == "", part.id
        assert part.sku_note in ("generic", "in-chassis", "included"), part.id


def test_a_generic_line_in_a_bom_stays_without_a_number_and_says_why(costs):
    cost = costs["atlas-800t-a2-8npu.json"]
    generic = [ln for ln in cost.lines if ln.part_id in ("ddr4-3200-rdimm-32gb-2rx8", "sata-ssd-480gb-boot")]
    assert len(generic) == 2
    for ln in generic:
        assert ln.part_number == "" and ln.sku_note == "generic"


def test_a_line_never_shows_a_reason_next_to_a_number():
    from decimal import Decimal
    ln = part_line(category="gpu", part_id="x", part_number="PN-1", name="x", qty=1, unit=Decimal(1), source="s",
                   quantum=Decimal("0.01"), sku_note="generic")
    assert ln.part_number == "PN-1" and ln.sku_note == ""
    bare = part_line(category="gpu", part_id="x", part_number="", name="x", qty=1, unit=None, source="s",
                     quantum=Decimal("0.01"))
    assert bare.part_number == "" and bare.sku_note == ""      # a user catalog's part: no invented reason either


@pytest.mark.parametrize("name", [p.name for p in EXAMPLES])
def test_every_example_line_has_a_part_number_or_a_reason(costs, name):
    for ln in costs[name].lines:
        assert ln.part_number or ln.sku_note in CODES, (name, ln.part_id)


def test_h800_sxm_is_quoted_as_one_hgx_baseboard(costs):
    gpus = [(ln.part_id, ln.qty) for ln in costs["xfusion-g8600-v7-8x-h800.json"].lines if ln.category == "gpu"]
    assert gpus == [("acc-hgx-h800-8gpu", 1)]


def test_no_example_quotes_loose_sxm_gpus_in_a_baseboard_chassis(catalog, costs):
    for name, cost in costs.items():
        for ln in cost.lines:
            part = catalog.parts.get(ln.part_id)
            # the Atlas 800T A2's NPU modules come only with the server (sku_note "in-chassis"): no board SKU
            loose = isinstance(part, GPU) and part.form_factor != "pcie" and part.sku_note != "in-chassis"
            assert not loose, (name, ln.part_id)


def test_every_hopper_sxm_gpu_has_its_8_gpu_baseboard(catalog):
    boards = {g for a in catalog.by_category("accessory") if isinstance(a, Accessory) and a.kind == "gpu-baseboard"
              for g in a.companion_of}
    hopper = [g.id for g in catalog.by_category("gpu") if isinstance(g, GPU) and g.baseboard_family == "hgx-hopper-8"]
    assert {"nvidia-h100-sxm5-80gb", "nvidia-h200-sxm5-141gb", "nvidia-h800-sxm5-80gb"} <= set(hopper)
    assert set(hopper) <= boards


def test_every_module_a_baseboard_chassis_takes_is_quoted_as_its_board(catalog):
    """A full SXM/OAM board is one orderable line (HGX, AMD UBB, Gaudi 3 UBB), except modules that
    come only with their server (Ascend 910B in the Atlas 800T A2)."""
    boards = {(g, a.qty_per) for a in catalog.by_category("accessory")
              if isinstance(a, Accessory) and a.kind == "gpu-baseboard" for g in a.companion_of}
    sizes = {c.gpu_baseboard.family: c.gpu_baseboard.positions for c in catalog.by_category("chassis")
             if isinstance(c, Chassis) and c.gpu_baseboard is not None}
    missing = [g.id for g in catalog.by_category("gpu") if isinstance(g, GPU) and g.baseboard_family in sizes
               and g.sku_note != "in-chassis" and (g.id, sizes[g.baseboard_family]) not in boards]
    assert missing == []


def test_every_rack_chassis_has_a_rail_kit_and_every_psu_a_cord(catalog):
    acc = [a for a in catalog.by_category("accessory") if isinstance(a, Accessory)]
    rails = {c for a in acc if a.kind == "rails" for c in a.companion_of}
    cords = {c for a in acc if a.kind == "power-cord" for c in a.companion_of}
    racks = [c.id for c in catalog.by_category("chassis") if isinstance(c, Chassis) and c.form == "rack"]
    assert {"inspur-nf5688m7", "inspur-nf5468m7", "gigabyte-g593-sd1", "xfusion-fusionserver-g8600-v7"} <= set(racks)
    assert [c for c in racks if c not in rails] == []
    # the 277 V Dell PSU takes a site-specific 277 V cord this catalog does not list
    psus = [p.id for p in catalog.by_category("psu") if p.id != "dell-psu-3200w-titanium-277v"]
    assert [p for p in psus if p not in cords] == []


@pytest.mark.parametrize("name", ["inspur-nf5688m7-8gpu.json", "inspur-nf5468m7-8x-l20.json",
                                  "gigabyte-g593-sd1-8x-h200.json", "xfusion-g8600-v7-8x-h800.json",
                                  "workstation-rtx-pro-6000.json"])
def test_the_other_vendors_examples_list_their_rails_and_cords(costs, name):
    kinds = {ln.part_id for ln in costs[name].lines if ln.kind == "companion"}
    assert any(k.startswith("acc-cord-") for k in kinds), name
    assert any(k.startswith("acc-rails-") for k in kinds) or name.startswith("workstation"), name
