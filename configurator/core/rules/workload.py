"""Workload fit: the session's workload must fit the memory of the build's GPUs.

Unlike the other families this one needs the workload, which is not a rule input (a workload
edit must not re-run every rule): the evaluator calls `check` with the build's workload and
the `WorkloadResult` it computed, and merges the violations with the rules'. The fix is the
first change that makes the job fit (ZeRO-3, activation checkpointing, micro-batch 1, lower-precision weights,
more GPUs of the same model in free slots, or a GPU with more memory); the others that also
fit are named in the fix's words. Sizes are the workload model's (docs/workload-model.md).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from decimal import Decimal
from typing import Any

from ..catalog import GPU
from ..context import BuildContext, covers
from ..evaluate.workload import estimate_memory
from ..evaluate.workload_memory import reserve_bytes
from ..evaluate.workload_models import Workload, WorkloadResult
from ..message import Msg, items
from ..placement import fits_slot, placement_problems
from ..violations import Fix, Violation
from ._common import batch, place, set_option

__all__ = ["check", "needed_bytes"]

CODE = "workload.does-not-fit"
#: one way to fit: its words, the ops that make it, and the GB per GPU it then needs
Way = tuple[Msg, tuple[Any, ...], float]


def needed_bytes(workload: Workload, n_gpus: int) -> int:
    """What each GPU must hold for `workload` on `n_gpus`: PyTorch's peak plus the CUDA reserve."""
    total = estimate_memory(workload, workload.sharded_over(n_gpus)).total
    return total + reserve_bytes(total)


def _gb(n: float) -> Decimal:
    """GB, to 0.1 GB under 100 GB, else whole."""
    return Decimal(f"{n / 1e9:.1f}" if n < 100e9 else f"{n / 1e9:.0f}")


def check(ctx: BuildContext, spec: Mapping[str, Any] | None, result: WorkloadResult | None) -> list[Violation]:
    """`workload.does-not-fit` when the workload needs more memory per GPU than the GPUs have;
    `workload.tensor-parallel` when a served model does not split over the server's GPUs."""
    if spec is None or result is None or ctx.chassis is None:
        return []
    wl = Workload.model_validate(dict(spec))
    out = _tensor_parallel(wl, len(ctx.gpus))
    if result.fits:
        return out
    return out + _does_not_fit(ctx, spec, wl, result)


def _tensor_parallel(wl: Workload, n: int) -> list[Violation]:
    """Serving assumes one tensor-parallel group over the server's GPUs (docs/workload-model.md):
    a count vLLM and TensorRT-LLM cannot split the heads over gives an estimate no engine runs."""
    m = wl.model
    n = wl.serving_tp(n)         # GPUs per replica where the workload runs several
    if wl.mode != "infer" or n <= 1 or m.tensor_parallel_ok(n):
        return []
    fit = max(k for k in range(1, n + 1) if m.tensor_parallel_ok(k))
    message = Msg("workload.tensor-parallel", model=m.name, heads=m.heads, kv_heads=m.kv_heads, n=n)
    fix = Fix(description=Msg("workload.tensor-parallel.fix", n=fit), ops=())
    return [Violation(severity="warning", code="workload.tensor-parallel", message=message, slots=(), fix=fix)]


def _does_not_fit(ctx: BuildContext, spec: Mapping[str, Any], wl: Workload,
                  result: WorkloadResult) -> list[Violation]:
    gpus = ctx.gpus
    need = result.capacity_bytes - result.headroom_bytes
    message = Msg("workload.does-not-fit", model=wl.model.name, need=_gb(need), have=_gb(result.capacity_bytes))
    ways = _ways(ctx, dict(spec), wl, len(gpus), result.capacity_bytes)
    if ways:
        first, ops, fits = ways[0]
        words = Msg("workload.use", changes=first, need=_gb(fits))
        if len(ways) > 1:
            others = ways[-1][0]
            for w, _, _ in reversed(ways[1:-1]):
                others = Msg("workload.or", first=w, rest=others)
            words = Msg("workload.use-or", changes=first, need=_gb(fits), ways=others)
        fix = Fix(description=words, ops=(batch(ops, "op.label.workload-fit"),))
    else:
        fix = Fix(description=Msg("workload.none"), ops=())
    slots = tuple(p.slot.id for p in ctx.placed if isinstance(p.part, GPU))
    return [Violation(severity="error", code=CODE, message=message, slots=slots, fix=fix)]


