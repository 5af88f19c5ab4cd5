"""No module-level mutable caches in the core: memos belong to an owner (the Evaluator, a chassis).

A module-level dict/list/set (or memo object) that the module itself mutates or rebinds with
`global` is state that outlives its inputs; the scan below fails on the first one it finds.
Constant tables (never written after import) are fine.
"""

from __future__ import annotations

import ast
from pathlib import Path

import configurator.core

CORE = Path(configurator.core.__file__).parent
MUTATORS = {"append", "extend", "insert", "clear", "pop", "popitem", "setdefault", "update", "add",
            "discard", "remove", "put", "__setitem__"}
CONTAINER_CALLS = {"dict", "list", "set", "defaultdict", "OrderedDict", "Counter", "deque", "Memo",
                   "BoundedMemo", "WeakKeyDictionary", "WeakValueDictionary"}
#: removed by the PSU-redundancy work (issue 9, core/psu.py) — it owns that function; drop the entry then
KNOWN = {("evaluate/power.py", "_DEFAULT_FEEDS")}


def _containers(tree: ast.Module) -> set[str]:
    """Module-level names bound to a mutable container or memo."""
    names = set()
    for node in tree.body:
        targets, value = [], None
        if isinstance(node, ast.Assign):
            targets, value = node.targets, node.value
        elif isinstance(node, ast.AnnAssign) and node.value is not None:
            targets, value = [node.target], node.value
        mutable = isinstance(value, (ast.Dict, ast.List, ast.Set, ast.DictComp, ast.ListComp, ast.SetComp)) or (
            isinstance(value, ast.Call) and getattr(value.func, "id", getattr(value.func, "attr", "")) in CONTAINER_CALLS)
        if mutable:
            names.update(t.id for t in targets if isinstance(t, ast.Name))
    return names


def _base_name(node: ast.AST) -> str | None:
    while isinstance(node, (ast.Subscript, ast.Attribute)):
        node = node.value
    return node.id if isinstance(node, ast.Name) else None


def cache_findings(source: str) -> list[str]:
    """What in `source` looks like module-level mutable state: `global` rebinding, or a module-level
    container written to from inside a function."""
    tree = ast.parse(source)
    containers = _containers(tree)
    found = []
    for func in (n for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))):
        local = {a.arg for a in func.args.args + func.args.kwonlyargs}
        for node in ast.walk(func):
            if isinstance(node, ast.Global):
                found.extend(f"global {name}" for name in node.names)
            elif isinstance(node, (ast.Assign, ast.AugAssign, ast.Delete)):
                for target in getattr(node, "targets", None) or [getattr(node, "target", None)]:
                    if isinstance(target, ast.Subscript) and _base_name(target) in containers - local:
                        found.append(f"{_base_name(target)}[...] written")
            elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                  and node.func.attr in MUTATORS and _base_name(node.func.value) in containers - local):
                found.append(f"{_base_name(node.func.value)}.{node.func.attr}()")
    return found


def test_core_has_no_module_level_caches():
    problems = []
    for path in sorted(CORE.rglob("*.py")):
        rel = path.relative_to(CORE).as_posix()
        for finding in cache_findings(path.read_text(encoding="utf-8")):
            if not any(rel == f and name in finding for f, name in KNOWN):
                problems.append(f"{rel}: {finding}")
    assert problems == []


def test_the_scan_finds_caches():
    assert cache_findings("_C: dict = {}\ndef f(k):\n    _C[k] = 1\n") == ["_C[...] written"]
    assert cache_findings("_C = {}\ndef f(k):\n    return _C.setdefault(k, 1)\n") == ["_C.setdefault()"]
    assert cache_findings("_M = Memo()\ndef f(k):\n    _M.put(k, 1)\n") == ["_M.put()"]
    assert cache_findings("_L = None\ndef f():\n    global _L\n    _L = 1\n") == ["global _L"]
    assert cache_findings("TABLE = {1: 2}\ndef f(k):\n    return TABLE[k]\n") == []
    assert cache_findings("def f():\n    d = {}\n    d[1] = 2\n") == []
