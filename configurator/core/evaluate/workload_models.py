"""The frozen data types of the workload model: model shape, training and inference jobs, results."""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, InstanceOf, ValidationError, computed_field, field_validator, model_validator

from .. import validation_text
from ..input_error import InvalidValueError
from ..message import Msg

#: Default model-FLOPs utilisation for dense LLM training (docs/workload-model.md, "Default MFU"):
#: published runs reach 41.5–56 % (Megatron-LM, A100), 46.2 % (PaLM), 54.2 % (Korthikanti); 0.40 is a
#: moderate-scale, well-tuned-but-not-heroic figure for Hopper-class GPUs.
DEFAULT_MFU = 0.40

#: Compute MFU of pretraining at scale (≥ `AT_SCALE_GPUS` GPUs), by active parameters, calibrated on Meta's
#: Llama 3.1 model card: H100-80GB GPU-hours 8B 1.46 M, 70B 7.0 M, 405B 30.84 M
#: (https://huggingface.co/meta-llama/Llama-3.1-8B, MODEL_CARD.md "Training Energy Use") for 15.6 T tokens
#: (arXiv:2407.21783 §3) at 989 TFLOPS dense BF16 are an end-to-end MFU 6·N·D / (hours · 3600 · peak) of
#: 0.145, 0.265, 0.346 (restarts, checkpoints and slow steps included). The cluster model
#: (cluster/scaling.py) adds each step's exposed communication on top of the compute MFU, so the table holds
#: the compute MFU that, on 16,384 H100s with one 400 Gb/s NIC each, a 16 M-token batch and TP8 × PP16
#: (v = 8; the 405B layout of arXiv:2407.21783 Table 4), gives the card's hours: 0.164, 0.304, 0.400
#: (efficiency 0.88, 0.87, 0.86). For 405B the result, 0.371 at 8,192 GPUs and 0.346 at 16,384, sits
#: under the paper's 43 % and 41 % step MFU by its > 90 % effective training time. Smaller models run at a
#: lower MFU: their matrices are smaller for the same cluster. (upper bound of active parameters, MFU),
#: docs/workload-model.md "Default MFU". The default of every training time (`Workload.mfu_on`): one
#: server's evaluation, `configurator cluster` and the recommender.
MFU_AT_SCALE: tuple[tuple[float, float], ...] = ((20e9, 0.164), (150e9, 0.304), (float("inf"), 0.400))
#: GPUs from which the at-scale MFU applies; from one 8-GPU server (`DEFAULT_MFU`) up to here the
#: default falls log-linearly in the GPU count (an estimate: no published run measures the curve)
AT_SCALE_GPUS = 1024
SERVER_GPUS = 8


def default_mfu(active_params: float, gpus: Any) -> Any:
    """The MFU assumed when the user gives none: `DEFAULT_MFU` on up to one 8-GPU server, the
    at-scale figure for the model's size from `AT_SCALE_GPUS` GPUs, log-linear in between; `gpus`
    may be a numpy array (the recommender's candidates)."""
    import numpy as np  # here: a build without a workload (the window's start) never needs it

    at_scale = next(m for most, m in MFU_AT_SCALE if active_params <= most)
    share = np.clip(np.log(np.maximum(gpus, SERVER_GPUS) / SERVER_GPUS) / math.log(AT_SCALE_GPUS / SERVER_GPUS),
                    0.0, 1.0)
    out = DEFAULT_MFU * (1 - share) + at_scale * share
    return float(out) if np.ndim(out) == 0 else out


def mfu_regime(gpus: int) -> str:
    """Which default applies on `gpus` GPUs: "server" (one server's 0.40), "scale" (the at-scale figure by
    size) or "between" (log-linear from one to the other)."""
    return "server" if gpus <= SERVER_GPUS else "scale" if gpus >= AT_SCALE_GPUS else "between"


TrainPrecision = Literal["fp32", "amp", "mixed", "bf16", "fp8"]
InferPrecision = Literal["fp32", "fp16", "bf16", "fp8", "int8", "int4"]
KVDtype = Literal["fp32", "fp16", "bf16", "fp8", "int8"]
#: How optimizer.step() is implemented: "fused" (DeepSpeed FusedAdam, Megatron's fused Adam,
#: torch.optim.AdamW(fused=True): no per-parameter temporaries) or "foreach" (torch's default multi-tensor
#: path: a temporary per tensor group, e.g. sqrt(exp_avg_sq)).
OptimizerImpl = Literal["fused", "foreach"]
#: Tokens a serving engine runs in one forward step (vLLM max_num_batched_tokens, TensorRT-LLM
#: max_num_tokens): chunked prefill caps the prefill working set at this many tokens.
DEFAULT_MAX_TOKENS_PER_STEP = 8192

