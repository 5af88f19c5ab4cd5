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
from ..core.evaluate.workload_models import mfu_regime
from ..core.evaluator import Evaluator
from ..core.message import Msg
from ..core.recommend import Recommendation, Request, recommend
from ..core.recommend.reasons import serving_line
from ..core.text import N_
from ..store.build_files import save_build
from ..words.i18n import _
from ..words.part_words import part_name
from ..words.render import in_english, say
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
    auto = args.mode == "infer" and getattr(args, "batch", 1) is None and args.concurrent_users is None
    if getattr(args, "batch", 1) is None:
        args.batch = 1
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
                       max_servers=args.max_servers, front_size=args.top,
                       waived=tuple(getattr(args, "waive", ())), auto_concurrency=auto)
    except ValidationError as exc:
        err = exc.errors()[0]
        name = ".".join(str(x) for x in err["loc"])
        found = validation_text.msg(err)
        if not name and found.id == "value.at-field":     # a check across fields names its field
            name, details = str(found["field"]), found["details"]
            found = details if isinstance(details, Msg) else found
        flag = "--" + _FLAGS.get(name, name).replace("_", "-")
        raise CliError(found, flag) from None


def _mfu_source(rec: Recommendation, r: Any) -> str:
    """Where a training answer's MFU comes from: "given", or the default's regime (server, between, scale)."""
    if rec.request.workload.mfu is not None:
        return "given"
    return mfu_regime(r.evaluation.compute.gpu_count * r.servers)


def _training_json(rec: Recommendation, r: Any) -> dict[str, Any] | None:
    """A training answer's parallelism and MFU (multi-server: the cluster model's layout)."""
    if r.mfu is None:
        return None
    p = r.layout
    return {"mfu": r.mfu, "mfu_source": _mfu_source(rec, r),
            "parallelism": None if p is None else {"tp": p.tensor_parallel, "pp": p.pipeline_stages,
                                                    "dp": p.data_parallel},
            "scaling_efficiency": None if p is None else p.efficiency}


#: how a training answer's MFU source reads
_MFU_SOURCES = {
    "given": N_("given"),
    "server": N_("the default on one server"),
    "between": N_("the default between one server and the at-scale figure for the model's size"),
    "scale": N_("the at-scale default for the model's size, from the Llama 3.1 model card"),
}


def _training_line(rec: Recommendation, r: Any, tr: Any) -> list[str]:
    if r.mfu is None:
        return []
    source = tr(_MFU_SOURCES[_mfu_source(rec, r)])
    p = r.layout
    if p is None:
        return [tr(N_("MFU {mfu} ({source}).")).format(mfu=f"{r.mfu:.1%}", source=source)]
    return [tr(N_("Parallelism: TP {tp} per server × PP {pp} × DP {dp}; MFU {mfu} ({source}); scaling efficiency "
                  "{eff}.")).format(tp=p.tensor_parallel, pp=p.pipeline_stages, dp=p.data_parallel,
                                    mfu=f"{r.mfu:.1%}", source=source, eff=f"{p.efficiency:.0%}")]


def to_json(rec: Recommendation) -> dict[str, Any]:
    """The `recommend --json` object (docs/cli.md)."""
    return {
        "candidates": rec.candidates, "enumerated": rec.enumerated, "blocks": rec.blocks, "seconds": round(rec.seconds, 3),
        "none_reason": rec.none_reason or None, "rejected_by_rules": list(rec.rejected),
        "dropped_by_serving_targets": [x.to_json() for x in rec.dropped],
        "left_out": {"unpriced": list(rec.left_out.unpriced),
                     "for_want_of_a_priced_companion": [{"parts": list(parts), "companions": list(comps)}
                                                        for parts, comps in rec.left_out.stranded],
                     "messages": [in_english(m) for m in rec.left_out_messages]},
        "serving_bounds_ms": None if rec.request.training else {
            "ttft": rec.request.ttft_limit_ms, "tpot": rec.request.tpot_limit_ms,
            "concurrency_chosen_within": rec.request.auto_concurrency},
        "results": [{
            "servers": r.servers, "chassis": r.build.chassis, "gpu": r.evaluation.compute.gpu_id,
            "gpus_per_server": r.evaluation.compute.gpu_count, "price": str(r.price), "tco": str(r.tco),
            "fabric_price": str(r.fabric),
            "currency": r.evaluation.cost.currency, "train_days": r.days, "tokens_per_s": r.tokens_per_s,
            "cost_per_million_tokens": str(r.cost_per_mtok) if r.cost_per_mtok is not None else None,
            "peak_w_per_server": r.evaluation.power.peak_w, "warnings": r.warnings,
            "why": [x.to_json() for x in r.reasons], "binds": [x.to_json() for x in r.binds],
            "serving": r.serving.to_json() if r.serving is not None else None,
            "training": _training_json(rec, r),
            "build": r.build.to_file_dict(),
        } for r in rec.results],
    }


