"""Explanations of the workload figures: GPU memory at the step's peak, fit, time to train and
token rates (docs/workload-model.md)."""

from __future__ import annotations

import re
from typing import Any

from ..message import Quantity, Seq, Term
from .explanation import Explainer, Explanation, Input

_WL_DOC = "docs/workload-model.md"
_MEM = "explain.per-gpu-bytes-step-peak"
_WORKLOAD = {
    r"per_gpu(?:_bytes)?\.total": "explain.peak-per-gpu-breakdown-peak",
    r"per_gpu(?:_bytes)?\.\w+": _MEM,
    r"per_gpu\.phase": _MEM,
    r"model_states\.bytes_per_param": "explain.bytes-weights-gradients-optimizer-states",
    r"model_states\.\w+": "explain.zero-model-states-per-gpu",
    r"capacity_bytes": "explain.gpu-memory-gb-10-9",
    r"reserve_bytes": "explain.0-6-gb-cuda-context",
    r"headroom_bytes": "explain.capacity-peak-per-gpu-reserve",
    r"max_batch": "explain.largest-micro-batch-training-batch",
    r"train_flops": "explain.6-n-d-n-active",
    r"train_days": "explain.6nd-gpus-dense-peak-mfu",
    r"mfu": "explain.model-flops-utilisation-workload-else",
    r"decode_tokens_per_s": "explain.min-memory-bound-batch-gpus",
    r"prefill_tokens_per_s": "explain.min-memory-bound-one-weight",
    r"serving_tokens_per_s": "explain.batch-new-batch-context-prefill",
    r"kv_cache_tokens|max_concurrency|concurrency_tokens|cuda_graph_bytes|comm_buffer_bytes":
        "explain.serving-kv-capacity",
}
_ZERO_URL = "https://arxiv.org/abs/1910.02054"
_BYTES = ("bytes", "weights", "gradients", "optimizer", "activations", "kv_cache", "overhead", "total")


def _workload_unit(what: str) -> str:
    if what.endswith(_BYTES):
        return "B"
    if what.endswith("_per_s"):
        return "tokens/s"
    return {"train_days": "days", "train_flops": "FLOPs", "kv_cache_tokens": "tokens",
            "concurrency_tokens": "tokens"}.get(what, "")


def workload(x: Explainer, m: re.Match[str]) -> Explanation:
    """workload.<figure>: the workload model's figure, with the workload's inputs and the GPU's."""
    wl, what = x.ev.workload, m.group(1)
    msg_id = next((text for pat, text in _WORKLOAD.items() if re.fullmatch(pat, what)),
                  "explain.figure-workload-model-docs-workload")
    phase = getattr(getattr(wl, "per_gpu", None), "phase", "")
    formula = x.t(msg_id, phase=Term(phase) if phase else "", url=_ZERO_URL)
    ins = _workload_inputs(x, x.ctx.build.workload)
    gpu = next((pl.part for pl in x.ctx.gpus_placed), None)
    fld = "bf16_tflops" if what.startswith(("train", "prefill", "decode", "serving")) else "memory_gb"
    ins.append(x.part_input(gpu, fld, unit="TFLOPS" if fld == "bf16_tflops" else "GB"))
    if what.startswith(("decode", "prefill", "serving")):
        ins.append(x.part_input(gpu, "memory_bandwidth_gbs", unit="GB/s"))
    ins.append(Input(x.t("explain.conventions"), _WL_DOC, x.t("explain.doc-each-convention-with-source", doc=_WL_DOC),
                     estimate=True))
    notes = tuple(getattr(wl, "notes", ()) or ())[:6]
    return x.made(_workload_unit(what), Seq(f"{what}: ", formula), ins, notes=notes)


def _workload_inputs(x: Explainer, spec: Any) -> list[Input]:
    """The workload's inputs (model shape, the job of its mode), flattened to name = value."""
    if spec is None:
        return [Input(x.t("explain.workload"), x.t("explain.none"), x.t("explain.build-has-no-workload"))]
    data = spec if isinstance(spec, dict) else spec.model_dump(mode="json")
    job = data.get(data.get("mode", "train"), {}) or {}
    flat = {f"model.{k}": v for k, v in (data.get("model") or {}).items() if v is not None}
    flat.update({f"{data.get('mode')}.{k}": v for k, v in job.items() if v is not None})
    flat.update({k: data[k] for k in ("mode", "mfu", "preset") if data.get(k) is not None})
    source = x.t("explain.workload-input-build-workload-file")
    return [Input(f"workload.{k}", Quantity(v) if isinstance(v, bool) else str(v), source)
            for k, v in flat.items() if not isinstance(v, dict | list)]