def _ways(ctx: BuildContext, spec: dict[str, Any], wl: Workload, n: int, capacity: int) -> list[Way]:
    """Every single change that makes the job fit, in the order a user would try them."""
    out: list[Way] = []

    def job_change(words: Msg, section: str, update: dict[str, Any], gpus: int = n) -> None:
        if all(getattr(getattr(wl, section), k) == v for k, v in update.items()):
            return
        changed = {**spec, section: {**dict(spec.get(section) or {}), **update}}
        need = needed_bytes(Workload.model_validate(changed), gpus)
        if need <= capacity:
            out.append((words, (set_option("workload", changed),), need))

    if n >= 1 and wl.mode == "train":
        job_change(Msg("workload.zero3", n=n), "train", {"zero_stage": 3})
        job_change(Msg("workload.checkpointing"), "train", {"checkpointing": True})
        if not out:
            job_change(Msg("workload.zero3-checkpointing"), "train", {"zero_stage": 3, "checkpointing": True})
        job_change(Msg("workload.micro-batch-1"), "train", {"micro_batch": 1})
    elif n >= 1:
        for precision in ("fp8", "int4"):
            if precision != wl.infer.precision:
                job_change(Msg("workload.precision", precision=precision), "infer", {"precision": precision})
                if out:
                    break
    out.extend(_more_gpus(ctx, wl, n, capacity))
    out.extend(_bigger_gpu(ctx, wl, n))
    return out


def _more_gpus(ctx: BuildContext, wl: Workload, n: int, capacity: int) -> list[Way]:
    """The fewest more GPUs of the build's model, in free slots that take them, that make it fit."""
    gpus = [p for p in ctx.placed if isinstance(p.part, GPU)]
    if not gpus:
        return []
    model = gpus[0].part
    free = [s.id for s in ctx.slots
            if s.id not in ctx.build.placements and not placement_problems(ctx, s.id, model.id)]
    free = _spread(free, lambda sid: covers(model, pcie) if (pcie := ctx.slot_by_id[sid].pcie) else ())
    for extra in range(1, len(free) + 1):
        need = needed_bytes(wl, n + extra)
        if need <= capacity:
            add = free[:extra]
            return [(Msg("workload.more-gpus", n=extra, gpu=model.name, slots=items(add)),
                     tuple(place(s, model.id) for s in add), need)]
    return []


def _spread(free: list[str], covered_by: Callable[[str], tuple[str, ...]]) -> list[str]:
    """Free slots that do not cover one another once filled (a wide card takes its neighbour)."""
    taken: set[str] = set()
    out = []
    for sid in free:
        if sid in taken:
            continue
        out.append(sid)
        taken.update(covered_by(sid))
    return out


def _bigger_gpu(ctx: BuildContext, wl: Workload, n: int) -> list[Way]:
    """The catalog GPU with the least memory that fits the job and every slot the GPUs are in."""
    chassis = ctx.chassis
    placed = [p for p in ctx.placed if isinstance(p.part, GPU)]
    if chassis is None or not placed:
        return []
    need = needed_bytes(wl, n)
    fitting = [g for g in ctx.catalog.by_category("gpu")
               if isinstance(g, GPU) and g.memory_gb * 1e9 >= need
               and all(fits_slot(chassis, p.slot, g)[0] for p in placed)]
    if not fitting:
        return []
    best = min(fitting, key=lambda g: (g.memory_gb, g.id))
    return [(Msg("workload.bigger-gpu", gpu=best.name, memory=best.memory_gb, old=placed[0].part.name),
             tuple(place(p.slot.id, best.id) for p in placed), need)]
