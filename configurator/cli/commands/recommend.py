"""`configurator recommend`: the Pareto-best builds for a workload, a budget and limits.

The flags are declared here (the model shape and job flags are `workload`'s); the search and its
report are cli/recommend_command.py's.
"""

from __future__ import annotations

import argparse

from ...words.i18n import _
from ..command import Command, count, print_json, print_text
from .workload import ZERO_HELP, add_job_arguments, add_shape_arguments


def _workload_arguments(p: argparse.ArgumentParser) -> None:
    """The `workload` command's job flags; ZeRO-3 and activation checkpointing on by default (what a
    buyer sizing servers would run: the least memory per GPU at the same 6·N·D time)."""
    p.add_argument("--json", action="store_true", help=_("print JSON instead of text"))
    p.add_argument("--preset", help=_("model preset, e.g. llama-3-70b (configurator workload --list-presets)"))
    add_shape_arguments(p)
    p.add_argument("--mode", choices=("train", "finetune", "infer", "serve"), default="train",
                   help=_("train or finetune: sized by --deadline-days; infer or serve: sized by "
                          "--target-tokens-per-s (default: %(default)s)"))
    add_job_arguments(p)
    for action in p._actions:      # serving: by default as many sequences as the latency bounds allow
        if action.dest == "batch":
            action.default = None
            action.help = _("training: micro-batch per GPU, sequences (default 1); serving: concurrent sequences per "
                            "server (default: the most that meet --ttft-ms and --tpot-ms, else MLPerf Inference's "
                            "Server bounds: 2,000 ms to the first token, 200 ms per output token, 100 ms for models "
                            "up to 20B)")
    p.add_argument("--no-checkpointing", dest="checkpointing", action="store_false",
                   help=_("training: without activation checkpointing (on by default: the least memory per GPU)"))
    p.add_argument("--zero", type=int, choices=(0, 1, 2, 3), default=3, help=_(ZERO_HELP))


def arguments(p: argparse.ArgumentParser) -> None:
    """Every flag of `configurator recommend`: the job, the constraints, the objective."""
    from ...core.recommend.request import DEFAULT_MAX_SERVERS

    _workload_arguments(p)
    p.add_argument("--deadline-days", type=float, metavar="D", help=_("training: finish within D days"))
    p.add_argument("--target-tokens-per-s", type=float, metavar="RATE", help=_("serving: output tokens/s over all servers"))
    p.add_argument("--ttft-ms", type=float, metavar="MS",
                   help=_("serving: most time to first token of a --seq-token prompt, milliseconds"))
    p.add_argument("--tpot-ms", type=float, metavar="MS",
                   help=_("serving: most time per output token at the concurrent sequences, milliseconds"))
    p.add_argument("--concurrent-users", type=int, metavar="N",
                   help=_("serving: sessions of --seq + --new-tokens tokens held at once over all servers "
                          "(also the concurrency --tpot-ms and --ttft-ms are met at; default: --batch per server)"))
    p.add_argument("--budget", metavar="AMOUNT", help=_("most money for all servers, in --currency"))
    p.add_argument("--currency", default="USD", metavar="CODE",
                   help=_("currency of --budget and of the prices shown, ISO 4217 (default: %(default)s)"))
    p.add_argument("--max-kw", type=float, metavar="KW", help=_("most wall power per server, kW"))
    p.add_argument("--max-ru", type=count, metavar="RU", help=_("most rack units for all servers"))
    p.add_argument("--cooling", choices=("any", "air", "liquid"), default="any",
                   help=_("chassis cooling allowed (default: %(default)s)"))
    p.add_argument("--ambient", type=float, default=25.0, metavar="C",
                   help=_("site inlet air temperature, °C (default: %(default)s)"))
    p.add_argument("--vendor", action="append", default=[], help=_("allowed chassis vendor (repeatable)"))
    p.add_argument("--gpu-family", action="append", default=[], help=_("allowed GPU id/name substring (repeatable)"))
    p.add_argument("--owned", action="append", default=[], metavar="PART=N", help=_("parts the customer has"))
    p.add_argument("--objective", choices=("price", "tco", "time", "cost_per_mtok"), default="price",
                   help=_("what ranks the builds: price; tco (total cost of ownership over --tco-years); time "
                          "(training days); cost_per_mtok (cost per million tokens) (default: %(default)s)"))
    p.add_argument("--tco-years", type=count, default=5, metavar="N",
                   help=_("TCO horizon, years (default: %(default)s)"))
    p.add_argument("--max-servers", type=count, default=DEFAULT_MAX_SERVERS, metavar="N",
                   help=_("most servers of one build the job may use (default: %(default)s)"))
    p.add_argument("--waive", action="append", default=[], metavar="CODE",
                   help=_("a warning code of configurator check a proposed build may carry (repeatable; by default "
                          "a build with any error or warning is not proposed)"))
    p.add_argument("--top", type=count, default=12, metavar="N", help=_("most builds shown (default: %(default)s)"))
    p.add_argument("-o", "--output", metavar="BEST.json", help=_("write the best build as a build file"))


def run(args: argparse.Namespace) -> int:
    from ..inputs import catalog, evaluator
    from ..recommend_command import run as recommend

    data, text = recommend(args, evaluator(catalog()), _)
    if args.json:
        print_json(data)
    else:
        print_text(text)
    return 0 if data["results"] else 1


COMMAND = Command("recommend", lambda: _("the Pareto-best builds for a workload, a budget and limits"), arguments, run)
