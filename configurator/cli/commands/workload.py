"""`configurator workload`: GPU memory, fit and time for a model and a job.

The flags are declared here (`recommend` shares the model shape and job flags); the workload they
describe and its report are cli/workload_command.py's.
"""

from __future__ import annotations

import argparse

from ...words.i18n import N_, _
from ..command import Command, count, print_json, print_text

#: `--seq` when not given: the training sequence length or the inference context, tokens
DEFAULT_SEQ_LEN = 4096


def arguments(p: argparse.ArgumentParser) -> None:
    """Every flag of `configurator workload`: the model, the job, the GPUs."""
    p.add_argument("--json", action="store_true", help=_("print JSON instead of text"))
    p.add_argument("--preset", help=_("model preset, e.g. llama-2-7b (see --list-presets)"))
    p.add_argument("--list-presets", action="store_true",
                   help=_("list the model presets and exit (with --json: each preset's shape)"))
    add_shape_arguments(p)
    p.add_argument("--mode", choices=("train", "infer"), default="train",
                   help=_("train: a training run; infer: serving (default: %(default)s)"))
    add_job_arguments(p)
    p.add_argument("--checkpointing", action="store_true",
                   help=_("training: activation checkpointing (recompute in the backward pass: less memory)"))
    p.add_argument("--zero", type=int, choices=(0, 1, 2, 3), default=0, help=_(ZERO_HELP))
    p.add_argument("--gpus", type=count, default=1, metavar="N",
                   help=_("GPUs the job runs on: data parallel in training (ZeRO shards over them), tensor "
                          "parallel in inference (default: %(default)s)"))
    p.add_argument("--gpu", metavar="CATALOG_ID", help=_("GPU from the catalog: adds fits / capacity"))


def add_shape_arguments(p: argparse.ArgumentParser) -> None:
    """The model shape flags `workload` and `recommend` share."""
    shape = p.add_argument_group(_("model shape"), _(
        "without --preset give --layers, --hidden, --heads, --ffn and --vocab; with --preset each one given "
        "overrides the preset's value"))
    shape.add_argument("--layers", type=int, help=_("transformer layers (decoder blocks)"))
    shape.add_argument("--hidden", type=int, help=_("hidden size (d_model)"))
    shape.add_argument("--heads", type=int, help=_("attention (query) heads"))
    shape.add_argument("--kv-heads", type=int,
                       help=_("key/value heads; fewer than --heads for grouped-query attention (default: --heads)"))
    shape.add_argument("--ffn", type=int, help=_("feed-forward (MLP) intermediate size"))
    shape.add_argument("--vocab", type=int, help=_("vocabulary size, tokens"))
    shape.add_argument("--params", type=float, help=_("parameter count override (e.g. 6.74e9)"))


def add_job_arguments(p: argparse.ArgumentParser) -> None:
    """The job flags `workload` and `recommend` share (each adds its own --mode, --zero, checkpointing)."""
    from ...core.evaluate.workload import DEFAULT_MAX_TOKENS_PER_STEP, DEFAULT_MFU

    p.add_argument("--precision", choices=("fp32", "amp", "mixed", "bf16", "fp8", "fp16", "int8", "int4"),
                   help=_("number format. Training: fp32; amp (fp32 weights, bf16 autocast); mixed (bf16 weights, "
                          "fp32 master copy); bf16 (bf16 only); fp8 (fp8 matmuls, fp32 master copy). Inference: "
                          "weights in fp32, fp16, bf16, fp8, int8 or int4 (default: mixed for training, bf16 "
                          "for inference)"))
    p.add_argument("--optimizer", choices=("adamw", "adamw8bit", "sgd"), default="adamw",
                   help=_("training optimizer, whose states take GPU memory: adamw (two states per parameter), "
                          "adamw8bit (two 8-bit states) or sgd (one momentum state) (default: %(default)s)"))
    p.add_argument("--optimizer-impl", choices=("fused", "foreach"), default="fused",
                   help=_("optimizer.step() implementation: fused (no temporaries) or foreach"))
    p.add_argument("--grad-fp32", action="store_true", help=_("fp32 gradients (Megatron/DeepSpeed, 18 B/param)"))
    p.add_argument("--max-tokens-per-step", type=int, default=None, metavar="N",
                   help=_("serving engine's tokens per step (chunked prefill; default {n}, 0 = whole batch)").format(
                       n=DEFAULT_MAX_TOKENS_PER_STEP))
    p.add_argument("--batch", type=count, default=1, metavar="N",
                   help=_("training: micro-batch per GPU, sequences; inference: concurrent sequences "
                          "(default: %(default)s)"))
    p.add_argument("--seq", type=int, default=None, metavar="TOKENS",
                   help=_("sequence length (training) / prompt context (inference), tokens (default {n})").format(
                       n=DEFAULT_SEQ_LEN))
    p.add_argument("--new-tokens", type=int, default=512, metavar="N",
                   help=_("inference: tokens generated per sequence (default: %(default)s)"))
    p.add_argument("--kv-dtype", choices=("fp32", "fp16", "bf16", "fp8", "int8"), default="bf16",
                   help=_("inference: number format of the KV cache (default: %(default)s)"))
    p.add_argument("--mfu", type=float,
                   help=_("model FLOPs utilization for the time and speed estimates, 0 to 1 (default: {mfu} on one server; "
                          "training on more GPUs falls by model size to the Llama 3.1 card's figures, "
                          "docs/workload-model.md)").format(
                       mfu=f"{DEFAULT_MFU:.2f}"))
    p.add_argument("--tokens", type=float,
                   help=_("training tokens for the time estimate (default 20 × parameters)"))


#: `--zero`'s help, `workload`'s and `recommend`'s (each has its own default)
ZERO_HELP = N_("training: ZeRO stage over the data-parallel GPUs; 1 shards the optimizer states, 2 also the "
                "gradients, 3 also the weights (default: %(default)s)")


def run(args: argparse.Namespace) -> int:
    from ..inputs import catalog
    from ..workload_command import run_workload

    result = run_workload(args, catalog)
    if args.json:
        print_json(result.data)
    else:
        print_text(result.text)
    return 0


COMMAND = Command("workload", lambda: _("GPU memory, fit and time for a model and a job"), arguments, run)