_FROZEN = ConfigDict(defer_build=True, frozen=True, extra="forbid")


#: the most GPUs one tensor-parallel group spans: one NVLink domain of an 8-GPU server (vLLM and
#: TensorRT-LLM document TP 1, 2, 4, 8 within a node; more GPUs go to pipeline parallelism or replicas)
MAX_TENSOR_PARALLEL = 8


class ModelShape(BaseModel):
    """A decoder-only transformer as its config.json describes it (Llama style: SwiGLU MLP, RMSNorm, RoPE)."""

    model_config = _FROZEN

    name: str
    layers: int
    hidden: int
    heads: int
    kv_heads: int
    ffn: int
    vocab: int
    params: int | None = None
    tied_embeddings: bool = False
    experts: int = 1
    experts_active: int = 1
    head_dim: int | None = None
    #: multi-head latent attention (DeepSeek-V2/V3 config.json `kv_lora_rank`, `qk_rope_head_dim`): the
    #: cache holds one compressed latent of kv_lora_rank + qk_rope_head_dim values per token and layer,
    #: shared by every head (vLLM and SGLang cache the latent, replicated on each tensor-parallel GPU)
    kv_lora_rank: int | None = None
    qk_rope_head_dim: int | None = None
    #: sliding-window attention (config.json `sliding_window`): `sliding_layers` of the attention layers
    #: (default: all of them, as Mistral 7B v0.1; Gemma 2 alternates, half) keep only the last window
    sliding_window: int | None = None
    sliding_layers: int | None = None
    #: hybrid models (Jamba, Qwen3-Next): how many layers have attention and a KV cache; the others are
    #: recurrent (Mamba, linear attention) with a fixed-size state per sequence. Default: every layer
    attention_layers: int | None = None

    @field_validator("layers", "hidden", "heads", "kv_heads", "ffn", "vocab", "experts", "experts_active",
                     "head_dim", "params", "kv_lora_rank", "sliding_window", "attention_layers")
    @classmethod
    def _positive(cls, value: int | None, info) -> int | None:
        if value is not None and value < 1:
            raise InvalidValueError(Msg("workload.positive", name=info.field_name, value=str(value)))
        return value

    @model_validator(mode="after")
    def _consistent(self) -> ModelShape:
        if self.heads % self.kv_heads:
            raise InvalidValueError(Msg("workload.kv-heads", heads=self.heads, kv_heads=self.kv_heads))
        if self.experts_active > self.experts:
            raise InvalidValueError(Msg("workload.experts", active=self.experts_active, experts=self.experts))
        if self.head_dim is None and self.hidden % self.heads:
            raise InvalidValueError(Msg("workload.hidden", hidden=self.hidden, heads=self.heads))
        for name, value, most in (("attention_layers", self.attention_layers, self.layers),
                                  ("sliding_layers", self.sliding_layers, self.kv_layers),
                                  ("qk_rope_head_dim", self.qk_rope_head_dim, 4096)):
            if value is not None and not 0 <= value <= most:
                raise InvalidValueError(Msg("workload.layer-count", name=name, value=value, most=most))
        return self

    @property
    def attention_kind(self) -> str:
        """"mla", "mqa" (one KV head), "mha" (as many KV heads as query heads) or "gqa"; hybrid
        (recurrent layers) and sliding-window models show their own fields."""
        if self.kv_lora_rank is not None:
            return "mla"
        return "mqa" if self.kv_heads == 1 else "mha" if self.kv_heads == self.heads else "gqa"

    @property
    def kv_layers(self) -> int:
        """Layers that keep a KV cache (all but a hybrid's recurrent layers)."""
        return self.layers if self.attention_layers is None else self.attention_layers

    def kv_values_per_token_layer(self) -> int:
        """Values one token leaves in one attention layer's cache: K and V of every KV head, or MLA's latent."""
        if self.kv_lora_rank is not None:
            return self.kv_lora_rank + (self.qk_rope_head_dim or 0)
        return 2 * self.kv_heads * self.d_head

    def kv_bytes_per_token(self, bytes_per_value: float) -> float:
        """KV-cache bytes per token of one sequence while it is shorter than any sliding window."""
        return self.kv_values_per_token_layer() * self.kv_layers * bytes_per_value

    def kv_sequence_bytes(self, tokens: int, bytes_per_value: float) -> float:
        """KV-cache bytes of one sequence of `tokens`: sliding-window layers hold at most the window."""
        window_layers = 0 if self.sliding_window is None else (
            self.kv_layers if self.sliding_layers is None else self.sliding_layers)
        held = (self.kv_layers - window_layers) * tokens + window_layers * min(tokens, self.sliding_window or tokens)
        return self.kv_values_per_token_layer() * held * bytes_per_value

    @property
    def d_head(self) -> int:
        """Per-head dimension: head_dim if given, else hidden / heads."""
        return self.head_dim or self.hidden // self.heads

    def tensor_parallel_ok(self, tp: int) -> bool:
        """Whether vLLM and TensorRT-LLM split this model over `tp` GPUs of one server: a power of two
        up to `MAX_TENSOR_PARALLEL` that divides the attention heads, and the KV heads (or is a multiple of
        them: each KV head is then replicated, vLLM `ModelConfig.get_num_kv_heads`)."""
        if tp < 1 or tp > MAX_TENSOR_PARALLEL or tp & (tp - 1) or self.heads % tp:
            return False
        return self.kv_heads % tp == 0 or tp % self.kv_heads == 0

    def layer_params(self, experts: int | None = None) -> int:
        """Parameters of one decoder layer with `experts` expert MLPs (default: all)."""
        n_exp = self.experts if experts is None else experts
        q_o = 2 * self.hidden * self.heads * self.d_head
        k_v = 2 * self.hidden * self.kv_heads * self.d_head
        mlp = 3 * self.hidden * self.ffn * n_exp
        router = self.hidden * self.experts if self.experts > 1 else 0
        return q_o + k_v + mlp + router + 2 * self.hidden

    def embedding_params(self) -> int:
        """Input embedding plus output head (once if tied)."""
        return self.vocab * self.hidden * (1 if self.tied_embeddings else 2)

    def largest_module_params(self) -> int:
        """Parameters of the largest single module, DeepSpeed's "largest layer" (ZeRO-3 gathers it whole).

        For Llama shapes that is the input embedding or output head (V·h), else an MLP projection (h·f).
        """
        return max(self.vocab * self.hidden, self.hidden * self.ffn, self.hidden * self.heads * self.d_head)

    def param_count(self) -> int:
        """Total parameters: the `params` override, else computed from the shape."""
        if self.params is not None:
            return self.params
        return self.layers * self.layer_params() + self.embedding_params() + self.hidden

    def active_param_count(self) -> int:
        """Parameters used per token (MoE: only `experts_active` expert MLPs)."""
        if self.experts == 1:
            return self.param_count()
        computed = self.layers * self.layer_params(self.experts_active) + self.embedding_params() + self.hidden
        if self.params is None:
            return computed
        total_computed = self.layers * self.layer_params() + self.embedding_params() + self.hidden
        return round(self.params * computed / total_computed)


