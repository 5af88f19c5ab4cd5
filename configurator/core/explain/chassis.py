"""Explanations of the chassis figures: its height and weight, read from its catalog entry."""

from __future__ import annotations

import re

from ..message import Term
from .explanation import Explainer, Explanation


def chassis(x: Explainer, m: re.Match[str]) -> Explanation:
    """chassis.rack_units / weight_kg."""
    unit = "U" if m.group(1) == "rack_units" else "kg"
    return x.made(unit, x.t("explain.chassis-field", field=Term(m.group(1))),
                  [x.part_input(x.ctx.chassis, m.group(1), unit=unit)])


