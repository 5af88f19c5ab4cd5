"""`configurator recommend`: from a job (a model preset or shape, training or serving) and constraints
to the Pareto-best builds, as text or JSON, and optionally the best build written as a build file."""

from __future__ import annotations

import argparse
from decimal import Decimal, InvalidOperation
from typing import Any

from pydantic import ValidationError

from ..core import validation_text
from ..core.evaluator import Evaluator
from ..core.recommend import Recommendation, Request, recommend
from ..core.text import N_
from ..i18n import _
from .build_io import save_build
from .workload_cli import WorkloadArgError, build_workload


def _workload_arguments(p: argparse.ArgumentParser) -> None:
    """The `workload` command's job flags; ZeRO-3 and activation checkpointing on by default (what a
    buyer sizing servers would run: the least memory per GPU at the same 6·N·D time)."""
    p.add_argument("--json", action="store_true", help=_("print JSON instead of text"))
    p.add_argument("--preset", help=_("model preset, e.g. llama-3-70b (configurator workload --list-presets)"))
    for name in ("layers", "hidden", "heads", "kv-heads", "ffn", "vocab"):
        p.add_argument(f"--{name}", type=int)
    p.add_argument("--params", type=float, help=_("parameter count override (e.g. 6.74e9)"))
    p.add_argument("--mode", choices=("train", "finetune", "infer", "serve"), default="train")
    p.add_argument("--precision", choices=("fp32", "amp", "mixed", "bf16", "fp8", "fp16", "int8", "int4"))
    p.add_argument("--optimizer", choices=("adamw", "adamw8bit", "sgd"), default="adamw")
    p.add_argument("--optimizer-impl", choices=("fused", "foreach"), default="fused")
    p.add_argument("--grad-fp32", action="store_true")
    p.add_argument("--max-tokens-per-step", type=int, default=None)
    p.add_argument("--batch", type=int, default=1)
    p.add_argument("--seq", type=int, default=None, help=_("sequence length (train) / context (serve)"))
    p.add_argument("--new-tokens", type=int, default=512)
    p.add_argument("--kv-dtype", choices=("fp32", "fp16", "bf16", "fp8", "int8"), default="bf16")
    p.add_argument("--no-checkpointing", dest="checkpointing", action="store_false")
    p.add_argument("--zero", type=int, choices=(0, 1, 2, 3), default=3)
    p.add_argument("--mfu", type=float)
    p.add_argument("--tokens", type=float, help=_("training tokens (default 20 × parameters)"))


def add_arguments(p: argparse.ArgumentParser) -> None:
    """Every flag of `configurator recommend`: the job, the constraints, the objective."""
    _workload_arguments(p)
    p.add_argument("--deadline-days", type=float, help=_("training: finish within D days"))
    p.add_argument("--target-tokens-per-s", type=float, help=_("serving: output tokens/s over all servers"))
    p.add_argument("--budget", help=_("most money for all servers, in --currency"))
    p.add_argument("--currency", default="USD")
    p.add_argument("--max-kw", type=float, help=_("most wall power per server, kW"))
    p.add_argument("--max-ru", type=int, help=_("most rack units for all servers"))
    p.add_argument("--cooling", choices=("any", "air", "liquid"), default="any")
    p.add_argument("--ambient", type=float, default=25.0, help=_("site inlet air, °C"))
    p.add_argument("--vendor", action="append", default=[], help=_("allowed chassis vendor (repeatable)"))
    p.add_argument("--gpu-family", action="append", default=[], help=_("allowed GPU id/name substring (repeatable)"))
    p.add_argument("--owned", action="append", default=[], metavar="PART=N", help=_("parts the customer has"))
    p.add_argument("--objective", choices=("price", "tco", "time", "cost_per_mtok"), default="price")
    p.add_argument("--tco-years", type=int, default=5)
    p.add_argument("--max-servers", type=int, default=16)
    p.add_argument("--top", type=int, default=12, help=_("most builds shown"))
    p.add_argument("-o", "--output", metavar="BEST.json", help=_("write the best build as a build file"))


