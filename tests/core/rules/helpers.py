"""Shared assertions for the rule tests."""

from __future__ import annotations

from configurator.core.build import Build
from configurator.core.rules import check
from configurator.core.violations import Violation

from ._fixture import CATALOG


def codes(build: Build, **kw) -> set[str]:
    return {v.code for v in check(build, CATALOG, **kw)}


def find(build: Build, code: str, **kw) -> Violation:
    found = [v for v in check(build, CATALOG, **kw) if v.code == code]
    assert found, f"{code} not reported; got {sorted(codes(build, **kw))}"
    return found[0]


def apply_fix(build: Build, v: Violation) -> Build:
    """Apply the violation's fix ops to a copy of `build` (validating each op first)."""
    from pydantic import TypeAdapter

    from configurator.core.ops import AnyOp

    assert v.fix is not None and v.fix.ops, f"{v.code} has no applicable fix"
    fixed = Build.model_validate(build.snapshot())
    for op in v.fix.ops:
        TypeAdapter(AnyOp).validate_python(op.model_dump()).apply(fixed, CATALOG)
    return fixed