class TrainJob(BaseModel):
    """A training run: precision recipe, optimizer, micro-batch per GPU, sequence length, sharding."""

    model_config = _FROZEN

    precision: TrainPrecision = "mixed"
    optimizer: Literal["adamw", "adamw8bit", "sgd"] = "adamw"
    micro_batch: int = 1
    seq_len: int = 4096
    checkpointing: bool = False
    zero_stage: int = 0
    tokens: float | None = None
    optimizer_impl: OptimizerImpl = "fused"
    #: keep fp32 gradients (Megatron's fp32 gradient accumulation, DeepSpeed's fp32 grad partitions):
    #: 4 B instead of 2 B per parameter for gradients of 16-bit recipes, 18 B/param of model states
    grad_fp32: bool = False
    #: servers the data-parallel (ZeRO) group spans: model states shard over every server's GPUs. The
    #: time stays one server's (`configurator cluster` scales it); the recommender sets it on a cluster's build
    servers: int = Field(1, ge=1, le=100_000)
    #: pipeline-parallel stages across those servers (each holds a slice of the layers): the recommender chooses
    #: it per cluster, and `configurator cluster` runs it where the cluster file sets no pipeline_stages
    pipeline_stages: int = Field(1, ge=1, le=1024)

    @field_validator("micro_batch", "seq_len")
    @classmethod
    def _positive(cls, value: int, info) -> int:
        if value < 1:
            raise InvalidValueError(Msg("workload.positive", name=info.field_name, value=str(value)))
        return value

    @field_validator("zero_stage")
    @classmethod
    def _stage(cls, value: int) -> int:
        if not 0 <= value <= 3:
            raise InvalidValueError(Msg("workload.zero-stage", value=str(value)))
        return value

    @field_validator("tokens")
    @classmethod
    def _tokens(cls, value: float | None) -> float | None:
        if value is not None and value <= 0:
            raise InvalidValueError(Msg("workload.tokens", value=str(value)))
        return value


