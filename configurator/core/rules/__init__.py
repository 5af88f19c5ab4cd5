"""The constraint engine: every rule family checks a resolved build and reports violations.

`check(build, catalog)` resolves the build once (or takes the caller's `ctx`), takes the
evaluation's figures (or computes them) for the power, thermal and memory-ratio rules, and
returns the violations sorted by severity (error, warning, info), then code. Each family
lives in its own module; docs/rules.md lists every code.
"""

from __future__ import annotations

from typing import Any

from ..build import Build
from ..catalog import Catalog
from ..context import BuildContext, resolve
from ..violations import SEVERITY_ORDER, Fix, Violation
from . import cpu, fit, gpu, memory, network, pcie, power, thermal
from ._common import make_facts

FAMILIES = (fit, cpu, memory, gpu, pcie, power, thermal, network)

__all__ = ["check", "FAMILIES"]


def _sort_key(v: Violation) -> tuple[int, str]:
    return SEVERITY_ORDER[v.severity], v.code


def check(build: Build, catalog: Catalog, *, ctx: BuildContext | None = None,
          figures: Any = None) -> tuple[Violation, ...]:
    """All violations of `build`, errors first. Never raises for a bad build."""
    if ctx is None:
        ctx = resolve(build, catalog)
    if ctx.chassis is None:
        return (Violation.model_construct(
            severity="error", code="fit.unknown-chassis",
            message=f"The build's chassis {build.chassis!r} is not in the catalog, so nothing can be checked.",
            slots=(), fix=Fix.model_construct(description="Choose a chassis from the catalog.", ops=())),)
    extra: list[Violation] = []
    if figures is None:
        figures, problem = _figures(ctx)
        if problem:
            extra.append(Violation.model_construct(
                severity="warning", code="rules.figures-unavailable",
                message=f"Power, thermal and bandwidth checks were skipped: the evaluation failed ({problem}).",
                slots=(), fix=Fix.model_construct(description="Fix the errors above, then re-check.", ops=())))
    facts = make_facts(ctx, figures)
    for family in FAMILIES:
        family.check(facts)
    out = facts.out + extra
    out.sort(key=_sort_key)
    return tuple(out)


_compute: Any = None


def _figures(ctx: BuildContext) -> tuple[Any, str]:
    """The evaluation's figures, or (None, why) when they cannot be computed."""
    global _compute
    if _compute is None:
        try:
            from ..evaluate.engine import compute_figures
        except ModuleNotFoundError as exc:
            if exc.name != f"{__package__.rpartition('.')[0]}.evaluate.engine":
                raise
            return None, ""          # no evaluation engine: the figure-based rules are skipped
        _compute = compute_figures
    try:
        return _compute(ctx), ""
    except Exception as exc:     # an invalid build must stay checkable; say what was skipped
        return None, f"{type(exc).__name__}: {exc}"
