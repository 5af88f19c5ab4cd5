"""What the explain tests share: the examples, and one evaluated through the shipped evaluator."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from configurator.store.build_files import load_build
from configurator.store.loaded_evaluator import default_evaluator

EXAMPLES = sorted(Path(__file__).parents[2].joinpath("examples").glob("*.json"))


def evaluated(cat: Any, path: Path) -> tuple[Any, Any]:
    """(the build at `path`, its evaluation) against `cat`."""
    build = load_build(path, cat)
    return build, default_evaluator(cat, []).evaluate(build)
