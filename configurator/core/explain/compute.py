"""Explanations of the compute figures: the GPUs' count, memory and peak rates, the CPUs' count
and cores."""

from __future__ import annotations

import re
from typing import Any

from ..catalog import CPU, GPU
from ..message import Term
from .explanation import Explainer, Explanation, Input

_GPU_FIELD = {"vram_gb": "memory_gb", "vram_gb_per_gpu": "memory_gb", "hbm_bandwidth_gbs": "memory_bandwidth_gbs",
              "bf16_tflops": "bf16_tflops", "fp16_tflops": "fp16_tflops", "fp8_tflops": "fp8_tflops"}


def quantities(x: Explainer, ids: list[str], placed: list[Any]) -> list[Input]:
    """"quantity of <id>" for each distinct part, counted from the placements."""
    return [x.placed(x.t("explain.quantity-part", part=i), sum(p.id == i for p in placed)) for i in ids]


def gpu(x: Explainer, m: re.Match[str]) -> Explanation:
    gpus = [pl.part for pl in x.ctx.gpus_placed if isinstance(pl.part, GPU)]
    what = m.group(1)
    if what == "count":
        return x.made("", x.t("explain.gpus-placed-baseboard-positions-pcie"),
                      [x.placed(x.t("explain.placements"), len(gpus), "explain.build")])
    fld = _GPU_FIELD[what]
    unit = {"memory_gb": "GB", "memory_bandwidth_gbs": "GB/s"}.get(fld, "TFLOPS")
    ids = sorted({g.id for g in gpus})
    ins = quantities(x, ids, gpus)
    ins += [x.part_input(next(g for g in gpus if g.id == i), fld, unit=unit) for i in ids]
    ins = ins or [x.placed(x.t("explain.gpus-placed"), 0)]
    if what == "vram_gb_per_gpu":
        return x.made(unit, x.t("explain.memory-smallest-gpu-placed"), ins)
    if unit == "TFLOPS":
        return x.made(unit, x.t("explain.over-gpus-field-dense-no",
                                field=Term(fld)), ins)
    return x.made(unit, x.t("explain.over-gpus-field", field=Term(fld)), ins)


def cpu(x: Explainer, m: re.Match[str]) -> Explanation:
    cpus = [pl.part for pl in x.ctx.in_slots("cpu", "cpu") if isinstance(pl.part, CPU)]
    if m.group(1) == "count":
        return x.made("", x.t("explain.cpus-placed-sockets"), [x.placed(x.t("explain.placements"), len(cpus), "explain.build")])
    return x.made("", x.t("explain.over-cpus-field", field=Term("cores")),
                  [x.part_input(c, "cores") for c in cpus] or [x.placed(x.t("explain.cpus-placed"), 0)])


