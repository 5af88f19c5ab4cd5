"""The words an explanation names by their catalog spelling, marked for translation.

A figure's working names catalog fields (`tdp_w`, `memory_bandwidth_gbs`), PSU efficiency classes
and line categories as the catalog files spell them; English prints them so, another language
prints the translation (`core.message.Term`, worded by words/render.py). Listed here once so that `make translations` extracts
them; tests/core/test_explain_lang.py fails when an explanation shows a field that is not listed.
"""

from __future__ import annotations

from ..text import N_

#: catalog fields a working reads (core/catalog.py), by part kind
FIELDS = (
    # power models of the categories (core/categories.py)
    N_("idle_w"), N_("tdp_w"), N_("max_w"), N_("active_w"), N_("typical_pct"), N_("transient_factor"),
    # chassis
    N_("base_idle_w"), N_("base_max_w"), N_("baseboard_idle_w"), N_("baseboard_max_w"), N_("psu"),
    N_("cooling_options"), N_("memory"), N_("rack_units"), N_("weight_kg"),
    N_("airflow_cfm"), N_("max_gpu_tdp_w"), N_("max_cpu_tdp_w"),
    # PSUs
    N_("rating_w"), N_("rating_low_line_w"), N_("efficiency_pct"),
    # GPUs
    N_("memory_gb"), N_("memory_bandwidth_gbs"), N_("bf16_tflops"), N_("fp16_tflops"), N_("fp8_tflops"),
    N_("scaleup_gbs"), N_("rent_per_hour"),
    # CPUs, DIMMs, NICs
    N_("cores"), N_("memory_speed_1dpc_mts"), N_("memory_speed_2dpc_mts"), N_("capacity_gb"), N_("speed_mts"),
    N_("port_speed_gbps"),
)

#: 80 PLUS classes (core/evaluate/power.py EFFICIENCY_CURVES) and power-line categories
OTHER = (N_("titanium"), N_("platinum"), N_("gold"), N_("chassis"), N_("baseboard"))
