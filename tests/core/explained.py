"""What the explain tests share: the examples, and one evaluated through the shipped evaluator."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from configurator.io.build_io import load_build
from configurator.io.evaluator_io import default_evaluator

EXAMPLES = sorted(Path(__file__).parents[2].joinpath("examples").glob("*.json"))


def evaluated(cat: Any, path: Path) -> tuple[Any, Any]:
    """(the build at `path`, its evaluation) against `cat`."""
    build = load_build(path, cat)
    return build, default_evaluator(cat, []).evaluate(build)
