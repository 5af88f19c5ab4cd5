"""Per-GPU memory of a training step or an inference server, fitted to what PyTorch really allocates.

Training is modelled for Hugging Face Llama-style models (SDPA attention, RMSNorm upcast to fp32, SwiGLU,
cross entropy over the full vocabulary on fp32 logits). Model states follow the ZeRO paper's accounting
(`train_model_states`); the peak is the largest of three moments of the step (docs/workload-model.md,
"Training peak"):

1. loss backward: weights + optimizer states + all saved activations + the [b, s, V] logits working set
   (bf16 logits, fp32 log-softmax output, its fp32 gradient and the fp32 gradient of the logits);
2. end of backward: + all gradients + the first layer's activations (with checkpointing: its saved input
   and its recompute; the other layers' inputs are freed by then);
3. optimizer step: + all gradients + the implementation's temporaries (none for fused AdamW; foreach
   AdamW: one sqrt(v) per parameter, plus fp32 gradients for a master copy).
"""

from __future__ import annotations

from dataclasses import dataclass

from .workload_formulas import kv_cache_bytes
from .workload_models import InferJob, MemoryBreakdown, ModelShape, ModelStates, TrainJob, Workload

#: CUDA context + runtime (cuBLAS/cuDNN handles, kernels) per GPU, not counted by max_memory_allocated.
#: Part of the fit reserve (`reserve_bytes`), not of the breakdown's total.
CUDA_CONTEXT_BYTES = 600_000_000
#: Caching-allocator slack (rounding, fragmentation) as a fraction of allocated bytes: also reserve only.
ALLOCATOR_SLACK = 0.05
#: Runtime overhead the allocator does see: cuBLAS workspace and attention kernels' backward scratch.
_KERNEL_WORKSPACE_BYTES = 64 * 2**20


def reserve_bytes(allocated: float) -> int:
    """Memory a GPU needs beyond what PyTorch allocates: CUDA context and allocator fragmentation.

    Kept out of `MemoryBreakdown.total` (which is comparable with torch.cuda.max_memory_allocated)
    and added when deciding whether a job fits.
    """
    return int(CUDA_CONTEXT_BYTES + ALLOCATOR_SLACK * allocated)

# bytes/param: (weights, gradients, optimizer states by optimizer)
_WEIGHT_BYTES = {"fp32": 4, "amp": 4, "mixed": 2, "bf16": 2, "fp8": 2}
_MASTER_BYTES = {"fp32": 0, "amp": 0, "mixed": 4, "bf16": 0, "fp8": 4}
_STATE_BYTES = {  # optimizer states proper, in the dtype of the tensors the optimizer updates
    "adamw": {"fp32": 8, "amp": 8, "mixed": 8, "bf16": 4, "fp8": 8},
    "adamw8bit": {"fp32": 2, "amp": 2, "mixed": 2, "bf16": 2, "fp8": 2},
    "sgd": {"fp32": 4, "amp": 4, "mixed": 4, "bf16": 2, "fp8": 4},
}
_INFER_WEIGHT_BYTES = {"fp32": 4.0, "fp16": 2.0, "bf16": 2.0, "fp8": 1.0, "int8": 1.0, "int4": 0.5 + 1 / 32}
KV_BYTES = {"fp32": 4, "fp16": 2, "bf16": 2, "fp8": 1, "int8": 1}


def optimizer_bytes_per_param(precision: str, optimizer: str) -> float:
    """Persistent optimizer bytes per parameter: fp32 master copy (where the recipe has one) + states."""
    return _MASTER_BYTES[precision] + _STATE_BYTES[optimizer][precision]


def step_temp_bytes_per_param(job: TrainJob) -> float:
    """Transient bytes per parameter during optimizer.step(), by implementation.

    fused (DeepSpeed FusedAdam, Megatron, torch AdamW(fused=True)) and 8-bit AdamW (bitsandbytes) and SGD
    update in place, chunk by chunk: none. foreach AdamW allocates sqrt(exp_avg_sq) for every tensor
    of a group at once (one tensor in the state dtype; one group = all parameters, the worst case);
    with a master copy and 16-bit gradients it also materialises fp32 gradients for the master weights.
    """
    if job.optimizer_impl != "foreach" or job.optimizer != "adamw":
        return 0.0
    p = job.precision
    temp = 2.0 if p == "bf16" else 4.0
    if _MASTER_BYTES[p] and not job.grad_fp32:
        temp += 4
    return temp


