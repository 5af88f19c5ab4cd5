"""The workload estimate's words (core/evaluate/workload.py): the fit verdict, the changes that
would make a job fit, the notes that explain the figures, and the phase a training step peaks in.
The Workload panel, `configurator evaluate` and `workload`, the compare grid, the explanations and
the quote word them from here; `--json` carries them in English."""

from __future__ import annotations

from .marks import N_, Entry

WORDS: dict[str, Entry] = {
    # the verdict and what to try
    "workload.fits": N_("Fits: {need} GB of {capacity} GB per GPU ({pct})"),
    "workload.no-fit": N_("Does not fit: needs {need} GB per GPU, has {capacity} GB — try {tips}"),
    "workload.try.precision": N_("{precision} weights"),
    "workload.try.chunked-prefill": N_("chunked prefill ({n} tokens per step)"),
    "workload.try.tensor-parallel": N_("tensor parallel over 8 GPUs"),
    "workload.try.zero3": N_("ZeRO-3 over {n} GPUs"),
    "workload.try.checkpointing": N_("activation checkpointing"),
    "workload.try.micro-batch": N_("micro-batch 1"),
    "workload.try.fused-adamw": N_("fused AdamW"),
    "workload.try.adamw8bit": N_("8-bit AdamW"),
    "workload.try.more-gpus": N_("more GPUs"),
    # the notes
    "workload.note.peak": N_("Peak per GPU during {phase}: {gb} GB allocated by PyTorch, plus {reserve} GB for the "
                             "CUDA context and allocator fragmentation."),
    "workload.note.fp8-peak": N_("Compute at the GPU's dense FP8 peak."),
    "workload.note.no-fp8": N_("GPU has no FP8 figure: compute at the BF16 peak."),
    "workload.note.tf32": N_("fp32 compute at the TF32 tensor-core rate (half the BF16 peak)."),
    "workload.note.chinchilla": N_("Training tokens default to 20 × parameters (Chinchilla)."),
    "workload.note.train-time": N_("Time = 6·N·D / (GPUs × peak × MFU {mfu}); recomputation with checkpointing is "
                                   "not in the MFU."),
    "workload.note.mfu-server": N_("MFU {mfu} is the default on one server of up to 8 GPUs (published dense runs "
                                   "41-56 %; docs/workload-model.md): a given MFU replaces it."),
    "workload.note.mfu-between": N_("MFU {mfu} is the default on {gpus} GPUs: log-linear between one server's 40 % and "
                                    "the at-scale figure for the model's size (an estimate; docs/workload-model.md): a "
                                    "given MFU replaces it."),
    "workload.note.mfu-scale": N_("MFU {mfu} is the default at scale for the model's size, from the Llama 3.1 model "
                                  "card's H100 GPU-hours (docs/workload-model.md): a given MFU replaces it."),
    "workload.note.model-states": N_("Model states {size} B/param ({precision}, {optimizer}, {impl} step), "
                                     "ZeRO-{stage}: {gb} GB per GPU."),
    "workload.note.plain-dp": N_("Plain data parallel: every GPU holds all model states plus DDP gradient buckets."),
    "workload.note.limits": N_("Decode is limited by {decode}, prefill by {prefill}: each rate is the smaller of "
                               "memory bandwidth (weights + KV cache read per step) and compute (2 FLOPs per active "
                               "parameter per token at peak × MFU {mfu})."),
    "workload.note.chunked": N_("Prefill runs in chunks of at most {n} tokens per step, as serving engines do "
                                "(chunked prefill)."),
    "workload.note.whole-batch": N_("Engine: whole-batch generation (Hugging Face generate): all {n} prompt tokens of "
                                    "the batch are prefilled in one step."),
    "workload.note.kv-cache": N_("KV cache: {bytes} B per token of each sequence ({kind} attention, {dtype})."),
    "workload.note.kv-capacity": N_("KV cache capacity (serving engine, {util} of GPU memory as vLLM plans it): "
                                    "{tokens} tokens, at most {conc} concurrent sequences of {context} tokens. Per "
                                    "GPU the plan first pays weights {weights} GB, activations {acts} GB, CUDA "
                                    "graphs {graphs} GB and communication buffers {comm} GB (estimates), other "
                                    "runtime memory {other} GB."),
    "workload.note.sliding": N_("{n} of {layers} attention layers keep only the last {window} tokens (sliding "
                                "window)."),
    "workload.note.recurrent": N_("Only {n} of {layers} layers have attention and a KV cache; the others are "
                                  "recurrent."),
    "workload.note.tensor-parallel": N_("Inference over {n} GPUs is modelled as tensor parallelism."),
    "workload.note.replicas": N_("Inference over {n} GPUs is modelled as {replicas} replicas, each tensor-parallel "
                                 "over {tp} GPUs."),
    "workload.note.allreduce-scaleup": N_("Tensor parallelism costs {per_layer} all-reduces per layer and step over "
                                          "the GPUs' scale-up links (NVLink, NVSwitch, xGMI): {us} us each plus the "
                                          "activations at {gbs} GB/s per direction."),
    "workload.note.allreduce-pcie": N_("Tensor parallelism costs {per_layer} all-reduces per layer and step over "
                                       "PCIe (no NVLink joins the GPUs): {us} us each plus the activations at {gbs} "
                                       "GB/s per direction."),
}

#: the phase a step peaks in (`MemoryBreakdown.phase`, a key `--json` prints as it is) and which
#: bound sets a token rate (`WorkloadResult.decode_limit`): worded as the catalog words them
TERMS = (N_("backward (loss)"), N_("backward (end)"), N_("optimizer step"), N_("inference"),
         N_("memory bandwidth"), N_("compute"))
