"""Which GPUs of a quote need a U.S. export licence for where they go (issue #29).

The U.S. Export Administration Regulations control "advanced computing" integrated circuits and
the computers that contain them under ECCN 3A090 / 4A090: since the rule of 17 October 2023
(88 FR 73458), a chip whose total processing performance (TPP) is 4800 or more (3A090.a.1) needs
a licence to go to China (including Hong Kong and Macau, 15 CFR 742.6(a)(6)(iii), 744.23):
https://www.federalregister.gov/documents/2023/10/25/2023-23055/implementation-of-additional-export-controls-certain-advanced-computing-items-supercomputer-and-semiconductor
TPP = 2 × MAC TOPS × bit length = dense TOPS × bit length, taken here as the largest of
BF16 × 16, FP16 × 16 and FP8 × 8 from the catalog's dense figures (H100: 989 × 16 = 15,824;
H800 the same; A100: 312 × 16 = 4,992; L40S: 362 × 16 = 5,793; H20: 148 × 16 = 2,368 and L20:
1,912, under the line). The H20 is listed by name: NVIDIA reported on 15 April 2025 that the U.S.
government requires a licence for its export to China (Form 8-K, SEC EDGAR, CIK 1045810:
https://www.sec.gov/cgi-bin/browse-edgar?action=getcompany&CIK=0001045810&type=8-K).
Not modelled: the 3A090.a.2 performance-density test (no die areas in the catalog), consumer
cards whose catalog FP8 figure is the FP32-accumulate rate (the RTX 4090, 660 TOPS FP8 with FP16
accumulate, TPP 5,285, is controlled too) and destinations other than China; a vendor sets the
clause on or off in its profile (vendor.toml, [quote] export_control).
"""

from __future__ import annotations

from collections.abc import Iterable

from .catalog import GPU

RULE_URL = ("https://www.federalregister.gov/documents/2023/10/25/2023-23055/implementation-of-additional-"
            "export-controls-certain-advanced-computing-items-supercomputer-and-semiconductor")
H20_URL = "https://www.sec.gov/cgi-bin/browse-edgar?action=getcompany&CIK=0001045810&type=8-K"
#: 3A090.a.1: total processing performance of 4800 or more
TPP_LIMIT = 4800.0
#: ISO 3166 codes of the destinations the clause is written for: China, Hong Kong, Macau
DESTINATIONS = frozenset({"CN", "HK", "MO"})
#: makers whose chips are U.S.-origin items (the EAR follows them wherever they are sold from)
US_VENDORS = frozenset({"NVIDIA", "AMD", "Intel"})
#: licence required by name, whatever the TPP (see the module's sources)
LISTED = frozenset({"nvidia-h20-sxm5-96gb"})


def tpp(gpu: GPU) -> float:
    """Total processing performance of `gpu` from its dense tensor throughput (TOPS × bit length)."""
    return max(gpu.bf16_tflops * 16, gpu.fp16_tflops * 16, (gpu.fp8_tflops or 0) * 8)


def controlled(gpu: GPU) -> bool:
    """True when exporting `gpu` to China needs a U.S. licence (3A090.a.1 by TPP, or listed by name)."""
    return gpu.vendor in US_VENDORS and (gpu.id in LISTED or tpp(gpu) >= TPP_LIMIT)


def controlled_gpus(gpus: Iterable[GPU], destination: str) -> tuple[GPU, ...]:
    """The distinct GPUs of `gpus` that need a licence to go to `destination` (ISO 3166 alpha-2), in order."""
    if destination.upper() not in DESTINATIONS:
        return ()
    seen: dict[str, GPU] = {}
    for gpu in gpus:
        if controlled(gpu):
            seen.setdefault(gpu.id, gpu)
    return tuple(seen.values())
