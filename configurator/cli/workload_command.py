"""Workloads for the CLI: `configurator workload` (a Workload from arguments, then memory, fit
and time) and the workload files `configurator evaluate --workload FILE` reads."""

from __future__ import annotations

import argparse
import math
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from ..core import validation_text
from ..core.evaluate.workload import (
    InferJob,
    ModelShape,
    TrainJob,
    Workload,
    deepspeed_estimator_bytes,
    estimate_memory,
    evaluate_workload,
    model_states,
)
from ..core.input_error import InputError
from ..core.message import Msg
from ..store.build_files import parse_json_checked
from ..store.model_presets import load_presets
from ..store.text_files import read_text
from ..store.workload_limits import workload_problem
from ..words.i18n import N_, _, pad
from ..words.render import in_english, say
from .command import CliError
from .commands.workload import DEFAULT_SEQ_LEN

MAX_WORKLOAD_BYTES = 1_000_000   # a workload is a few hundred bytes of JSON


#: the memory rows' and modes' words (the keys, as the English text has always printed them)
ROWS = {"weights": N_("weights"), "gradients": N_("gradients"), "optimizer": N_("optimizer"),
        "activations": N_("activations"), "kv_cache": N_("kv_cache"), "overhead": N_("overhead"), "total": N_("total")}
MODES = {"train": N_("train"), "infer": N_("infer")}
#: the name of a model given by its shape flags (no preset); shown in the user's language
CUSTOM = N_("custom")


@dataclass(frozen=True)
class WorkloadReport:
    data: dict[str, Any]
    text: str


def load_workload_file(path: Path | str) -> Workload:
    """A workload JSON file; raises an `InputError` (one line, naming the file and the field)."""
    text = read_text(path, max_bytes=MAX_WORKLOAD_BYTES, what="workload file")
    data = parse_json_checked(text, str(path))      # BuildFileError: `<file>: field '<f>': <message>`
    problem = workload_problem(data)
    if problem:
        raise InputError(problem[1], str(path), problem[0])
    try:
        return Workload.model_validate(data)
    except RecursionError:
        raise InputError(Msg("build.too-deep-bare"), str(path)) from None
    except ValidationError as exc:
        err = exc.errors()[0]
        raise InputError(validation_text.msg(err), str(path), ".".join(str(x) for x in err["loc"])) from None


def _shape(args: argparse.Namespace) -> ModelShape:
    presets = load_presets()
    if args.preset:
        if args.preset not in presets:
            raise CliError(Msg("cli.unknown-model", name=repr(args.preset), names=", ".join(sorted(presets))), "--preset")
        shape = presets[args.preset]
        updates = {k: v for k, v in _shape_flags(args).items() if v is not None}
        return shape.model_copy(update=updates) if updates else shape
    flags = _shape_flags(args)
    missing = [f"--{k.replace('_', '-')}" for k in ("layers", "hidden", "heads", "ffn", "vocab") if flags[k] is None]
    if missing:
        raise CliError(Msg("cli.preset-or-shape", flags=", ".join(missing)))
    if flags["kv_heads"] is None:
        flags["kv_heads"] = flags["heads"]
    try:
        return ModelShape(name=CUSTOM, **{k: v for k, v in flags.items() if v is not None})
    except ValidationError as exc:
        err = exc.errors()[0]
        raise CliError(validation_text.msg(err), "--" + "-".join(str(x) for x in err["loc"])) from None


def _shape_flags(args: argparse.Namespace) -> dict[str, Any]:
    params = int(args.params) if args.params else None
    return {"layers": args.layers, "hidden": args.hidden, "heads": args.heads, "kv_heads": args.kv_heads,
            "ffn": args.ffn, "vocab": args.vocab, "params": params}


def build_workload(args: argparse.Namespace) -> Workload:
    """The Workload the `workload` command's arguments describe, within the documented ranges."""
    wl = _build_workload(args)
    problem = workload_problem(wl.model_dump(mode="json"))
    if problem:
        raise CliError(problem[1], problem[0])
    return wl


def _build_workload(args: argparse.Namespace) -> Workload:
    shape = _shape(args)
    try:
        if args.mode == "train":
            job = TrainJob(precision=args.precision or "mixed", optimizer=args.optimizer, micro_batch=args.batch,
                           seq_len=args.seq or DEFAULT_SEQ_LEN, checkpointing=args.checkpointing, zero_stage=args.zero,
                           tokens=args.tokens, optimizer_impl=args.optimizer_impl, grad_fp32=args.grad_fp32)
            return Workload(model=shape, mode="train", train=job, mfu=args.mfu, preset=args.preset)
        step = {} if args.max_tokens_per_step is None else {
            "max_tokens_per_step": args.max_tokens_per_step or None}  # 0: no cap
        ijob = InferJob(precision=args.precision or "bf16", batch=args.batch, context=args.seq or DEFAULT_SEQ_LEN,
                        new_tokens=args.new_tokens, kv_dtype=args.kv_dtype, **step)
        return Workload(model=shape, mode="infer", infer=ijob, mfu=args.mfu, preset=args.preset)
    except ValidationError as exc:
        err = exc.errors()[0]
        raise CliError(validation_text.msg(err), ".".join(str(x) for x in err["loc"])) from None