class InferJob(BaseModel):
    """An inference run: weight precision, concurrent sequences, prompt and generated tokens, KV dtype."""

    model_config = _FROZEN

    precision: InferPrecision = "bf16"
    batch: int = 1
    context: int = 4096
    new_tokens: int = 512
    kv_dtype: KVDtype = "bf16"
    #: tokens per forward step of the serving engine (chunked prefill); None: a whole batch's prompts at once
    max_tokens_per_step: int | None = DEFAULT_MAX_TOKENS_PER_STEP
    #: GPUs per tensor-parallel group (a replica of the model); the server's GPUs run as that many replicas, each
    #: with `batch` sequences. None: one group over all the server's GPUs (`Workload.serving_tp`)
    tensor_parallel: int | None = None

    @field_validator("batch", "context")
    @classmethod
    def _positive(cls, value: int, info) -> int:
        if value < 1:
            raise InvalidValueError(Msg("workload.positive", name=info.field_name, value=str(value)))
        return value

    @field_validator("new_tokens")
    @classmethod
    def _non_negative(cls, value: int) -> int:
        if value < 0:
            raise InvalidValueError(Msg("workload.new-tokens", value=str(value)))
        return value

    @field_validator("max_tokens_per_step")
    @classmethod
    def _step_tokens(cls, value: int | None) -> int | None:
        if value is not None and value < 1:
            raise InvalidValueError(Msg("workload.step-tokens", value=str(value)))
        return value

    @field_validator("tensor_parallel")
    @classmethod
    def _tp(cls, value: int | None, info) -> int | None:
        if value is not None and value < 1:
            raise InvalidValueError(Msg("workload.positive", name=info.field_name, value=str(value)))
        return value


class Workload(BaseModel):
    """What the server is for: a model and either a training or an inference job (stored in build files)."""

    model_config = _FROZEN

    model: ModelShape
    mode: Literal["train", "infer"]
    train: TrainJob = TrainJob()
    infer: InferJob = InferJob()
    mfu: float | None = None
    preset: str | None = None

    @field_validator("mfu")
    @classmethod
    def _mfu(cls, value: float | None) -> float | None:
        if value is not None and not 0 < value <= 1:
            raise InvalidValueError(Msg("workload.mfu", value=str(value)))
        return value

    def sharded_over(self, n_gpus: int) -> int:
        """GPUs the model states shard over when one server has `n_gpus`: every server's, for training."""
        return max(1, n_gpus) * (self.train.servers if self.mode == "train" else 1)

    def serving_tp(self, n_gpus: int) -> int:
        """GPUs per tensor-parallel group when a server has `n_gpus`: `infer.tensor_parallel` where it divides them,
        else all of them (one group). The server runs `n_gpus // serving_tp` replicas."""
        tp = self.infer.tensor_parallel
        return tp if tp is not None and 0 < tp <= n_gpus and n_gpus % tp == 0 else max(1, n_gpus)

    def mfu_on(self, gpus: Any) -> Any:
        """The MFU of this job on `gpus` GPUs in all (an int or a numpy array): the user's, else for training
        `default_mfu` by active parameters and GPU count, for inference `DEFAULT_MFU` (prefill)."""
        import numpy as np  # here: a build without a workload (the window's start) never needs it

        if self.mfu is not None:
            return self.mfu if np.ndim(gpus) == 0 else np.full(np.shape(gpus), self.mfu)
        if self.mode != "train":
            return DEFAULT_MFU if np.ndim(gpus) == 0 else np.full(np.shape(gpus), DEFAULT_MFU)
        return default_mfu(self.model.active_param_count(), gpus)

    @property
    def effective_mfu(self) -> float:
        """The MFU on one GPU (one server's default for training); `mfu_on` gives it at a GPU count."""
        return float(self.mfu_on(1))


class MemoryBreakdown(BaseModel):
    """Per-GPU bytes at the peak moment of the workload; `total` is their sum.

    Training: the composition at the phase that peaks (`phase`): at the start of the backward pass only the
    activations exist besides weights and optimizer states; in the optimizer step the full gradients and the
    step's temporaries (counted under `optimizer`) do. `overhead` is the runtime's own allocations
    (cuBLAS workspace, attention scratch). `total` is comparable with torch.cuda.max_memory_allocated;
    the CUDA context and allocator fragmentation, which that does not see, are the separate
    `WorkloadResult.reserve_bytes` that the fit verdict adds.
    """

    model_config = ConfigDict(defer_build=True, frozen=True)  # extra ignored: a dumped `total` reads back

    weights: int = 0
    gradients: int = 0
    optimizer: int = 0
    activations: int = 0
    kv_cache: int = 0
    overhead: int = 0
    phase: str = ""

    @computed_field  # type: ignore[prop-decorator]
    @property
    def total(self) -> int:
        return (self.weights + self.gradients + self.optimizer + self.activations + self.kv_cache
                + self.overhead)

    @property
    def allocated(self) -> int:
        """Bytes PyTorch's allocator hands out at the peak (what max_memory_allocated reports)."""
        return self.total


