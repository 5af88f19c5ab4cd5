"""`configurator compare` and `configurator bom`: JSON deltas checked against the builds' own
`evaluate --json` figures, the file outputs, price lists, and one-line errors with exit 2."""

from __future__ import annotations

import csv
import io
import json
from contextlib import redirect_stderr, redirect_stdout
from decimal import Decimal

import pytest
from openpyxl import load_workbook

from configurator.launch import main
from configurator.store import paths

HGX = str(paths.examples_dir() / "hgx-h100-8gpu.json")
L40S = str(paths.examples_dir() / "pcie-l40s-8gpu.json")
SEED = str(paths.examples_dir() / "seed-7b-training.json")


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        try:
            code = main(list(argv))
        except SystemExit as exc:       # argparse's usage errors
            code = int(exc.code or 0)
    return code, out.getvalue(), err.getvalue()


def _json(*argv: str) -> dict:
    code, out, err = run(*argv)
    assert code == 0, err
    return json.loads(out)


@pytest.fixture(scope="module")
def evaluated() -> dict[str, dict]:
    return {p: _json("evaluate", p, "--json") for p in (HGX, L40S, SEED)}


@pytest.fixture(scope="module")
def compared() -> dict:
    return _json("compare", HGX, L40S, SEED, "--json")


def _row(data: dict, key: str) -> dict:
    return next(r for r in data["rows"] if r["key"] == key)


def test_json_shape(compared):
    assert compared["kind"] == "ai-server-configurator/comparison" and compared["baseline_index"] == 0
    assert [c["source"] for c in compared["columns"]] == [HGX, L40S, SEED]
    assert {c["price_list"] for c in compared["columns"]} == {"catalog prices"}
    assert [g["key"] for g in compared["groups"]][:2] == ["hardware", "power"]
    for row in compared["rows"]:
        assert set(row) == {"key", "group", "label", "unit", "kind", "better", "values", "deltas", "best",
                            "all_equal", "comparable", "explanations"}
        assert len(row["values"]) == len(row["deltas"]) == len(row["best"]) == 3 and row["deltas"][0] is None


def test_money_deltas_against_evaluate(compared, evaluated):
    a, b, c = (Decimal(evaluated[p]["cost"]["total"]) for p in (HGX, L40S, SEED))
    row = _row(compared, "cost.total")
    assert row["unit"] == "USD" and row["values"] == [str(a), str(b), str(c)]
    assert Decimal(row["deltas"][1]["absolute"]) == b - a
    assert row["deltas"][2]["percent"] == pytest.approx(float((c - a) / a * 100))
    assert row["best"] == [False, False, True]          # lowest total wins


def test_hand_computed_power_delta(compared, evaluated):
    """Maximum power, hand-computed: 9,626 W (HGX) and 4,589 W (L40S) per `evaluate --json`."""
    a, b = (evaluated[p]["power_w"]["max"] for p in (HGX, L40S))
    assert (a, b) == (9626.0, 4589.0)
    delta = _row(compared, "power.max_w")["deltas"][1]
    assert delta["absolute"] == -5037.0
    assert delta["percent"] == pytest.approx(-52.3270, abs=1e-4)       # -5037 / 9626 × 100


def test_baseline_and_options():
    data = _json("compare", HGX, L40S, "--json", "--baseline", "2", "--currency", "EUR", "--years", "3",
                 "--pue", "1.2", "--electricity-price", "0.30")
    assert data["baseline_index"] == 1
    row = _row(data, "cost.tco")
    assert row["unit"] == "EUR" and row["deltas"][1] is None and row["deltas"][0] is not None
    opts = data["columns"][0]["options"]
    assert (opts["tco_years"], opts["pue"]) == (3, 1.2) and data["columns"][0]["currency"] == "EUR"


def test_price_list(tmp_path):
    prices = tmp_path / "buyer.csv"
    prices.write_text("id,price,currency,date,source\nnvidia-h100-sxm5-80gb,20000,USD,2026-12-01,negotiated\n"
                      "nvidia-h100-typo,1,USD,2026-12-01,typo\n", "utf-8")
    base = _json("compare", HGX, L40S, "--json")
    code, out, err = run("compare", HGX, L40S, "--json", "--price-list", str(prices))
    assert code == 0 and "warning:" in err and "nvidia-h100-typo" in err
    data = json.loads(out)
    assert [c["price_list"] for c in data["columns"]] == ["buyer.csv", "buyer.csv"]
    hw = Decimal(_row(base, "cost.hardware")["values"][0]) - Decimal(_row(data, "cost.hardware")["values"][0])
    assert hw == 8 * (30000 - 20000)                    # eight H100s, 10,000 USD cheaper each
    assert _row(data, "cost.hardware")["values"][1] == _row(base, "cost.hardware")["values"][1]


