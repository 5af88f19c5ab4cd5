"""`configurator evaluate`'s upgrade part: what `--before BEFORE.json` and `--trade-in PART=AMOUNT`
(declared in cli/commands/evaluate.py) ask for, and the `upgrade` object `--json` adds when the
build owns parts or a BEFORE is given (docs/cli.md)."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from decimal import Decimal, InvalidOperation
from typing import Any

from ..core.build import Build
from ..core.evaluate.result import Evaluation
from ..core.evaluator import Evaluator
from ..core.message import Msg, Num
from ..core.upgrade.delta import UpgradePlan, plan_to_json
from ..core.upgrade.found import upgrade_of
from ..store.build_files import load_build
from ..words.problems import violation_json
from ..words.render import named_in_english
from .command import CliError

#: the largest trade-in value accepted for one part, in the build's currency
MAX_TRADE_IN = Decimal("1e9")


def parse_trade_in(values: Sequence[str]) -> dict[str, Decimal]:
    """`["PART=AMOUNT", ...]` → {part: amount}; a bad entry is a one-line ValueError naming it."""
    out: dict[str, Decimal] = {}
    for text in values:
        part, sep, amount = text.partition("=")
        try:
            value = Decimal(amount.strip())
        except InvalidOperation:
            value = Decimal("NaN")
        if not sep or not part.strip() or not value.is_finite() or not 0 <= value <= MAX_TRADE_IN:
            raise CliError(Msg("cli.trade-in", max=Num(MAX_TRADE_IN, ",.0f")), f"--trade-in {text!r}")
        out[part.strip()] = value
    return out


def upgrade_for(args: argparse.Namespace, build: Build, evaluator: Evaluator, ev: Evaluation,
                workload: Any = None) -> UpgradePlan | None:
    """The upgrade `evaluate` reports: from `--before` (a build file) or the build's owned parts."""
    before = load_build(args.before) if getattr(args, "before", None) else None
    trade_in = parse_trade_in(getattr(args, "trade_in", []) or [])
    return upgrade_of(build, evaluator, before=before, workload=workload, after_eval=ev, trade_in=trade_in)


def upgrade_json(plan: UpgradePlan, before_source: str | None) -> dict[str, Any]:
    """`evaluate --json`'s `upgrade` object: `configurator plan --json`'s keys, plus where BEFORE came from."""
    return {"before": before_source or "owned", **plan_to_json(plan, violation_json, named_in_english)}