class ModelStates(BaseModel):
    """Per-GPU bytes of the model states the ZeRO paper counts: weights, gradients, optimizer states.

    Persistent across the step and partitioned by the ZeRO stage (1: optimizer, 2: + gradients,
    3: + weights) over the data-parallel GPUs, exactly as the paper's Table 1; buffers (DDP buckets,
    ZeRO-3 gathers), step temporaries and activations are not model states and are only in the peak
    (`MemoryBreakdown`). Zero for inference, which has weights only (see `MemoryBreakdown.weights`).
    """

    model_config = ConfigDict(defer_build=True, frozen=True)  # extra ignored: a dumped `total` reads back

    weights: int = 0
    gradients: int = 0
    optimizer: int = 0
    bytes_per_param: float = 0.0   # unsharded weights + gradients + optimizer bytes per parameter

    @computed_field  # type: ignore[prop-decorator]
    @property
    def total(self) -> int:
        return self.weights + self.gradients + self.optimizer


class WorkloadResult(BaseModel):
    """The workload evaluated on a given GPU count and type."""

    model_config = ConfigDict(defer_build=True, frozen=True)

    per_gpu: MemoryBreakdown
    capacity_bytes: int
    fits: bool                 # per_gpu.total + reserve_bytes <= capacity_bytes
    headroom_bytes: int        # capacity - total - reserve (negative: short by that much)
    reserve_bytes: int = 0     # CUDA context + allocator fragmentation, not in per_gpu.total
    max_batch: int
    verdict: InstanceOf[Msg]   # words/workload_words.py: fits or not, and what to try
    train_flops: float | None = None
    train_days: float | None = None
    mfu: float
    decode_tokens_per_s: float | None = None
    prefill_tokens_per_s: float | None = None
    #: output tokens/s over a whole batch (prefill + decode), as serving benchmarks report throughput
    serving_tokens_per_s: float | None = None
    decode_limit: str | None = None    # "memory bandwidth" or "compute": which bound sets the decode rate
    prefill_limit: str | None = None
    model_states: ModelStates = ModelStates()
    notes: tuple[InstanceOf[Msg], ...] = ()
    #: a serving engine's KV cache per tensor-parallel group in tokens (vLLM's "GPU KV cache size"), the sequences
    #: of `concurrency_tokens` (context + new tokens) it holds at once ("Maximum concurrency"), and the estimated
    #: CUDA-graph and communication buffers its memory plan charges per GPU (`workload_memory.serving_capacity`);
    #: None for training and whole-batch generation
    kv_cache_tokens: int | None = None
    max_concurrency: float | None = None
    concurrency_tokens: int | None = None
    cuda_graph_bytes: int | None = None
    comm_buffer_bytes: int | None = None


#: provenance keys of a models.toml entry: kept in the file for people and tests, not part of the shape
PRESET_META = ("source", "date", "confidence", "published_params", "published_active_params", "note")


def parse_presets(data: Mapping[str, Any], problems: list[Msg] | None = None) -> dict[str, ModelShape]:
    """Model-shape presets from a parsed models.toml (one table per preset id, e.g. "llama-2-7b").

    A bad entry raises ValueError naming the preset and the field; with a `problems` list it is
    skipped instead and its reason (a message) appended there, so the other presets still load.
    """
    out: dict[str, ModelShape] = {}
    for key, entry in data.items():
        try:
            out[key] = _preset(key, entry)
        except InvalidValueError as exc:
            if problems is None:
                raise
            problems.append(exc.msg)
    return out


def _preset(key: str, entry: Any) -> ModelShape:
    if not isinstance(entry, dict):
        raise InvalidValueError(Msg("presets.entry", name=repr(key), details=Msg("presets.not-table")))
    try:
        return ModelShape.model_validate({k: v for k, v in entry.items() if k not in PRESET_META})
    except ValidationError as exc:
        err = exc.errors()[0]
        loc = ".".join(str(x) for x in err["loc"]) or "(shape)"
        raise InvalidValueError(Msg("presets.entry-field", name=repr(key), field=repr(loc),
                                    details=validation_text.msg(err))) from None
