"""Version strings in order: drivers ('580.159.04'), CUDA ('12.8'), wheels ('2.5.1.post1'),
CANN ('8.2.RC1', which comes before '8.2.0') and compute capabilities ('10.3')."""

from __future__ import annotations

import re

_TOKEN = re.compile(r"\d+|[A-Za-z]+")
_BEFORE_RELEASE = {"a", "alpha", "b", "beta", "rc"}


def version_key(text: str) -> tuple[tuple[int, int], ...]:
    """A sort key: numbers by value, a pre-release ('RC1', 'a0') before the release it leads
    to, a '.postN' after it; a shorter version before a longer one with the same start."""
    key: list[tuple[int, int]] = []
    for token in _TOKEN.findall(text):
        if token.isdigit():
            key.append((1, int(token)))
        elif token.lower() in _BEFORE_RELEASE:
            key.append((0, 0))
        else:
            key.append((2, 0))
    return tuple(key)


def at_least(version: str, floor: str) -> bool:
    """Whether `version` is `floor` or later ('580.159.04' is at least '580')."""
    return version_key(version) >= version_key(floor)


def major(version: str) -> int:
    """The leading number: 13 of '13.0', 580 of '580.159.04'; 0 when there is none."""
    found = re.match(r"\d+", version)
    return int(found.group()) if found else 0


def capability(cc: str) -> tuple[int, int] | None:
    """'10.3' -> (10, 3); None for a non-CUDA target ('gfx942')."""
    found = re.fullmatch(r"(\d+)\.(\d+)", cc)
    return (int(found.group(1)), int(found.group(2))) if found else None


def runs_on(cc: str, sass: tuple[str, ...], ptx: tuple[str, ...]) -> bool:
    """Whether code built for `sass` (native) and `ptx` runs on a GPU of compute capability `cc`:
    native code for X.y runs on X.z with z >= y; PTX for X.y is compiled for any later GPU."""
    gpu = capability(cc)
    if gpu is None:
        return False
    for built in sass:
        target = capability(built)
        if target and target[0] == gpu[0] and target[1] <= gpu[1]:
            return True
    return any((target := capability(p)) is not None and target <= gpu for p in ptx)
