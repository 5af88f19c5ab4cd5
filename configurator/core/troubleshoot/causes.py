"""Every symptom's candidate causes, each with a prior (how often it is the cause, an
engineering estimate) and a signal: the evidence in the facts that makes it likelier. A cause
with evidence ranks above every cause without; the check and the fix are words
(`trouble.<cause>.check`, `trouble.<cause>.fix`, words/troubleshoot_words.py).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..message import Msg, items
from .facts import Facts, facts_for
from .symptoms import SYMPTOMS

EVIDENCE_WEIGHT = 100

Signal = Callable[[Facts], list[Msg]]


@dataclass(frozen=True)
class Cause:
    """One likely cause: its code, its score (prior plus evidence) and the evidence found."""

    code: str
    score: int
    evidence: tuple[Msg, ...]

    @property
    def title(self) -> Msg:
        return Msg(f"trouble.{self.code}.title")

    @property
    def check(self) -> Msg:
        return Msg(f"trouble.{self.code}.check")

    @property
    def fix(self) -> Msg:
        return Msg(f"trouble.{self.code}.fix")


def _failed(*prefixes: str) -> Signal:
    def signal(f: Facts) -> list[Msg]:
        keys = f.failed_step(*prefixes)
        return [Msg("trouble.ev.failed", steps=items(keys))] if keys else []
    return signal


def _codes(*prefixes: str) -> Signal:
    def signal(f: Facts) -> list[Msg]:
        codes = f.code(*prefixes)
        return [Msg("trouble.ev.rules", codes=items(codes))] if codes else []
    return signal


def _any(*signals: Signal) -> Signal:
    return lambda f: [m for s in signals for m in s(f)]


def _no_driver(f: Facts) -> list[Msg]:
    return [Msg("trouble.ev.skipped", tool=t, why=w) for t, w in f.skipped if t in ("nvidia-smi", "dcgmi")][:1]


def _nvswitch(f: Facts) -> list[Msg]:
    return [Msg("trouble.ev.nvswitch", n=f.gpus)] if f.nvswitch else []


def _many_gpus(f: Facts) -> list[Msg]:
    return [Msg("trouble.ev.many-gpus", n=f.gpus)] if f.gpus >= 4 else []


def _host_memory(f: Facts) -> list[Msg]:
    if f.memory_gb and f.gpu_memory_gb and f.memory_gb < 2 * f.gpu_memory_gb:
        return [Msg("trouble.ev.host-memory", ram=round(f.memory_gb), vram=round(f.gpu_memory_gb))]
    return []


def _cores(f: Facts) -> list[Msg]:
    if f.gpus and f.cpu_cores / f.gpus < 8:
        return [Msg("trouble.ev.cores", cores=f.cpu_cores, gpus=f.gpus)]
    return []


def _storage(f: Facts) -> list[Msg]:
    if f.gpus and f.nvme_read_gbs / f.gpus < 1.0:
        return [Msg("trouble.ev.storage", gbs=round(f.nvme_read_gbs, 1), gpus=f.gpus)]
    return []


def _no_link(f: Facts) -> list[Msg]:
    if f.gpus > 1 and not f.gpu_link_gbs and not f.bridged:
        return [Msg("trouble.ev.no-link", n=f.gpus)]
    return []


def _pcie_p2p(f: Facts) -> list[Msg]:
    return [Msg("trouble.ev.pcie-sockets", sockets=f.cpu_sockets)] if f.pcie_gpus and f.cpu_sockets > 1 else []


def _fabric(f: Facts) -> list[Msg]:
    if f.multi_node and f.gpus and f.fabric_gbps / f.gpus < 200:
        return [Msg("trouble.ev.fabric", gbps=round(f.fabric_gbps), gpus=f.gpus)]
    return []


def _multi(f: Facts) -> list[Msg]:
    return [Msg("trouble.ev.many-gpus", n=f.gpus)] if f.gpus > 1 else []


#: symptom -> (cause code, prior, signal), most common first
TABLE: dict[str, tuple[tuple[str, int, Signal], ...]] = {
    "cards-not-seen": (("driver", 40, _no_driver), ("fabric-manager", 20, _nvswitch),
                       ("seating-power", 25, _failed("gpu.count", "gpu.")), ("bar-space", 10, _many_gpus)),
    "oom": (("model-fit", 40, _codes("workload.")), ("gpu-memory-short", 15, _failed("gpu.", "dcgm.")),
            ("allocator", 25, lambda f: []), ("host-memory", 10, _host_memory)),
    "low-utilisation": (("input-pipeline", 35, _cores), ("storage", 25, _any(_storage, _failed("fio."),
                                                                            _codes("storage."))),
                        ("host-link", 15, _any(_failed("h2d.", "gpu."), _codes("pcie."))),
                        ("throttling", 15, _any(_codes("thermal.", "power."), _failed("dcgm.", "burn."))),
                        ("small-batch", 10, lambda f: [])),
    "multi-gpu-slower": (("no-gpu-link", 35, _no_link), ("p2p-path", 20, _pcie_p2p),
                         ("allreduce-low", 20, _any(_failed("nccl."), _nvswitch)),
                         ("network", 15, _any(_fabric, _failed("rail.", "nic."), _codes("net."))),
                         ("too-small", 10, lambda f: [])),
    "hangs": (("gpu-fault", 30, _failed("dcgm.", "burn.")), ("thermal", 25, _any(_codes("thermal."), _failed("fan."))),
              ("power", 20, _any(_codes("power."), _failed("psu."))), ("nccl-timeout", 15, _multi),
              ("host-memory-errors", 10, _failed("dimm."))),
    "container-no-gpus": (("container-toolkit", 40, lambda f: []), ("gpus-flag", 25, lambda f: []),
                          ("driver", 15, _no_driver), ("image-cuda", 15, lambda f: []),
                          ("k8s-device-plugin", 5, lambda f: [])),
}


def diagnose(symptom: str, facts: Facts) -> list[Cause]:
    """The causes of `symptom`, likeliest first; KeyError naming the symptom if it is unknown."""
    if symptom not in TABLE:
        raise KeyError(f"unknown symptom {symptom!r}; known: {', '.join(SYMPTOMS)}")
    causes = []
    for code, prior, signal in TABLE[symptom]:
        evidence = tuple(signal(facts))
        causes.append(Cause(code, prior + (EVIDENCE_WEIGHT if evidence else 0), evidence))
    return sorted(causes, key=lambda c: -c.score)


__all__ = ["SYMPTOMS", "Cause", "Facts", "diagnose", "facts_for"]