def _owned(items: list[str]) -> dict[str, int]:
    out: dict[str, int] = {}
    for item in items:
        pid, _eq, n = item.partition("=")
        try:
            out[pid] = int(n or "1")
        except ValueError:
            raise WorkloadArgError(f"--owned: {item!r} is not PART=N") from None
    return out


def build_request(args: argparse.Namespace) -> Request:
    """The `Request` the arguments describe; `WorkloadArgError` names the bad flag."""
    args.mode = {"finetune": "train", "serve": "infer"}.get(args.mode, args.mode)
    workload = build_workload(args)
    try:
        budget = Decimal(args.budget) if args.budget is not None else None
    except InvalidOperation:
        raise WorkloadArgError(f"--budget: {args.budget!r} is not a number") from None
    try:
        return Request(workload=workload, deadline_days=args.deadline_days,
                       target_tokens_per_s=args.target_tokens_per_s, budget=budget, currency=args.currency,
                       max_kw_per_server=args.max_kw, max_rack_units=args.max_ru, cooling=args.cooling,
                       ambient_c=args.ambient, vendors=tuple(args.vendor), gpu_families=tuple(args.gpu_family),
                       owned=_owned(args.owned), objective=args.objective, tco_years=args.tco_years,
                       max_servers=args.max_servers, front_size=args.top)
    except ValidationError as exc:
        err = exc.errors()[0]
        flag = "--" + ".".join(str(x) for x in err["loc"]).replace("_", "-")
        raise WorkloadArgError(f"{flag}: {validation_text.message(err)}") from None


def to_json(rec: Recommendation) -> dict[str, Any]:
    """The `recommend --json` object (docs/cli.md)."""
    return {
        "candidates": rec.candidates, "enumerated": rec.enumerated, "blocks": rec.blocks, "seconds": round(rec.seconds, 3),
        "none_reason": rec.none_reason or None, "rejected_by_rules": list(rec.rejected),
        "results": [{
            "servers": r.servers, "chassis": r.build.chassis, "gpu": r.evaluation.compute.gpu_id,
            "gpus_per_server": r.evaluation.compute.gpu_count, "price": str(r.price), "tco": str(r.tco),
            "currency": r.evaluation.cost.currency, "train_days": r.days, "tokens_per_s": r.tokens_per_s,
            "cost_per_million_tokens": str(r.cost_per_mtok) if r.cost_per_mtok is not None else None,
            "peak_w_per_server": r.evaluation.power.peak_w, "warnings": r.warnings,
            "why": [x.to_json() for x in r.reasons], "binds": [x.to_json() for x in r.binds],
            "build": r.build.to_file_dict(),
        } for r in rec.results],
    }


def to_text(rec: Recommendation, tr: Any = lambda s: s) -> str:
    """A table of the front and each build's reasons; `tr` translates a template (gettext)."""
    lines = [tr(N_("{m:,} valid servers in {b} blocks, {n:,} scored after dominance pruning, in {s:.2f} s.")).format(
        m=rec.enumerated, n=rec.candidates, s=rec.seconds, b=rec.blocks)]
    if not rec.results:
        lines.append(tr(rec.none_reason))
    for k, r in enumerate(rec.results, 1):
        c = r.evaluation.compute
        speed = (tr(N_("{days} days")).format(days=f"{r.days:,.1f}") if r.days is not None
                 else tr(N_("{rate} tokens/s")).format(rate=f"{r.tokens_per_s:,.0f}"))
        lines.append(f"{k:2}. {r.servers} × {r.evaluation.chassis_name}, {c.gpu_count} × {c.gpu_model}: "
                     f"{r.price:,.2f} {r.evaluation.cost.currency}, {speed}")
        lines += ["      " + tr(x.template).format(**dict(x.values)) for x in (*r.reasons, *r.binds)]
    return "\n".join(lines)


def run(args: argparse.Namespace, evaluator: Evaluator, tr: Any = lambda s: s) -> tuple[dict[str, Any], str]:
    """Recommend, write the best build when asked; (JSON object, text)."""
    rec = recommend(build_request(args), evaluator)
    if args.output and rec.results:
        save_build(rec.results[0].build, args.output)
    return to_json(rec), to_text(rec, tr)