def test_file_outputs(tmp_path):
    for flag in ("csv", "xlsx", "pdf"):
        out = tmp_path / f"c.{flag}"
        code, stdout, err = run("compare", HGX, L40S, f"--{flag}", str(out))
        assert code == 0 and str(out) in err and stdout == "", err    # "wrote FILE" on stderr
        assert out.stat().st_size > 0
    assert (tmp_path / "c.pdf").read_bytes().startswith(b"%PDF-")
    rows = {r[0]: r for r in csv.reader(io.StringIO((tmp_path / "c.csv").read_text("utf-8")))}
    assert rows["cost.tco"][3] == "USD"
    assert load_workbook(tmp_path / "c.xlsx").sheetnames[0] == "Comparison"


def test_text_output_hides_equal_rows():
    code, out, _ = run("compare", HGX, L40S, "--hide-equal")
    assert code == 0 and "Total cost of ownership" in out and "A: HGX" in out
    assert "Errors" not in out                          # 0 and 0: equal, hidden
    assert "Errors" in run("compare", HGX, L40S)[1]


def test_bom(tmp_path, evaluated):
    out = tmp_path / "bom.csv"
    code, stdout, err = run("bom", HGX, "--csv", str(out))
    assert code == 0, err
    rows = list(csv.reader(io.StringIO(out.read_text("utf-8"))))
    assert rows[0][4] == "Unit price (USD)"
    assert [r[5] for r in rows if r[2] == "Total"] == [evaluated[HGX]["cost"]["total"]]
    xlsx = tmp_path / "bom.xlsx"
    assert run("bom", HGX, "--xlsx", str(xlsx), "--currency", "EUR")[0] == 0
    header = [c.value for c in load_workbook(xlsx).active[2]]
    assert header[4] == "Unit price (EUR)"


@pytest.mark.parametrize(("argv", "message"), [
    (("compare", HGX), "give 2 to 6 build files, got 1"),
    (("compare", HGX, L40S, "--baseline", "3"), "--baseline: 3 is not one of the builds 1..2"),
    (("compare", HGX, "missing.json"), "missing.json"),
    (("compare", HGX, L40S, "--currency", "XYZ"), "--currency: currency XYZ"),
    (("compare", HGX, L40S, "--electricity-price", "cheap"), "--electricity-price: not a number"),
    (("compare", HGX, L40S, "--years", "99"), f"{HGX}: commercial.tco_years"),
    (("bom", HGX), "one of the arguments --csv --xlsx is required"),
])
def test_bad_input_is_one_line(argv, message):
    code, _, err = run(*argv)
    assert code == 2 and err.count("\n") == 1 and message in err, err


def test_bad_price_list_names_file_and_field(tmp_path):
    bad = tmp_path / "bad.csv"
    bad.write_text("id,price,currency,date,source\nnvidia-h100-sxm5-80gb,20k,USD,2026-12-01,x\n", "utf-8")
    code, _, err = run("compare", HGX, L40S, "--price-list", str(bad))
    assert code == 2 and err.count("\n") == 1
    assert "bad.csv" in err and "nvidia-h100-sxm5-80gb" in err and "'price'" in err


def test_every_row_key_is_documented(compared):
    doc = (paths.repo_root() / "docs" / "cli.md").read_text("utf-8")
    section = doc[doc.index("## `configurator compare"):]
    missing = [r["key"] for r in compared["rows"] if f"`{r['key']}`" not in section]
    assert not missing, f"docs/cli.md does not list {missing}"
    for key in ("baseline_index", "columns[]", "rows[].deltas[]", "rows[].explanations[]"):
        assert f"`{key}`" in section


def test_builds_in_two_currencies_compare_in_the_baselines_with_the_rate(tmp_path, capsys):
    """Issue 30: a CNY build beside a USD one compared as bare numbers without units, ★ or delta;
    as in the GUI, both are now in the baseline's currency, converted at the shipped rates, and the
    text says the rate."""
    import json as _j
    from pathlib import Path

    data = _j.loads(Path(L40S).read_text("utf-8"))
    data["site"].update(currency="CNY", input_currency="CNY")
    cny = tmp_path / "cny.json"
    cny.write_text(_j.dumps(data), "utf-8")
    code, out, _err = run("compare", HGX, str(cny))
    assert code == 0
    tco = next(line for line in out.splitlines() if "Total cost of ownership" in line)
    assert "(USD)" in tco and tco.count("$") >= 3 and "%" in tco       # units, a delta, in one currency
    assert "converted at the shipped exchange rates: 1 USD = " in out and "CNY" in out.splitlines()[-1]
    data = _json("compare", HGX, str(cny), "--json")
    assert {c["currency"] for c in data["columns"]} == {"USD"}
