"""The words of a verification's findings (formats/verify.py): how the server differs from the
build. `configurator verify` and the Verification dock word them in the user's language; its
`--json` carries them in English."""

from __future__ import annotations

from .marks import N_, Entry

WORDS: dict[str, Entry] = {
    "verify.missing": N_("{short} of {want} {part} not reported by the server"),
    "verify.unexpected": N_("{n} {part} reported but not in the build"),
    "verify.unidentified": N_("{source}: {item} is not a catalog part"),
    "verify.degraded": N_("{source}: {part} runs at x{lanes}, the card is x{want}"),
    "verify.unchecked": N_("{n} {category}(s) in the build cannot be checked: the source does not report {category}s"),
    "verify.unhealthy": N_("{source}: {kind} {item} reports health {health}"),
}
