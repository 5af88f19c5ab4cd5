"""The documented range of every number (and name) in a workload, checked where one is read.

A workload comes from a build file (`build.workload`), from `evaluate --workload FILE` and
from `configurator workload` arguments. The model (core/evaluate/workload_models.py) says a
figure is positive; these limits keep it plausible, so `tokens: 1e308`, `mfu: 5e-324` or
`layers: 10**39` are refused in one line naming the field instead of overflowing to Infinity
in `--json` or to `decimal.InvalidOperation` in the quote. Each limit is about ten times the
largest published model (Llama 3.1 405B: 126 layers, hidden 16,384, FFN 53,248, vocabulary
128,256; DeepSeek-V3: 256 experts):

==========================  =================  ==========================================
field                       range              note
==========================  =================  ==========================================
model.name, preset          at most 200 chars  printed in table cells of the quote
model.layers                1 .. 1,000
model.hidden                1 .. 131,072
model.heads, kv_heads       1 .. 4,096
model.head_dim              1 .. 4,096
model.ffn                   1 .. 1,048,576
model.vocab                 1 .. 4,194,304
model.params                1 .. 1e14          100 T parameters
model.experts(_active)      1 .. 4,096
model.kv_lora_rank          1 .. 65,536        MLA latent (DeepSeek-V3: 512)
model.qk_rope_head_dim      0 .. 4,096
model.sliding_window        1 .. 16,777,216
model.sliding_layers        0 .. 1,000
model.attention_layers      1 .. 1,000         hybrid models' attention layers
train.micro_batch           1 .. 65,536
train.seq_len               1 .. 16,777,216    16 Mi tokens
train.tokens                1 .. 1e15          the largest published runs use ~1.5e13
train.zero_stage            0 .. 3
infer.batch                 1 .. 65,536
infer.context               1 .. 16,777,216
infer.new_tokens            0 .. 16,777,216
mfu                         0.001 .. 1
==========================  =================  ==========================================
"""

from __future__ import annotations

import math
from typing import Any

from ..core.message import Msg

MAX_NAME = 200
_SIDE = 16_777_216

#: dotted field -> (lowest, highest)
RANGES: dict[str, tuple[float, float]] = {
    "model.layers": (1, 1000), "model.hidden": (1, 131_072), "model.heads": (1, 4096),
    "model.kv_heads": (1, 4096), "model.head_dim": (1, 4096), "model.ffn": (1, 1_048_576),
    "model.vocab": (1, 4_194_304), "model.params": (1, 1e14), "model.experts": (1, 4096),
    "model.experts_active": (1, 4096), "model.kv_lora_rank": (1, 65_536), "model.qk_rope_head_dim": (0, 4096),
    "model.sliding_window": (1, _SIDE), "model.sliding_layers": (0, 1000), "model.attention_layers": (1, 1000),
    "train.micro_batch": (1, 65_536), "train.seq_len": (1, _SIDE), "train.tokens": (1, 1e15),
    "train.zero_stage": (0, 3),
    "infer.batch": (1, 65_536), "infer.context": (1, _SIDE), "infer.new_tokens": (0, _SIDE),
    "mfu": (0.001, 1),
}
_NAMES = ("model.name", "preset")


def _get(data: dict[str, Any], dotted: str) -> Any:
    value: Any = data
    for key in dotted.split("."):
        if not isinstance(value, dict) or key not in value:
            return None
        value = value[key]
    return value


def _shown(value: float) -> Msg | str:
    if isinstance(value, int) and abs(value) >= 10**15:
        return Msg("build.digits", n=len(str(abs(value))))
    return f"{value:g}" if isinstance(value, float) else str(value)


def workload_problem(data: Any) -> tuple[str, Msg] | None:
    """(field, message) for the first workload figure outside its documented range, else None.

    Only range and length are checked here; types and consistency are the model's job.
    """
    if not isinstance(data, dict):
        return None
    for field in _NAMES:
        name = _get(data, field)
        if isinstance(name, str) and len(name) > MAX_NAME:
            return field, Msg("build.at-most-chars", limit=MAX_NAME, n=f"{len(name):,}")
    for field, (low, high) in RANGES.items():
        value = _get(data, field)
        if isinstance(value, bool) or not isinstance(value, int | float):
            continue
        if isinstance(value, float) and not math.isfinite(value):
            return field, Msg("build.finite-range", low=f"{low:g}", high=f"{high:g}")
        if not low <= value <= high:
            return field, Msg("build.range", low=f"{low:g}", high=f"{high:g}", value=_shown(value))
    return None