def grad_bytes_per_param(job: TrainJob) -> float:
    """Gradient bytes per parameter: the weights' dtype, or fp32 with `grad_fp32` (Megatron, DeepSpeed)."""
    return 4 if job.grad_fp32 else _WEIGHT_BYTES[job.precision]


def train_bytes_per_param(job: TrainJob) -> tuple[float, float, float]:
    """(weights, gradients, optimizer) bytes per parameter of a training recipe (mixed: 2 + 2 + 12)."""
    p = job.precision
    return _WEIGHT_BYTES[p], grad_bytes_per_param(job), optimizer_bytes_per_param(p, job.optimizer)


def train_model_states(w: Workload, n_gpus: int) -> ModelStates:
    """Per-GPU model states under the job's ZeRO stage over n_gpus data-parallel GPUs (ZeRO paper, Table 1)."""
    p, stage = w.model.param_count(), w.train.zero_stage
    bw, bg, bo = train_bytes_per_param(w.train)
    return ModelStates(
        weights=int(p * bw / (n_gpus if stage >= 3 else 1)),
        gradients=int(p * bg / (n_gpus if stage >= 2 else 1)),
        optimizer=int(p * bo / (n_gpus if stage >= 1 else 1)),
        bytes_per_param=bw + bg + bo,
    )


def _residual_bytes(precision: str) -> int:
    """Bytes per element of the residual stream (what a checkpointed layer saves)."""
    return 4 if precision in ("fp32", "amp") else 2


def hf_llama_layer_activation_bytes(shape: ModelShape, precision: str, tokens: int) -> float:
    """Saved activations of one HF Llama decoder layer (SDPA) for `tokens` = batch × seq tokens.

    Measured on the CPU with saved_tensors_hooks (docs/workload-model.md): per token, bf16/mixed
    20h + 4·kv·d + 8f + 4a + 8 (two RMSNorms 8h each: fp32 upcast, bf16 normalised, bf16 output; q and
    attention output 2·a·d each; fp32 logsumexp); fp32 doubles the 16-bit tensors; amp keeps the fp32
    residual in the norms and bf16 copies of each projection's input (q, k, v cast separately).
    """
    h, a, kv, d, f = shape.hidden, shape.heads, shape.kv_heads, shape.d_head, shape.ffn
    f_eff = f * shape.experts_active
    router = 4 * shape.experts if shape.experts > 1 else 0
    if precision == "fp32":
        per_token = 24 * h + 4 * a * d + 8 * kv * d + 4 * a * d + 16 * f_eff + 4 * a + 8
    elif precision == "amp":
        per_token = 26 * h + 2 * a * d + 4 * kv * d + 2 * a * d + 8 * f_eff + 4 * a + 8
    else:
        per_token = 16 * h + 2 * a * d + 4 * kv * d + 2 * a * d + 8 * f_eff + 4 * a + 8
    return tokens * (per_token + router)


def hf_llama_head_bytes(shape: ModelShape, precision: str, tokens: int) -> float:
    """The final norm's saved tensors and the loss's logits working set at the start of backward.

    Logits per token and vocab entry: bf16 logits 2 (kept by the caller's output object) + fp32
    log-softmax output 4 + its fp32 gradient 4 + the fp32 gradient of the logits 4 = 14 B; fp32 models 16 B.
    """
    h, v = shape.hidden, shape.vocab
    norm = {"fp32": 12, "amp": 10}.get(precision, 8) * h
    logits = 16 if precision == "fp32" else 14
    return tokens * (norm + logits * v)


@dataclass(frozen=True)
class _TrainParts:
    weights: float
    grads: float
    states: float
    step_temp: float
    acts_all: float
    acts_layer: float
    buckets: float
    gather: float


