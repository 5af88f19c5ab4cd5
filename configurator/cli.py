"""Command line: argument parsing only; every subcommand calls core/io/report functions.

Exit codes: 0 ok; 1 the build has errors (`check`) ; 2 the input could not be read or the
arguments are wrong (one line on stderr, never a traceback).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from . import __version__


class CliError(Exception):
    """A user-facing error: printed as one line, exit code 2."""


def _print_json(data: Any) -> None:
    json.dump(data, sys.stdout, indent=2, ensure_ascii=False, default=str)
    sys.stdout.write("\n")


def _catalog():
    from .io.catalog_io import default_catalog

    return default_catalog()


def _load(path: str):
    """Read a build file; non-fatal findings (migrated format, unknown ids) go to stderr."""
    from .io.build_io import read_build

    loaded = read_build(Path(path), catalog=_catalog())
    for note in loaded.notes:
        print(f"note: {note}", file=sys.stderr)
    return loaded.build


# ----------------------------------------------------------------------------- commands


def cmd_catalog(args: argparse.Namespace) -> int:
    from .io.export_json import part_to_json

    cat = _catalog()
    parts = [p for p in cat.parts.values() if args.category in (None, p.category)]
    if args.category and args.category not in {"gpu", "cpu", "dimm", "drive", "nic", "psu", "cooling", "chassis"}:
        raise CliError(f"--category: unknown category {args.category!r}")
    if args.json:
        _print_json([part_to_json(p, cat) for p in parts])
    else:
        for p in sorted(parts, key=lambda p: (p.category, p.vendor, p.name)):
            price = cat.price(p.id)
            money = f"{price.price} {price.currency}" if price else "no price"
            print(f"{p.category:8} {p.id:40} {p.vendor:10} {p.name}  [{money}; {p.origin}]")
        print(f"{len(parts)} parts", file=sys.stderr)
    for issue in cat.issues:
        print(f"warning: {issue}", file=sys.stderr)
    return 0


def cmd_check(args: argparse.Namespace) -> int:
    from .core.rules import check

    cat = _catalog()
    build = _load(args.build)
    violations = check(build, cat)
    if args.json:
        _print_json({"build": args.build, "violations": [v.to_json() for v in violations],
                     "errors": sum(v.severity == "error" for v in violations)})
    else:
        for v in violations:
            print(f"{v.severity.upper():7} {v.code}: {v.message}")
            if v.fix:
                print(f"        fix: {v.fix.description}")
        n_err = sum(v.severity == "error" for v in violations)
        print(f"{n_err} error(s), {sum(v.severity == 'warning' for v in violations)} warning(s), "
              f"{sum(v.severity == 'info' for v in violations)} info")
    return 1 if any(v.severity == "error" for v in violations) else 0


def _workload_from_file(path: str):
    from pydantic import ValidationError

    from .core.evaluate.workload import Workload

    p = Path(path)
    try:
        data = json.loads(p.read_text(encoding="utf-8-sig"))
        return Workload.model_validate(data)
    except FileNotFoundError:
        raise CliError(f"{path}: file not found") from None
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise CliError(f"{p.name}: not valid JSON ({exc})") from None
    except ValidationError as exc:
        err = exc.errors()[0]
        loc = ".".join(str(x) for x in err["loc"])
        raise CliError(f"{p.name}: field {loc!r}: {err['msg']}") from None


def cmd_evaluate(args: argparse.Namespace) -> int:
    from .core.evaluate import evaluate
    from .io.export_json import evaluation_to_json
    from .io.report_text import evaluation_to_text

    cat = _catalog()
    build = _load(args.build)
    workload = _workload_from_file(args.workload) if args.workload else None
    ev = evaluate(build, cat, workload=workload)
    if args.json:
        _print_json(evaluation_to_json(ev))
    else:
        print(evaluation_to_text(ev))
    return 0


def cmd_workload(args: argparse.Namespace) -> int:
    from .io.workload_cli import run_workload

    result = run_workload(args, _catalog)
    if args.json:
        _print_json(result.data)
    else:
        print(result.text)
    return 0


def cmd_quote(args: argparse.Namespace) -> int:
    from .core.evaluate import evaluate
    from .report.quote import write_quote

    cat = _catalog()
    if len(args.builds) > 3:
        raise CliError("quote: at most three builds (options A, B, C)")
    pairs = []
    for path in args.builds:
        build = _load(path)
        if args.currency:
            build.site = build.site.model_copy(update={"currency": args.currency.upper()})
        pairs.append((build, evaluate(build, cat)))
    out = write_quote(pairs, Path(args.output), customer=args.customer,
                      currency=args.currency.upper() if args.currency else None, valid_days=args.valid_days)
    print(f"wrote {out}")
    return 0


def cmd_gui(args: argparse.Namespace) -> int:
    from .qt.app import run_gui

    return run_gui(getattr(args, "build", None), screenshot=getattr(args, "screenshot", None))


# ----------------------------------------------------------------------------- parser


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # one line, exit 2, like every input error
        self.exit(2, f"{self.prog}: error: {message}\n")


def _currency(value: str) -> str:
    if len(value) != 3 or not value.isalpha():
        raise argparse.ArgumentTypeError(f"not an ISO 4217 code: {value!r}")
    return value.upper()


def build_parser() -> argparse.ArgumentParser:
    p = _Parser(prog="configurator", description="Configure AI training and inference servers.")
    p.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    sub = p.add_subparsers(dest="command", parser_class=_Parser)

    g = sub.add_parser("gui", help="open the builder window")
    g.add_argument("build", nargs="?", help="build file to open")
    g.add_argument("--screenshot", metavar="PNG", help="render the window offscreen to PNG and exit")
    g.set_defaults(func=cmd_gui)

    c = sub.add_parser("catalog", help="list catalog parts")
    c.add_argument("--category", help="gpu, cpu, dimm, drive, nic, psu, cooling or chassis")
    c.add_argument("--json", action="store_true")
    c.set_defaults(func=cmd_catalog)

    k = sub.add_parser("check", help="check a build against every rule (exit 1 if it has errors)")
    k.add_argument("build")
    k.add_argument("--json", action="store_true")
    k.set_defaults(func=cmd_check)

    e = sub.add_parser("evaluate", help="power, thermal, compute, bandwidth, cost, TCO and violations")
    e.add_argument("build")
    e.add_argument("--json", action="store_true")
    e.add_argument("--workload", metavar="FILE", help="workload JSON (overrides the build's own)")
    e.set_defaults(func=cmd_evaluate)

    w = sub.add_parser("workload", help="GPU memory, fit and time for a model and a job")
    w.add_argument("--json", action="store_true")
    w.add_argument("--preset", help="model preset, e.g. llama-2-7b (see --list-presets)")
    w.add_argument("--list-presets", action="store_true")
    for name in ("layers", "hidden", "heads", "kv-heads", "ffn", "vocab"):
        w.add_argument(f"--{name}", type=int)
    w.add_argument("--params", type=float, help="parameter count override (e.g. 6.74e9)")
    w.add_argument("--mode", choices=("train", "infer"), default="train")
    w.add_argument("--precision", choices=("fp32", "amp", "mixed", "bf16", "fp8", "fp16", "int8", "int4"))
    w.add_argument("--optimizer", choices=("adamw", "adamw8bit", "sgd"), default="adamw")
    w.add_argument("--optimizer-impl", choices=("fused", "foreach"), default="fused",
                   help="optimizer.step() implementation: fused (no temporaries) or foreach")
    w.add_argument("--grad-fp32", action="store_true", help="fp32 gradients (Megatron/DeepSpeed, 18 B/param)")
    w.add_argument("--max-tokens-per-step", type=int, default=None,
                   help="serving engine's tokens per step (chunked prefill; default 8192, 0 = whole batch)")
    w.add_argument("--batch", type=int, default=1)
    w.add_argument("--seq", type=int, default=None, help="sequence length (train) / context (infer)")
    w.add_argument("--new-tokens", type=int, default=512)
    w.add_argument("--kv-dtype", choices=("fp32", "fp16", "bf16", "fp8", "int8"), default="bf16")
    w.add_argument("--checkpointing", action="store_true")
    w.add_argument("--zero", type=int, choices=(0, 1, 2, 3), default=0)
    w.add_argument("--gpus", type=int, default=1)
    w.add_argument("--gpu", metavar="CATALOG_ID", help="GPU from the catalog: adds fits / capacity")
    w.add_argument("--mfu", type=float)
    w.add_argument("--tokens", type=float, help="training tokens for the time estimate")
    w.set_defaults(func=cmd_workload)

    q = sub.add_parser("quote", help="write a PDF quote for 1-3 builds (options A/B/C)")
    q.add_argument("builds", nargs="+", metavar="BUILD")
    q.add_argument("-o", "--output", required=True, metavar="OUT.pdf")
    q.add_argument("--customer")
    q.add_argument("--currency", type=_currency)
    q.add_argument("--valid-days", type=int, default=30)
    q.set_defaults(func=cmd_quote)
    return p


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "command", None):
        args = parser.parse_args(["gui"])  # bare `configurator` opens the builder window
    try:
        return int(args.func(args) or 0)
    except CliError as exc:
        print(f"configurator: {exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        return 0
    except KeyboardInterrupt:
        return 130
    except (ValueError, OSError) as exc:  # BuildFileError, QuoteError, OpError are ValueErrors
        first = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        print(f"configurator: {first}", file=sys.stderr)
        return 2
