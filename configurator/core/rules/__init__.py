"""The constraint engine: every rule family checks a resolved build and reports violations.

`check(build, catalog)` resolves the build once (or takes the caller's `ctx`), takes the
evaluation's figures (or computes them with `evaluate.figures.compute_figures`, the same
function the evaluator uses) for the power, thermal and memory-ratio rules, and returns
the violations sorted by severity (error, warning, info), then code. Each family lives in
its own module; docs/rules.md lists every code. The workload's fit (`rules.workload`) needs the
workload, which is not a rule input: the evaluator checks it apart and `merge`s the two. The rules never import the evaluator.
"""

from __future__ import annotations

from ..build import Build
from ..catalog import Catalog
from ..context import BuildContext, resolve
from ..evaluate.figures import Figures, compute_figures
from ..memo import BoundedMemo
from ..message import Msg
from ..violations import SEVERITY_ORDER, Fix, Violation
from . import cpu, fit, gpu, memory, network, pcie, power, thermal, tray
from ._common import make_facts

FAMILIES = (fit, tray, cpu, memory, gpu, pcie, power, thermal, network)

__all__ = ["check", "merge", "FAMILIES"]


def _sort_key(v: Violation) -> tuple[int, str]:
    return SEVERITY_ORDER[v.severity], v.code


def merge(*groups: tuple[Violation, ...]) -> tuple[Violation, ...]:
    """Several checks' violations as one tuple, errors first (the rules' order)."""
    return tuple(sorted((v for g in groups for v in g), key=_sort_key))


def check(build: Build, catalog: Catalog, *, ctx: BuildContext | None = None,
          figures: Figures | None = None, memo: BoundedMemo | None = None) -> tuple[Violation, ...]:
    """All violations of `build`, errors first. Never raises for a bad build.

    `memo` (an evaluator's, for one catalog, with `figures` computed from `ctx`) keeps each
    family's violations on the values that family reads (its `inputs(facts)`; a family without
    one always runs) and each placed part's fit, so an edit re-runs only the families that read
    what changed.
    """
    if ctx is None:
        ctx = resolve(build, catalog)
    if ctx.chassis is None:
        return (Violation(severity="error", code="fit.unknown-chassis",
                          message=Msg("fit.unknown-chassis", chassis=repr(build.chassis)),
                          slots=(), fix=Fix(description=Msg("fit.unknown-chassis.fix"), ops=())),)
    if figures is None:
        figures = compute_figures(ctx)   # a failure here is a bug: invalid builds still have figures
    facts = make_facts(ctx, figures, memo)
    out = facts.out
    for family in FAMILIES:
        inputs = getattr(family, "inputs", None) if memo is not None else None
        if inputs is None:
            family.check(facts)
            continue
        assert memo is not None
        key = (family.__name__, ctx.build.chassis, inputs(facts))
        found = memo.get(key)
        if found is None:
            start = len(out)
            family.check(facts)
            found = memo.put(key, tuple(out[start:]))
        else:
            out.extend(found)
    out.sort(key=_sort_key)
    return tuple(out)
