"""The upgrade an export request describes, for the upgrade exporters (quote PDF, delta BOM CSV/XLSX).

A request holds one build (the server after the upgrade; BEFORE is its owned parts, as an import
leaves them) or two (BEFORE, AFTER). The plan is made with the shipped exchange rates and
presets (`io.evaluator_io`), the same ones the CLI and the GUI evaluate with.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...core.build import Build
from ...core.catalog import Catalog
from ...core.evaluate.result import Evaluation
from ...core.input_error import InputError
from ...core.message import Msg
from ...core.upgrade.delta import UpgradePlan, plan_from, priced_after, stack_needs_of
from ...core.upgrade.found import before_of
from ...store.catalogs import default_catalog
from ...store.loaded_evaluator import default_evaluator
from ..registry import ExportRequest


@dataclass(frozen=True)
class UpgradeJob:
    """What an upgrade export prints: the plan, and AFTER as priced for the upgrade."""

    plan: UpgradePlan
    catalog: Catalog
    after: Build
    after_eval: Evaluation      # of `priced_after(before, after)`: owned parts at zero


def request_plan(request: ExportRequest) -> UpgradeJob:
    """The upgrade in `request`; ValueError (one line) when its one build owns nothing, so there
    is no BEFORE to compare with."""
    catalog = request.catalog if request.catalog is not None else default_catalog()
    evaluator = default_evaluator(catalog)
    if len(request.options) == 2:
        (before, _), (after, _) = request.options
    else:
        (after, _), = request.options
        found = before_of(after)
        if found is None:
            source = request.sources[0] if request.sources and request.sources[0] else None
            raise InputError(Msg("format.nothing-owned"), source or after.meta.name or "the build")
        before = found
    priced = priced_after(before, after)
    b = evaluator.evaluate(priced)
    plan = plan_from(before, after, evaluator.evaluate(before), b, stack_needs=stack_needs_of(before, after, evaluator))
    return UpgradeJob(plan, catalog, after, b)
