"""What the recommender is asked: a workload, the constraints on the servers and the objective.

A `Request` is frozen and validated (pydantic), like the build: impossible values are refused
with a message naming the field; the search (`search.recommend`) reads nothing else.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from ..evaluate.workload_models import Workload
from ..input_error import invalid_at
from ..message import Msg
from ..rules.memory import RATIO_WARN
from .serving import DEFAULT_TTFT_MS, default_tpot_ms

Objective = Literal["price", "tco", "time", "cost_per_mtok"]
CoolingChoice = Literal["any", "air", "liquid"]

#: host memory per GB of GPU memory by default: the `mem.host-ram-low` threshold (1.5x; docs/cli.md),
#: enough RAM to stage the GPUs' memory (checkpoints, ZeRO offload); the seed's 7B build has 3.2x
#: (examples/seed-7b-training.json), DGX H100 2 TB for 640 GB (3.2x)
DEFAULT_HOST_MEMORY_RATIO = RATIO_WARN
#: most servers of one build a job may use by default: the largest DGX SuperPOD the NVIDIA reference
#: architecture tabulates, 4 scalable units of 32 nodes (DGX SuperPOD H100 RA, "Network Fabrics" Table 4:
#: https://docs.nvidia.com/dgx-superpod/reference-architecture-scalable-infrastructure-h100/latest/network-fabrics.html,
#: tests/core/test_cluster_fabric.py)
DEFAULT_MAX_SERVERS = 128


class Request(BaseModel):
    """A job and the limits of the servers that should run it.

    Training (`workload.mode == "train"`, fine-tuning included) is sized by `deadline_days` on
    `workload.train.tokens`; serving (`"infer"`) by `target_tokens_per_s`, output tokens per
    second over all servers at the workload's batch and context, and by the serving targets
    `target_ttft_ms`, `target_tpot_ms` and `concurrent_users` (core/recommend/serving.py).
    """

    model_config = ConfigDict(defer_build=True, frozen=True, extra="forbid")

    workload: Workload
    deadline_days: float | None = Field(None, gt=0, le=100_000, allow_inf_nan=False)
    target_tokens_per_s: float | None = Field(None, gt=0, le=1e12, allow_inf_nan=False)
    #: serving targets (core/recommend/serving.py): time to first token of a `context`-token prompt, ms;
    #: time per output token, ms; sessions of `context + new_tokens` tokens held at once over all servers
    target_ttft_ms: float | None = Field(None, gt=0, le=1e7, allow_inf_nan=False)
    target_tpot_ms: float | None = Field(None, gt=0, le=1e6, allow_inf_nan=False)
    concurrent_users: int | None = Field(None, ge=1, le=100_000_000)
    budget: Decimal | None = Field(None, gt=0, le=Decimal("1e12"), allow_inf_nan=False)
    currency: str = Field("USD", pattern=r"^[A-Z]{3}$")
    max_kw_per_server: float | None = Field(None, gt=0, le=1000, allow_inf_nan=False)
    max_rack_units: int | None = Field(None, gt=0, le=100_000, description="all servers together")
    cooling: CoolingChoice = "any"
    ambient_c: float = Field(25.0, ge=-20, le=60, allow_inf_nan=False)
    input_voltage_v: float = Field(230.0, ge=90, le=480, allow_inf_nan=False)
    vendors: tuple[str, ...] = Field((), description="chassis vendors allowed (case-insensitive); () = all")
    gpu_families: tuple[str, ...] = Field((), description="GPU id/name/vendor substrings allowed; () = all")
    owned: dict[str, int] = Field(default_factory=dict, description="part id -> how many the customer has")
    objective: Objective = "price"
    tco_years: int = Field(5, ge=1, le=15)
    electricity_price_kwh_usd: Decimal = Field(Decimal("0.15"), ge=0, le=100)
    max_servers: int = Field(DEFAULT_MAX_SERVERS, ge=1, le=512)
    host_memory_ratio: float = Field(DEFAULT_HOST_MEMORY_RATIO, ge=0, le=64, allow_inf_nan=False)
    front_size: int = Field(12, ge=1, le=200, description="most builds shown")
    #: serving without a batch or concurrent users: each server runs the most sequences that meet the TTFT and
    #: TPOT targets (given, else MLPerf's Server-scenario bounds: core/recommend/serving.py)
    auto_concurrency: bool = False
    #: warning codes the user accepts (`configurator check`'s codes, e.g. power.feed-loss-overload): a build is
    #: only proposed when the rules give it no error and no warning outside these
    waived: tuple[str, ...] = Field((), max_length=200)
    #: the seeds' advice for training, "memory and interconnect first": a job on more than one GPU gets
    #: GPUs with a GPU-to-GPU link (an NVSwitch/xGMI baseboard, or PCIe cards joined by NVLink bridges)
    gpu_link: bool = True

    @field_validator("owned")
    @classmethod
    def _owned(cls, value: dict[str, int]) -> dict[str, int]:
        for pid, n in value.items():
            if n < 0 or n > 100_000:
                raise invalid_at(f"owned[{pid!r}]", Msg("recommend.owned-count", n=n))
        return value

    @model_validator(mode="after")
    def _target(self) -> Request:
        if self.workload.mode == "infer" and self.deadline_days is not None:
            raise invalid_at("deadline_days", Msg("recommend.serving-sized"))
        if self.workload.mode == "train" and self.target_tokens_per_s is not None:
            raise invalid_at("target_tokens_per_s", Msg("recommend.training-sized"))
        if self.workload.mode == "train":
            for name in ("target_ttft_ms", "target_tpot_ms", "concurrent_users"):
                if getattr(self, name) is not None:
                    raise invalid_at(name, Msg("recommend.serving-target"))
        return self

    @property
    def ttft_limit_ms(self) -> float | None:
        """The TTFT target, or with auto concurrency MLPerf's default bound."""
        if self.target_ttft_ms is None and self.auto_concurrency:
            return DEFAULT_TTFT_MS
        return self.target_ttft_ms

    @property
    def tpot_limit_ms(self) -> float | None:
        """The TPOT target, or with auto concurrency MLPerf's default bound for the model's size."""
        if self.target_tpot_ms is None and self.auto_concurrency:
            return default_tpot_ms(self.workload)
        return self.target_tpot_ms

    @property
    def training(self) -> bool:
        return self.workload.mode == "train"

    @property
    def ranking(self) -> Objective:
        """What orders the front: the objective, except that a budget with the default objective (price)
        asks for the best build within the budget, the fastest, not the cheapest that fits."""
        return "time" if self.objective == "price" and self.budget is not None else self.objective

    def allows_vendor(self, vendor: str) -> bool:
        return not self.vendors or vendor.lower() in {v.lower() for v in self.vendors}

    def allows_gpu(self, gpu_id: str, name: str, vendor: str) -> bool:
        if not self.gpu_families:
            return True
        hay = f"{gpu_id} {name} {vendor}".lower()
        return any(f.lower() in hay for f in self.gpu_families)
