"""The evaluation's assumptions (core/evaluator.py `assumptions`): what the figures take for
granted, listed under `configurator evaluate`, and the exchange-rate note they cite (core/fx.py)."""

from __future__ import annotations

from .marks import N_, Entry

WORDS: dict[str, Entry] = {
    "assume.psu-efficiency": N_("No PSU placed: wall power assumes {pct} % PSU efficiency."),
    "assume.airflow": N_("Airflow is for a {delta_f} °F ({delta_c} °C) inlet-to-exhaust temperature rise."),
    "assume.typical-power": N_("Typical power is sustained training; non-GPU typical shares are estimates "
                               "(docs/engine.md)."),
    "assume.bandwidth": N_("Bandwidths are theoretical peaks per GPU per direction; PCIe reaches ~88 % in "
                           "practice."),
    "assume.fx": N_("Prices converted with {fx_note}."),
    # the exchange-rate note: the rates' dates, each with its confidence
    "fx.rates-per-usd": N_("exchange rates per USD of {dates}"),
    "fx.date-estimate": N_("{date} (estimate)"),
    "fx.date-datasheet": N_("{date} (datasheet)"),
    "fx.date-secondary": N_("{date} (secondary)"),
}