def _training_assumptions(rec: Recommendation, tr: Any, finetune: bool) -> list[str]:
    """What a training answer assumed that the user did not give: the tokens, and no deadline."""
    req, lines = rec.request, []
    job, model = req.workload.train, req.workload.model
    if job.tokens is None:
        tokens = f"{20 * model.param_count() / 1e9:,.0f}"
        lines.append(tr(N_("Fine-tuning on {tokens} B tokens, the pretraining default (20 × parameters): give --tokens "
                           "for the fine-tuning set (examples × tokens each × epochs).") if finetune else
                        N_("Training on {tokens} B tokens, 20 × parameters (Chinchilla, arXiv:2203.15556); --tokens "
                           "sets them.")).format(tokens=tokens))
    if req.deadline_days is None:
        lines.append(tr(N_("No deadline: the builds are ranked by price whatever their training time; "
                           "--deadline-days sizes the servers to a date.")))
    return lines


def to_text(rec: Recommendation, tr: Any = lambda s: s, finetune: bool = False) -> str:
    """A table of the front and each build's reasons; `tr` translates a template (gettext)."""
    lines = [tr(N_("{m:,} valid servers in {b} blocks, {n:,} scored after dominance pruning, in {s:.2f} s.")).format(
        m=rec.enumerated, n=rec.candidates, s=rec.seconds, b=rec.blocks)]
    if rec.request.training:
        lines += _training_assumptions(rec, tr, finetune)
    if not rec.results:
        lines.append(tr(rec.none_reason))
    lines += [say(m) for m in rec.left_out_messages]
    lines += [tr(x.template).format(**dict(x.values)) for x in rec.dropped]
    req = rec.request
    if req.auto_concurrency and not req.training:
        lines.append(tr(N_("Each server runs the most sequences with the first token within {ttft} ms and {tpot} ms per "
                           "output token ({source}); --batch or --concurrent-users sets the concurrency.")).format(
            ttft=f"{req.ttft_limit_ms:,.0f}", tpot=f"{req.tpot_limit_ms:,.0f}",
            source=tr(N_("the targets asked")) if req.target_ttft_ms and req.target_tpot_ms
            else tr(N_("MLPerf Inference's Server scenario bounds where none was asked"))))
    codes = sorted({x.rpartition(": ")[2] for x in rec.rejected})
    if codes:
        lines.append(tr(N_("Set aside because check finds an error or warning on them: {n} builds ({codes}); "
                           "--waive CODE accepts a warning.")).format(n=f"{len(rec.rejected):,}", codes=", ".join(codes)))
    for k, r in enumerate(rec.results, 1):
        c = r.evaluation.compute
        speed = (tr(N_("{days} days")).format(days=f"{r.days:,.1f}") if r.days is not None
                 else tr(N_("{rate} tokens/s")).format(rate=f"{r.tokens_per_s:,.0f}"))
        lines.append(f"{k:2}. {r.servers} × {part_name(r.evaluation.chassis_name)}, {c.gpu_count} × {part_name(c.gpu_model)}: "
                     f"{r.price:,.2f} {r.evaluation.cost.currency}, {speed}")
        said = (*r.reasons, *((serving_line(r.serving),) if r.serving is not None else ()), *r.binds)
        lines += ["      " + tr(x.template).format(**dict(x.values)) for x in said]
        lines += ["      " + x for x in _training_line(rec, r, tr)]
        if r.fabric:
            lines.append("      " + tr(N_("The price includes the compute fabric's switches, optics and cables and the "
                                          "racks, PDUs and installation, {amount} {currency}, sized and priced as "
                                          "configurator cluster --from does."))
                         .format(amount=f"{r.fabric:,.2f}", currency=r.evaluation.cost.currency))
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
    finetune = args.mode == "finetune"
    rec = recommend(build_request(args), evaluator, _progress() if sys.stderr.isatty() else None)
    if args.output and rec.results:
        save_build(rec.results[0].build, args.output)
    return to_json(rec), to_text(rec, tr, finetune)
