"""`configurator recommend`'s work: from a job (a model preset or shape, training or serving) and
constraints to the Pareto-best builds, as text or JSON, and optionally the best build written as a
build file (the flags are cli/commands/recommend.py's)."""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from decimal import Decimal, InvalidOperation
from typing import Any

from pydantic import ValidationError

from ..core import validation_text
from ..core.evaluator import Evaluator
from ..core.message import Msg
from ..core.recommend import Recommendation, Request, recommend
from ..core.recommend.reasons import serving_line
from ..core.text import N_
from ..store.build_files import save_build
from ..words.i18n import _
from .command import CliError
from .workload_command import build_workload


def _owned(items: list[str]) -> dict[str, int]:
    out: dict[str, int] = {}
    for item in items:
        pid, _eq, n = item.partition("=")
        try:
            out[pid] = int(n or "1")
        except ValueError:
            raise CliError(Msg("cli.not-part-n", item=repr(item)), "--owned") from None
    return out


#: Request fields whose flag is named otherwise
_FLAGS = {"target_ttft_ms": "ttft_ms", "target_tpot_ms": "tpot_ms", "max_kw_per_server": "max_kw",
          "max_rack_units": "max_ru", "front_size": "top"}


def build_request(args: argparse.Namespace) -> Request:
    """The `Request` the arguments describe; `CliError` names the bad flag."""
    args.mode = {"finetune": "train", "serve": "infer"}.get(args.mode, args.mode)
    workload = build_workload(args)
    try:
        budget = Decimal(args.budget) if args.budget is not None else None
    except InvalidOperation:
        raise CliError(Msg("cli.value-not-a-number", value=repr(args.budget)), "--budget") from None
    try:
        return Request(workload=workload, deadline_days=args.deadline_days,
                       target_tokens_per_s=args.target_tokens_per_s, target_ttft_ms=args.ttft_ms,
                       target_tpot_ms=args.tpot_ms, concurrent_users=args.concurrent_users,
                       budget=budget, currency=args.currency,
                       max_kw_per_server=args.max_kw, max_rack_units=args.max_ru, cooling=args.cooling,
                       ambient_c=args.ambient, vendors=tuple(args.vendor), gpu_families=tuple(args.gpu_family),
                       owned=_owned(args.owned), objective=args.objective, tco_years=args.tco_years,
                       max_servers=args.max_servers, front_size=args.top)
    except ValidationError as exc:
        err = exc.errors()[0]
        name = ".".join(str(x) for x in err["loc"])
        found = validation_text.msg(err)
        if not name and found.id == "value.at-field":     # a check across fields names its field
            name, details = str(found["field"]), found["details"]
            found = details if isinstance(details, Msg) else found
        flag = "--" + _FLAGS.get(name, name).replace("_", "-")
        raise CliError(found, flag) from None


def to_json(rec: Recommendation) -> dict[str, Any]:
    """The `recommend --json` object (docs/cli.md)."""
    return {
        "candidates": rec.candidates, "enumerated": rec.enumerated, "blocks": rec.blocks, "seconds": round(rec.seconds, 3),
        "none_reason": rec.none_reason or None, "rejected_by_rules": list(rec.rejected),
        "dropped_by_serving_targets": [x.to_json() for x in rec.dropped],
        "results": [{
            "servers": r.servers, "chassis": r.build.chassis, "gpu": r.evaluation.compute.gpu_id,
            "gpus_per_server": r.evaluation.compute.gpu_count, "price": str(r.price), "tco": str(r.tco),
            "currency": r.evaluation.cost.currency, "train_days": r.days, "tokens_per_s": r.tokens_per_s,
            "cost_per_million_tokens": str(r.cost_per_mtok) if r.cost_per_mtok is not None else None,
            "peak_w_per_server": r.evaluation.power.peak_w, "warnings": r.warnings,
            "why": [x.to_json() for x in r.reasons], "binds": [x.to_json() for x in r.binds],
            "serving": r.serving.to_json() if r.serving is not None else None,
            "build": r.build.to_file_dict(),
        } for r in rec.results],
    }


def to_text(rec: Recommendation, tr: Any = lambda s: s) -> str:
    """A table of the front and each build's reasons; `tr` translates a template (gettext)."""
    lines = [tr(N_("{m:,} valid servers in {b} blocks, {n:,} scored after dominance pruning, in {s:.2f} s.")).format(
        m=rec.enumerated, n=rec.candidates, s=rec.seconds, b=rec.blocks)]
    if not rec.results:
        lines.append(tr(rec.none_reason))
    lines += [tr(x.template).format(**dict(x.values)) for x in rec.dropped]
    for k, r in enumerate(rec.results, 1):
        c = r.evaluation.compute
        speed = (tr(N_("{days} days")).format(days=f"{r.days:,.1f}") if r.days is not None
                 else tr(N_("{rate} tokens/s")).format(rate=f"{r.tokens_per_s:,.0f}"))
        lines.append(f"{k:2}. {r.servers} × {r.evaluation.chassis_name}, {c.gpu_count} × {c.gpu_model}: "
                     f"{r.price:,.2f} {r.evaluation.cost.currency}, {speed}")
        said = (*r.reasons, *((serving_line(r.serving),) if r.serving is not None else ()), *r.binds)
        lines += ["      " + tr(x.template).format(**dict(x.values)) for x in said]
    return "\n".join(lines)


def _progress() -> Callable[[int, int], None]:
    """A progress line on the terminal (stderr) for a search that takes over a second."""
    start = time.monotonic()
    shown = [0.0]

    def show(done: int, total: int) -> None:
        now = time.monotonic()
        if now - start < 1.0 or (now - shown[0] < 0.2 and done < total):
            return
        shown[0] = now
        end = "\r\033[K" if done >= total else "\r"
        text = _("searching: block {done} of {total}").format(done=f"{done:,}", total=f"{total:,}")
        sys.stderr.write(("\r" + text + end) if done < total else end)
        sys.stderr.flush()
    return show


def run(args: argparse.Namespace, evaluator: Evaluator, tr: Any = lambda s: s) -> tuple[dict[str, Any], str]:
    """Recommend, write the best build when asked; (JSON object, text)."""
    rec = recommend(build_request(args), evaluator, _progress() if sys.stderr.isatty() else None)
    if args.output and rec.results:
        save_build(rec.results[0].build, args.output)
    return to_json(rec), to_text(rec, tr)
