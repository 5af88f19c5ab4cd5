"""Duplicate ids in a price list (issue 31): which price is meant cannot be guessed, so a buyer's
price list (compare) and a distributor's list (team store, CSV or XLSX) refuse it in one line
naming both rows, instead of resolving it silently."""

from __future__ import annotations

import pytest

from configurator.launch import main
from configurator.store import paths
from configurator.store.catalogs import load_price_file
from configurator.store.price_lists import PriceListError, load_price_list
from configurator.store.team import prices
from configurator.store.team.connect import StoreError
from configurator.words import say

HEADER = "id,price,currency,date,source\n"
ROW = "nvidia-h100-sxm5-80gb,{price},USD,2026-12-01,quote\n"


def _buyer(tmp_path):
    path = tmp_path / "buyer.csv"
    path.write_text(HEADER + ROW.format(price=20000) + "other-part,1,USD,2026-12-01,x\n" + ROW.format(price=2000),
                    "utf-8")
    return path


def test_a_buyers_price_list_with_one_id_twice_names_both_lines(tmp_path):
    with pytest.raises(PriceListError, match=r"buyer\.csv: entry 'nvidia-h100-sxm5-80gb', field 'id': "
                                             r"the same id on line 2 and line 4; one price per id"):
        load_price_list(_buyer(tmp_path))


def test_the_catalog_keeps_the_first_and_says_so(tmp_path):
    kept, issues = load_price_file(_buyer(tmp_path))
    assert [p.price for p in kept if p.part_id == "nvidia-h100-sxm5-80gb"] == [20000]
    assert len(issues) == 1 and "line 2 and line 4" in say(issues[0].where, "en")


def test_compare_with_a_duplicate_row_is_exit_2_one_line(tmp_path, capsys):
    ex = sorted(paths.examples_dir().glob("*.json"))[:2]
    code = main(["compare", *map(str, ex), "--price-list", str(_buyer(tmp_path))])
    err = capsys.readouterr().err
    assert code == 2 and "line 2 and line 4" in err and "Traceback" not in err and len(err.strip().splitlines()) == 1


def _team_list(tmp_path, suffix):
    rows = [["part_id", "price", "min_qty"], ["gpu-a", "100", "1"], ["gpu-b", "5", "1"], ["gpu-a", "90", "1"]]
    path = tmp_path / f"list.{suffix}"
    if suffix == "csv":
        path.write_text("".join(",".join(r) + "\n" for r in rows), "utf-8")
    else:
        from openpyxl import Workbook

        book = Workbook()
        for r in rows:
            book.active.append(r)
        book.save(path)
    return path


@pytest.mark.parametrize("suffix", ["csv", "xlsx"])
def test_a_distributors_list_with_one_id_twice_names_both_rows(tmp_path, suffix):
    with pytest.raises(StoreError) as err:
        prices.read_price_file(_team_list(tmp_path, suffix))
    text = say(err.value.msg, "en")
    assert f"list.{suffix}: rows 2 and 4 both price gpu-a from 1 units" in text