def _train_parts(w: Workload, n_gpus: int) -> _TrainParts:
    m, job = w.model, w.train
    p, stage, n = m.param_count(), job.zero_stage, n_gpus
    bw, bg, _ = train_bytes_per_param(job)
    states = train_model_states(w, n)
    tokens = job.micro_batch * job.seq_len
    layer = hf_llama_layer_activation_bytes(m, job.precision, tokens)
    head = hf_llama_head_bytes(m, job.precision, tokens)
    layer_input = tokens * _residual_bytes(job.precision) * m.hidden
    if job.checkpointing:
        saved: float = m.layers * layer_input
    else:
        saved = m.layers * layer
    acts = saved + head
    if job.precision == "amp":  # autocast caches a bf16 copy of every matmul weight until backward
        acts += 2 * (p - m.vocab * m.hidden * (0 if m.tied_embeddings else 1)) / (n if stage == 3 else 1)
    layer_p = m.layer_params()
    return _TrainParts(
        weights=states.weights,
        grads=states.gradients,
        states=states.optimizer,
        step_temp=p * step_temp_bytes_per_param(job) / (n if stage >= 1 else 1),
        acts_all=acts,
        # end of backward: the first layer's saved tensors (checkpointing: its input and its recompute);
        # the later layers' activations were freed as their backward finished
        acts_layer=layer + (layer_input if job.checkpointing else 0),
        # PyTorch DDP keeps its own gradient buckets next to .grad (gradient_as_bucket_view=False)
        buckets=p * bg if (stage == 0 and n > 1) else 0,
        # ZeRO-3 / FSDP: the current and the prefetched layer gathered, plus one layer's full gradients
        gather=(2 * layer_p * bw + layer_p * bg) if (stage == 3 and n > 1) else 0,
    )


def _overhead(allocated: float) -> int:
    """Runtime overhead inside the allocator's peak (workspaces); the rest is `reserve_bytes`."""
    return _KERNEL_WORKSPACE_BYTES


def train_memory(w: Workload, n_gpus: int) -> MemoryBreakdown:
    """Per-GPU peak of a training step (largest of loss-backward, end-of-backward, optimizer step)."""
    t = _train_parts(w, n_gpus)
    base = t.weights + t.states + t.gather
    phases = {
        "backward (loss)": dict(gradients=t.buckets, optimizer=t.states, activations=t.acts_all),
        "backward (end)": dict(gradients=t.grads + t.buckets, optimizer=t.states, activations=t.acts_layer),
        "optimizer step": dict(gradients=t.grads + t.buckets, optimizer=t.states + t.step_temp, activations=0),
    }
    phase, parts = max(phases.items(), key=lambda kv: sum(kv[1].values()))
    allocated = base + sum(parts.values())
    return MemoryBreakdown(
        weights=int(t.weights + t.gather),
        gradients=int(parts["gradients"]),
        optimizer=int(parts["optimizer"]),
        activations=int(parts["activations"]),
        overhead=_overhead(allocated),
        phase=phase,
    )


def infer_weight_bytes(shape: ModelShape, job: InferJob, active: bool = False) -> float:
    """Bytes of weights at the inference precision (all experts, or only the active ones)."""
    params = shape.active_param_count() if active else shape.param_count()
    return params * _INFER_WEIGHT_BYTES[job.precision]


def infer_kv_bytes(shape: ModelShape, job: InferJob, tokens: int | None = None) -> float:
    """Whole-model KV cache for `job.batch` sequences of `tokens` (default context + new_tokens)."""
    tokens = job.context + job.new_tokens if tokens is None else tokens
    if shape.kv_lora_rank is None and shape.sliding_window is None and shape.attention_layers is None:
        return kv_cache_bytes(shape.layers, shape.kv_heads, shape.d_head, tokens, job.batch, KV_BYTES[job.kv_dtype])
    return shape.kv_sequence_bytes(tokens, KV_BYTES[job.kv_dtype]) * job.batch