def run_workload(args: argparse.Namespace, catalog_fn: Callable[[], Any]) -> WorkloadReport:
    if args.list_presets:
        presets = load_presets()
        listing: dict[str, Any] = {"presets": {k: v.model_dump(mode="json") for k, v in presets.items()}}
        return WorkloadReport(listing, "\n".join(sorted(presets)))
    if args.gpus < 1:
        raise CliError(Msg("cli.at-least-one"), "--gpus")
    wl = build_workload(args)
    mem = estimate_memory(wl, n_gpus=args.gpus)
    per_gpu = {k: getattr(mem, k) for k in ("weights", "gradients", "optimizer", "activations", "kv_cache",
                                             "overhead", "total")}
    states = model_states(wl, args.gpus).model_dump(mode="json")
    data: dict[str, Any] = {"workload": wl.model_dump(mode="json"), "gpus": args.gpus, "per_gpu_bytes": per_gpu,
                            "peak_phase": mem.phase, "model_states_bytes": states}
    text = [_("{model}: {mode}, {n} GPU(s), per GPU at the peak ({phase}):").format(
        model=_(CUSTOM) if wl.model.name == CUSTOM else wl.model.name, mode=_(MODES.get(wl.mode, wl.mode)),
        n=args.gpus, phase=_(mem.phase))]
    text += [f"  {pad(_(ROWS.get(k, k)), 12)} {v / 1e9:10.2f} GB" for k, v in per_gpu.items()]
    if wl.mode == "train" and wl.train.zero_stage in (2, 3):  # DeepSpeed's own estimator, no offload
        ds = deepspeed_estimator_bytes(wl.model.param_count(), wl.train.zero_stage, args.gpus,
                                       wl.model.largest_module_params())
        data["deepspeed_estimate_gpu_bytes"] = int(ds)
    if wl.mode == "train":
        text.append(_("model states per GPU (ZeRO-{stage}, {size} B/param):").format(
            stage=wl.train.zero_stage, size=f"{states['bytes_per_param']:g}"))
        text += [f"  {pad(_(ROWS[k]), 12)} {states[k] / 1e9:10.2f} GB" for k in ("weights", "gradients", "optimizer", "total")]
    if args.gpu:
        gpu = catalog_fn().get(args.gpu)
        if gpu is None or gpu.category != "gpu":
            raise CliError(Msg("cli.no-gpu", gpu=repr(args.gpu)), "--gpu")
        res = evaluate_workload(wl, gpu_memory_gb=gpu.memory_gb, n_gpus=args.gpus, gpu_bf16_tflops=gpu.bf16_tflops,
                                gpu_fp8_tflops=gpu.fp8_tflops, gpu_bandwidth_gbs=gpu.memory_bandwidth_gbs)
        data.update({"gpu": gpu.id, "fits": res.fits, "capacity_bytes": res.capacity_bytes,
                     "reserve_bytes": res.reserve_bytes, "headroom_bytes": res.headroom_bytes,
                     "max_batch": res.max_batch, "verdict": in_english(res.verdict), "train_days": res.train_days,
                     "decode_tokens_per_s": res.decode_tokens_per_s, "mfu": res.mfu,
                     "prefill_tokens_per_s": res.prefill_tokens_per_s,
                     "serving_tokens_per_s": res.serving_tokens_per_s,
                     "decode_limit": res.decode_limit, "prefill_limit": res.prefill_limit})
        if res.kv_cache_tokens is not None:
            data.update({"kv_cache_tokens": res.kv_cache_tokens, "max_concurrency": res.max_concurrency,
                         "cuda_graph_bytes": res.cuda_graph_bytes, "comm_buffer_bytes": res.comm_buffer_bytes})
        text.append(f"{gpu.name}: {say(res.verdict)}")
        if res.max_batch is not None:
            text.append("  " + _("largest batch that fits: {n}").format(n=res.max_batch))
        if res.train_days is not None:
            text.append("  " + _("training time: {days} days at MFU {mfu}").format(days=f"{res.train_days:,.1f}",
                                                                                  mfu=f"{res.mfu:.0%}"))
        if res.decode_tokens_per_s is not None:
            text.append("  " + _("decode: {decode} tokens/s ({decode_limit}-bound); prefill: {prefill} tokens/s "
                                 "({prefill_limit}-bound)").format(
                decode=f"{res.decode_tokens_per_s:,.0f}", decode_limit=_(res.decode_limit or ""),
                prefill=f"{res.prefill_tokens_per_s:,.0f}", prefill_limit=_(res.prefill_limit or "")))
        if res.serving_tokens_per_s is not None:
            text.append("  " + _("serving throughput: {n} output tokens/s").format(n=f"{res.serving_tokens_per_s:,.0f}"))
        if res.kv_cache_tokens is not None and res.max_concurrency is not None:
            text.append("  " + _("KV cache: {tokens} tokens, at most {conc} concurrent sequences of {context} tokens")
                        .format(tokens=f"{res.kv_cache_tokens:,}", conc=f"{math.floor(res.max_concurrency):,}",
                                context=f"{wl.infer.context + wl.infer.new_tokens:,}"))
    return WorkloadReport(data, "\n".join(text))
