"""The stable JSON shape of an evaluation (docs/cli.md): plain data, no files.

`evaluate --json` prints it, the exporter writes it, explanations and the quote's appendix list
its figures (`figures`).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from decimal import Decimal, InvalidOperation
from typing import Any

from ..catalog import Catalog, Part
from ..message import Msg


def strict_json(value: Any) -> Any:
    """`value` made printable as strict JSON: a non-finite number becomes null, and a string
    that cannot be UTF-8 (a file name's undecodable bytes, held as lone surrogates) shows those
    bytes as U+FFFD. The inputs' ranges keep figures finite; this guarantees `--json` output
    parses in every JSON parser even if one slips through (`json.dumps` would print Infinity)."""
    if isinstance(value, float):
        return value if math.isfinite(value) else None
    if isinstance(value, Decimal):
        return value if value.is_finite() else None
    if isinstance(value, str):
        try:
            value.encode("utf-8")
            return value
        except UnicodeEncodeError:
            return value.encode("utf-8", "surrogateescape").decode("utf-8", "replace")
    if isinstance(value, dict):
        return {strict_json(k): strict_json(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [strict_json(v) for v in value]
    return value


def _money(value: Decimal | None) -> str | None:
    return None if value is None else str(value)


def part_to_json(part: Part, catalog: Catalog) -> dict[str, Any]:
    data = part.model_dump(mode="json", exclude={"origin"})
    data["origin"] = part.origin
    price = catalog.price(part.id)
    data["price"] = (
        {"amount": str(price.price), "currency": price.currency, "date": price.date, "source": price.source,
         "origin": price.origin} if price else None
    )
    return data


def evaluation_to_json(ev: Any, violation_json: Callable[[Any], dict[str, Any]],
                       english: Callable[[Msg], str]) -> dict[str, Any]:
    """The stable JSON shape of an Evaluation (see docs/cli.md); `violation_json` words each violation
    and `english` each other message (`configurator.words.problems.violation_json`,
    `configurator.words.render.in_english`: the core has no words)."""
    p, psu, th, c, m, bw, cost, tco = ev.power, ev.psu, ev.thermal, ev.compute, ev.memory, ev.bandwidth, ev.cost, ev.tco
    out: dict[str, Any] = {
        "chassis": {"id": ev.chassis_id, "name": ev.chassis_name, "rack_units": ev.rack_units,
                    "weight_kg": ev.weight_kg},
        "power_w": {"idle": round(p.idle_w, 1), "typical": round(p.typical_w, 1), "max": round(p.max_w, 1),
                    "peak": round(p.peak_w, 1)},
        "wall_power_w": {"idle": round(p.wall_idle_w, 1), "typical": round(p.wall_typical_w, 1),
                         "max": round(p.wall_max_w, 1)},
        "power_lines": [line.model_dump() for line in p.lines],
        "psu": {"count": psu.count, "bays": psu.bays, "model": psu.model, "rating_w": psu.rating_w,
                "redundancy": psu.redundancy, "active": psu.active, "usable_w": psu.usable_w,
                "load_pct": {"idle": round(psu.load_pct_idle, 1), "typical": round(psu.load_pct_typical, 1),
                             "max": round(psu.load_pct_max, 1)},
                "feeds": psu.feeds, "feed_capacity_w": psu.feed_capacity_w},
        "heat_btu_hr": round(th.heat_btu_hr, 0),
        "heat_btu_hr_typical": round(th.heat_btu_hr_typical, 0),
        "airflow_cfm": round(th.airflow_cfm, 0),
        "thermal": th.model_dump(),
        "gpu": {"count": c.gpu_count, "id": c.gpu_id, "model": c.gpu_model, "vram_gb": c.vram_gb,
                "vram_gb_per_gpu": c.vram_gb_per_gpu, "hbm_bandwidth_gbs": c.hbm_bandwidth_gbs,
                "bf16_tflops": c.bf16_tflops, "fp16_tflops": c.fp16_tflops, "fp8_tflops": c.fp8_tflops},
        "cpu": {"count": c.cpu_count, "model": c.cpu_model, "cores": c.cpu_cores},
        "memory": {"capacity_gb": m.capacity_gb, "bandwidth_gbs": m.bandwidth_gbs, "speed_mts": m.speed_mts,
                   "dimms": m.dimm_count, "channels_populated": m.channels_populated,
                   "channels_total": m.channels_total, "dpc": m.dpc, "ratio_to_vram": m.ratio_to_vram},
        "bandwidth_chain": [{"name": english(link.name), "stage": link.stage, "gbs": link.gbs,
                             "detail": english(link.detail) if link.detail else ""} for link in bw.chain],
        "bottlenecks": [{"stage": bw.bottleneck, "gbs": bw.bottleneck_gbs, "explanation": english(bw.explanation)}]
        if bw.bottleneck else [],
        "cost": cost_to_json(cost, english),
        "tco": {"years": tco.years, "capex": _money(tco.capex), "energy_kwh_per_year": round(tco.energy_kwh_per_year),
                "energy_cost_per_year": _money(tco.energy_cost_per_year),
                "support_per_year": _money(tco.support_per_year), "total": _money(tco.total),
                "dense_pflops": tco.dense_pflops, "cost_per_pflops": _money(tco.cost_per_pflops),
                "rent_per_gpu_hour": _money(tco.rent_per_gpu_hour), "rent_per_month": _money(tco.rent_per_month),
                "breakeven_month": tco.breakeven_month},
        "violations": [violation_json(v) for v in ev.violations],
    }
    wl = ev.workload
    if wl is not None:
        out["workload"] = workload_result_to_json(wl, english)
    return strict_json(out)


def cost_to_json(cost: Any, english: Callable[[Msg], str]) -> dict[str, Any]:
    """The priced BOM: every line the quote prints and the totals it adds up to (docs/cli.md); a
    line the core names (an owned part, the support line) worded by `english`."""
    return {"currency": cost.currency, "total": _money(cost.total),
            "subtotal_hardware": _money(cost.subtotal_hardware), "subtotal_services": _money(cost.subtotal_services),
            "subtotal": _money(cost.subtotal), "discount_pct": _money(cost.discount_pct),
            "discount": _money(cost.discount), "tax_pct": _money(cost.tax_pct), "tax": _money(cost.tax),
            "tax_included": cost.tax_included, "total_includes_tax": cost.total_includes_tax,
            "shipping": _money(cost.shipping), "missing_prices": list(cost.missing_prices), "fx_note": cost.fx_note,
            "lines": [_line_json(ln, english) for ln in cost.lines]}


def _line_json(ln: Any, english: Callable[[Msg], str]) -> dict[str, Any]:
    """One BOM line; `alternatives` (the other accessories of a companion's role) only where there are some."""
    out = {"kind": ln.kind, "group": ln.group, "category": ln.category, "part_id": ln.part_id,
           "part_number": ln.part_number, "sku_note": ln.sku_note,
           "name": english(ln.name) if isinstance(ln.name, Msg) else ln.name, "qty": ln.qty,
           "unit_price": _money(ln.unit_price), "extended": _money(ln.extended), "price_source": ln.price_source}
    if ln.alternatives:
        out["alternatives"] = [{"part_id": a.part_id, "part_number": a.part_number, "sku_note": a.sku_note,
                                "name": a.name, "unit_price": _money(a.unit_price), "price_source": a.price_source}
                               for a in ln.alternatives]
    return out


#: WorkloadResult fields only a serving engine has: left out where they are None (training, whole-batch generate)
_SERVING_ONLY = frozenset({"kv_cache_tokens", "max_concurrency", "concurrency_tokens", "cuda_graph_bytes", "comm_buffer_bytes"})


def workload_result_to_json(wl: Any, english: Callable[[Msg], str]) -> dict[str, Any]:
    """A WorkloadResult's fields in their order, its verdict and notes worded by `english`."""
    worded = {"verdict": english(wl.verdict), "notes": [english(n) for n in wl.notes]}
    dumped = wl.model_dump(mode="json", exclude=set(worded))
    data = {k: worded[k] if k in worded else dumped[k] for k in type(wl).model_fields
            if k not in _SERVING_ONLY or dumped.get(k) is not None}
    per_gpu = wl.per_gpu
    data["per_gpu_bytes"] = {k: getattr(per_gpu, k) for k in
                             ("weights", "gradients", "optimizer", "activations", "kv_cache", "overhead", "total")}
    return data


_MONEY_SECTIONS = ("cost.", "tco.")


def _leaves(data: Any, prefix: str = "") -> Iterator[tuple[str, Any]]:
    if isinstance(data, dict):
        for k, v in data.items():
            yield from _leaves(v, f"{prefix}.{k}" if prefix else str(k))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            yield from _leaves(v, f"{prefix}.{i}")
    else:
        yield prefix, data


def _is_figure(key: str, value: Any) -> bool:
    if isinstance(value, bool) or value is None:
        return False
    if isinstance(value, int | float | Decimal):
        return True
    if isinstance(value, str) and key.startswith(_MONEY_SECTIONS) and not key.endswith(("currency", "fx_note")):
        try:
            Decimal(value)
        except InvalidOperation:
            return False
        return True
    return False


def figures(evaluation: Any) -> dict[str, Any]:
    """Every figure of `evaluate --json` for this evaluation: path -> value as printed. A companion
    line's alternatives are not figures of the build (not on its BOM; their price source is on them)."""
    return {k: v for k, v in _leaves(evaluation_to_json(evaluation, _code_only, _no_words))
            if _is_figure(k, v) and ".alternatives." not in k}


def _no_words(msg: Msg) -> str:
    """A message left unworded (no figure reads words)."""
    return ""


def _code_only(v: Any) -> dict[str, Any]:
    """A violation without its words (no figure reads them)."""
    return {"severity": v.severity, "code": v.code, "slots": list(v.slots)}
