"""Heat, BTU/h, airflow at the stated ΔT and the cooling option's derating."""

from __future__ import annotations

import pytest
from _evalparts import hgx_placements

from configurator.core.context import resolve
from configurator.core.evaluate.figures import compute_figures
from configurator.core.evaluate.thermal import airflow_cfm, derate_factor


def thermal(build, catalog):
    return compute_figures(resolve(build, catalog)).thermal


def test_cfm_per_kw_at_20f():
    # conventions.md §d: CFM = 3412·kW / (1.085·ΔT°F) ≈ 158 CFM per kW at 20 °F
    assert airflow_cfm(1000) == pytest.approx(3412 / (1.085 * 20))
    assert airflow_cfm(1000) == pytest.approx(157.2, abs=0.1)
    assert airflow_cfm(1000, delta_t_f=30) == pytest.approx(3412 / (1.085 * 30))


def test_heat_is_wall_power(hgx, catalog):
    f = compute_figures(resolve(hgx, catalog))
    t = f.thermal
    assert t.heat_max_w == pytest.approx(f.power.wall_max_w)
    assert t.heat_typical_w == pytest.approx(f.power.wall_typical_w)
    assert t.heat_btu_hr == pytest.approx(3.412 * f.power.wall_max_w)
    assert t.heat_btu_hr_typical == pytest.approx(3.412 * f.power.wall_typical_w)
    assert t.airflow_cfm == pytest.approx(3.412 * t.heat_max_w / (1.085 * 20))
    assert t.delta_t_f == 20 and t.delta_t_c == pytest.approx(11.11, abs=0.01)


def test_cooling_option_at_rated_ambient(hgx, catalog):
    t = thermal(hgx, catalog)
    assert (t.cooling_id, t.cooling_kind, t.option_supported) == ("air-hgx", "air", True)
    assert t.capacity_w == 12000 and t.derate_factor == 1
    assert (t.chassis_airflow_cfm, t.max_gpu_tdp_w, t.max_cpu_tdp_w) == (1100, 700, 350)
    assert t.load_pct == pytest.approx(100 * t.heat_max_w / 12000)


def test_air_derating_ambient_and_altitude(make_build, catalog):
    assert derate_factor("air", 35, 0, 30) == pytest.approx(0.85)       # 5 °C over × 3 %
    assert derate_factor("air", 30, 1800, 30) == pytest.approx(0.91)    # 900 m over 900 m = 3 °C
    assert derate_factor("air", 20, 0, 30) == 1.0
    assert derate_factor("air", 60, 6000, 25) == 0.0
    b = make_build("hgx-test", hgx_placements(), site={"ambient_c": 35, "altitude_m": 1500})
    t = thermal(b, catalog)
    assert t.derate_factor == pytest.approx(1 - 0.03 * (35 + 2 - 30))
    assert t.capacity_w == pytest.approx(12000 * t.derate_factor)


def test_liquid_is_less_sensitive(make_build, catalog):
    assert derate_factor("liquid", 40, 3000, 30) == pytest.approx(0.9)  # altitude ignored
    place = {**hgx_placements(), "COOLING": "dlc"}
    b = make_build("hgx-test", place, site={"ambient_c": 35})
    t = thermal(b, catalog)
    assert t.cooling_kind == "liquid" and t.capacity_w == pytest.approx(15000 * 0.95)
    assert t.heat_to_air_w == pytest.approx(0.2 * t.heat_max_w)


def test_no_cooling_reports_zero(make_build, catalog):
    place = hgx_placements()
    del place["COOLING"]
    t = thermal(make_build("hgx-test", place), catalog)
    assert t.cooling_id == "" and t.capacity_w == 0 and t.load_pct == 0 and t.cooling_kind == ""


def test_cooling_not_offered_by_chassis(make_build, catalog):
    t = thermal(make_build("hgx-test", {"COOLING": "air-other"}), catalog)
    assert t.cooling_id == "air-other" and not t.option_supported and t.capacity_w == 0
