"""Which module explains which figure: a static table of (figure-key pattern, handler), in the
order they are tried; the first pattern that matches the whole key wins.

The family modules know nothing of the table and import only explanation.py, so there is no
import circle and no registry filled as modules load. A new figure: its handler in the family's
module, one row here, its wording in words/explain_words.py.
"""

from __future__ import annotations

import re
from typing import Any

from ..catalog import Catalog
from ..context import BuildContext, resolve
from . import bandwidth, chassis, compute, cost, memory, power, psu, tco, thermal, workload
from .explanation import Explainer, Explanation, Handler

HANDLERS: tuple[tuple[re.Pattern[str], Handler], ...] = tuple((re.compile(p), h) for p, h in (
    (r"power_w\.(idle|typical|max|peak)", power.total),
    (r"power_lines\.(\d+)\.(idle_w|typical_w|max_w|qty)", power.line),
    (r"wall_power_w\.(idle|typical|max)", psu.wall),
    (r"psu\.(count|bays|rating_w|active|usable_w|load_pct\.(idle|typical|max)|feeds\.([A-Z])|feed_capacity_w\.([A-Z]))",
     psu.psu),
    (r"(?:thermal\.)?(heat_btu_hr|heat_btu_hr_typical)", thermal.btu),
    (r"thermal\.(heat_typical_w|heat_max_w|heat_to_air_w)", thermal.heat_w),
    (r"(?:thermal\.)?(airflow_cfm|delta_t_c|delta_t_f)", thermal.airflow),
    (r"thermal\.(capacity_w|derate_factor|load_pct)", thermal.cooling),
    (r"thermal\.(chassis_airflow_cfm|max_gpu_tdp_w|max_cpu_tdp_w)", thermal.option_figure),
    (r"chassis\.(rack_units|weight_kg)", chassis.chassis),
    (r"gpu\.(count|vram_gb|vram_gb_per_gpu|hbm_bandwidth_gbs|bf16_tflops|fp16_tflops|fp8_tflops)", compute.gpu),
    (r"cpu\.(count|cores)", compute.cpu),
    (r"memory\.(capacity_gb|bandwidth_gbs|speed_mts|dimms|channels_populated|channels_total|dpc|ratio_to_vram)",
     memory.memory),
    (r"(bandwidth_chain|bottlenecks)\.(\d+)\.gbs", bandwidth.link),
    (r"cost\.(subtotal_hardware|subtotal_services|subtotal|discount_pct|discount|tax_pct|tax|shipping|total)", cost.cost),
    (r"cost\.lines\.(\d+)\.(qty|unit_price|extended)", cost.cost_line),
    (r"tco\.(" + "|".join(tco.FIGURES) + ")", tco.tco),
    (r"workload\.(.+)", workload.workload),
))


def explain(build: Any, catalog: Catalog, evaluation: Any, key: str, value: Any = None,
            ctx: BuildContext | None = None) -> Explanation:
    """The explanation of figure `key` of `evaluation` (of `build`), as data. `value` is the figure
    as shown (the CLI passes the JSON value); raises KeyError for a key no handler knows.
    `ctx`: the build already resolved against `catalog`, for a caller explaining many figures."""
    ctx = ctx if ctx is not None else resolve(build, catalog)
    for pattern, handler in HANDLERS:
        m = pattern.fullmatch(key)
        if m:
            return handler(Explainer(ctx, evaluation, key, value), m)
    raise KeyError(key)
