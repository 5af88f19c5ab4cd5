"""The engine as a whole: ordering, the figures hand-off, and every code documented and tested."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from configurator.core import rules
from configurator.core.context import resolve
from configurator.core.rules import check
from configurator.core.violations import SEVERITY_ORDER
from configurator.store import paths
from configurator.words.problems import violation_json

from ._fixture import CATALOG, make

RULES_DIR = Path(rules.__file__).parent
MSG_RE = re.compile(r'Msg\("([a-z]+\.[a-z0-9-]+)"')
CODE_RE = re.compile(r'"((?:fit|cpu|mem|gpu|pcie|power|thermal|net|storage|rules)\.[a-z0-9-]+)"')


def source_codes() -> set[str]:
    """The codes named in the rules' sources: a name that only ever opens a `Msg(...)` is the id of a
    message's words (a fix, a phrase), not a code."""
    files = [*RULES_DIR.glob("*.py"), RULES_DIR.parent / "placement.py"]   # placement words the fit codes
    texts = [p.read_text(encoding="utf-8") for p in files]
    named = Counter(c for t in texts for c in CODE_RE.findall(t))
    said = Counter(c for t in texts for c in MSG_RE.findall(t))
    return {c for c, n in named.items() if n > said[c]}


def test_sorted_by_severity_then_code():
    out = check(make(CPU2="x6448", PSU6=None, GPU8=None, COOLING=None, M2_1=None), CATALOG)
    keys = [(SEVERITY_ORDER[v.severity], v.code) for v in out]
    assert keys == sorted(keys) and len({v.severity for v in out}) == 3


def test_takes_the_callers_context_and_figures():
    build = make()
    ctx = resolve(build, CATALOG)
    from configurator.core.evaluate.figures import compute_figures

    assert check(build, CATALOG, ctx=ctx, figures=compute_figures(ctx)) == check(build, CATALOG)


def test_failing_figures_raise(monkeypatch):
    # a figure computation that fails is a bug, not a skipped check (invalid builds still have figures)
    def boom(ctx):
        raise ZeroDivisionError("division by zero")

    monkeypatch.setattr(rules, "compute_figures", boom)
    with pytest.raises(ZeroDivisionError):
        check(make(), CATALOG)


def test_violations_serialise():
    for v in check(make(CPU2=None, PSU6=None), CATALOG):
        assert violation_json(v)["code"] == v.code
        if v.fix is not None:
            for op in v.fix.ops:
                op.model_dump()
                op.describe()


def test_every_code_is_documented():
    doc = (paths.repo_root() / "docs" / "rules.md").read_text(encoding="utf-8")
    missing = sorted(c for c in source_codes() if f"`{c}`" not in doc)
    assert not missing, f"codes missing from docs/rules.md: {missing}"


def test_every_code_has_a_test():
    tests = "".join(p.read_text(encoding="utf-8") for p in Path(__file__).parent.glob("test_*.py"))
    untested = sorted(c for c in source_codes() if f'"{c}"' not in tests)
    assert not untested, untested


@pytest.mark.parametrize("family", rules.FAMILIES, ids=lambda m: m.__name__.rsplit(".", 1)[-1])
def test_each_family_has_a_check(family):
    assert callable(family.check)