def kv_share_per_gpu(shape: ModelShape, n_gpus: int) -> float:
    """Fraction of the KV cache each of `n_gpus` tensor-parallel GPUs holds: its KV heads (never
    below one head: replicated), or all of MLA's latent (shared by every head, so replicated)."""
    if shape.kv_lora_rank is not None:
        return 1.0
    return -(-shape.kv_heads // n_gpus) / shape.kv_heads


def prefill_step_tokens(job: InferJob) -> int:
    """Prompt tokens run in one forward step: the whole batch, or the engine's max tokens per step."""
    tokens = job.batch * job.context
    return tokens if job.max_tokens_per_step is None else min(tokens, job.max_tokens_per_step)


def infer_memory(w: Workload, n_gpus: int) -> MemoryBreakdown:
    """Per-GPU inference memory; n_gpus > 1 means tensor parallelism (weights and KV heads split). A serving engine
    (chunked prefill) also holds its CUDA graphs and, over several GPUs, communication buffers (in `overhead`)."""
    m, job = w.model, w.infer
    n = n_gpus
    weights = infer_weight_bytes(m, job) / n
    kv = infer_kv_bytes(m, job) * kv_share_per_gpu(m, n)
    # one prefill step, no grad: residual + fp32 norm upcast + the MLP's gate/up/act/product for the
    # step's tokens (a serving engine's chunked prefill caps them), plus fp32 logits of each sequence's
    # last position
    act_bytes = 4 if job.precision == "fp32" else 2
    acts = prefill_step_tokens(job) * (act_bytes * 3 * m.hidden + 4 * m.hidden
                                       + act_bytes * 3 * m.ffn * m.experts_active / n)
    acts += job.batch * m.vocab * 8
    allocated = weights + kv + acts
    overhead = _overhead(allocated)
    if job.max_tokens_per_step is not None:   # a serving engine: its CUDA graphs and tensor-parallel buffers
        overhead += serving_cuda_graph_bytes(m) + serving_comm_bytes(n)
    return MemoryBreakdown(weights=int(weights), kv_cache=int(kv), activations=int(acts),
                           overhead=overhead, phase="inference")


# --- a serving engine's KV-cache capacity (vLLM's start-up memory plan; docs/workload-model.md, "KV capacity") ---

#: vLLM's default share of each GPU's memory its engine plans with: `gpu_memory_utilization` = 0.9 ("The fraction of
#: GPU memory to be used for the model executor ... If unspecified, will use the default value of 0.9"; vLLM engine
#: arguments, https://docs.vllm.ai/en/latest/configuration/engine_args.html, read 2026-12-06; high confidence)
SERVING_GPU_MEMORY_UTILIZATION = 0.9
#: CUDA's total memory as a share of the marketed size read as GiB. Estimate from vLLM's own "total_gpu_memory" in
#: published start-up logs: H200 141 GB -> 139.72 GiB (https://github.com/vllm-project/vllm/issues/10702,
#: 2024-11-27), H100 80 GB -> 79.19 GiB (https://github.com/generative-computing/mellea/pull/416, 2025-02-11),
#: RTX 3090 24 GB -> 23.58 GiB (https://github.com/vllm-project/vllm/issues/10517, 2024-12-02): 0.982-0.991
VISIBLE_MEMORY_FRACTION = 0.99
#: memory outside PyTorch's allocator on one GPU without tensor parallelism (CUDA context, cuBLAS, NCCL's own
#: init): vLLM's "non_torch_memory=0.35GiB", Llama-3.1-8B on an RTX 3090 (vllm-project/vllm issue 10517,
#: 2024-12-02; medium confidence: one log)
SERVING_NON_TORCH_BYTES = int(0.35 * 2**30)
#: communication buffers per tensor-parallel peer (NCCL channels and NVLS buffers, vLLM's custom all-reduce
#: buffers): estimate, (5.68 - 0.35) GiB / 7 peers from vLLM's "non_torch_memory=5.68GiB" of Llama-3.1-70B at
#: TP 8 on H200 (https://github.com/vllm-project/vllm/issues/10702, 2024-11-27) less the single-GPU figure above;
#: low-to-medium confidence: one log, NVSwitch (NVLS) systems, where NCCL's buffers are largest
COMM_BUFFER_BYTES_PER_PEER = int(0.76 * 2**30)
#: CUDA-graph memory per layer and hidden unit (the decode graphs' pool for capture batch sizes up to 256-512):
#: estimate, 2,464 MiB (nvidia-smi with CUDA graphs vs --enforce-eager) / (60 layers x 7,168) for Yi-1.5-34B at
#: TP 4 on RTX 4090s, vLLM 0.5.4 (https://github.com/vllm-project/vllm/issues/7553, 2024-08-15); vLLM reports
#: e.g. "Graph capturing finished in 2 secs, took 0.13 GiB" for a ~0.6 B model on an H100 (mellea PR 416 above);
#: low confidence: the pool depends on the capture sizes and the compile mode
CUDA_GRAPH_BYTES_PER_LAYER_HIDDEN = 6_000
#: sequences in vLLM's profiling run (its default max_num_seqs, 256), each with fp32 logits and their sampler copy
SERVING_PROFILE_SEQS = 256


def serving_cuda_graph_bytes(shape: ModelShape) -> int:
    """Estimated CUDA-graph capture memory of a serving engine on each GPU (`CUDA_GRAPH_BYTES_PER_LAYER_HIDDEN`)."""
    return int(shape.layers * shape.hidden * CUDA_GRAPH_BYTES_PER_LAYER_HIDDEN)


def serving_comm_bytes(n_gpus: int) -> int:
    """Estimated communication buffers on each GPU of a tensor-parallel group of `n_gpus` (0 on one GPU)."""
    return COMM_BUFFER_BYTES_PER_PEER * max(0, n_gpus - 1)


def _serving_step_activation_bytes(shape: ModelShape, precision: str, tokens: int, n_gpus: int) -> float:
    """Activation peak of a serving engine's profiling step of `tokens` tokens, no grad: the residual and the
    normalised input (fused RMSNorm in place, no fp32 copy) and the MLP's gate/up/product (3 h + 3 f/n values per
    token), or the sampler's fp32 logits of `SERVING_PROFILE_SEQS` sequences, whichever is larger (the logits come
    after the layers' buffers are freed). Per token 6 h + 6 f bytes for Llama-3.1-8B = 110.6 KB, against vLLM's
    peak_torch_memory rising 0.92 GiB from 20,000 to 29,000 tokens = 109.7 KB (vllm-project/vllm issue 10517)."""
    act = 4 if precision == "fp32" else 2
    per_token = act * 3 * shape.hidden + act * 3 * shape.ffn * shape.experts_active / n_gpus
    return max(tokens * per_token, SERVING_PROFILE_SEQS * shape.vocab * 8)


@dataclass(frozen=True)
class ServingCapacity:
    """Per-GPU memory plan of a serving engine with a paged KV cache (vLLM's start-up profile), in bytes.

    `budget` = CUDA's total × `utilization`; the KV cache gets what the weights, the profiling step's activation
    peak, the memory outside PyTorch, the communication buffers and (where the engine counts them) the CUDA graphs
    leave. `kv_tokens` is vLLM's "GPU KV cache size: N tokens"; `max_concurrency` its "Maximum concurrency for T
    tokens per request: X" at T = `tokens_per_request`.
    """

    budget: float
    weights: float
    activations: float
    non_torch: float
    comm_buffers: float
    cuda_graphs: float
    kv_bytes: float
    kv_tokens: int
    tokens_per_request: int
    max_concurrency: float


def serving_capacity(w: Workload, n_gpus: int, gpu_memory_gb: float, *,
                     utilization: float = SERVING_GPU_MEMORY_UTILIZATION, count_cuda_graphs: bool = True,
                     tokens_per_request: int | None = None) -> ServingCapacity:
    """The KV cache a serving engine can allocate on each of `n_gpus` tensor-parallel GPUs of `gpu_memory_gb`
    (marketed size, read as GiB), and how many sequences of `tokens_per_request` (default context + new tokens)
    it holds at once. `count_cuda_graphs`: the engine sizes the cache after charging its CUDA graphs (vLLM V1
    since v0.21; older engines captured them afterwards, outside the budget)."""
    m, job = w.model, w.infer
    n = n_gpus
    budget = gpu_memory_gb * 2**30 * VISIBLE_MEMORY_FRACTION * utilization
    weights = infer_weight_bytes(m, job) / n
    acts = _serving_step_activation_bytes(m, job.precision, job.max_tokens_per_step or job.context, n)
    comm = serving_comm_bytes(n)
    graphs = serving_cuda_graph_bytes(m) if count_cuda_graphs else 0
    kv = max(0.0, budget - weights - acts - SERVING_NON_TORCH_BYTES - comm - graphs)
    bytes_per_value = KV_BYTES[job.kv_dtype]
    share = kv_share_per_gpu(m, n)
    per_token = m.kv_bytes_per_token(bytes_per_value) * share
    t = job.context + job.new_tokens if tokens_per_request is None else tokens_per_request
    per_seq = m.kv_sequence_bytes(t, bytes_per_value) * share
    return ServingCapacity(
        budget=budget, weights=weights, activations=acts, non_torch=SERVING_NON_TORCH_BYTES, comm_buffers=comm,
        cuda_graphs=graphs, kv_bytes=kv, kv_tokens=int(kv // per_token) if per_token else 0,
        tokens_per_request=t, max_concurrency=kv / per_seq if per_seq else 0.0)
