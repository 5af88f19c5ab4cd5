"""The names of the BOM lines the core makes itself (core/evaluate/bom.py): a part the customer
already owns, listed at zero, and the support and warranty line. `configurator evaluate`, the BOM
dock, the quote, the exporters and `evaluate --json` (in English) word them from here; a part's
line is named by the catalog."""

from __future__ import annotations

from .marks import N_, P_, Entry

WORDS: dict[str, Entry] = {
    "bom.owned": N_("{name} (already installed)"),
    # the owned GPUs' baseboard: "NVIDIA HGX H100 8-GPU baseboard (8 × NVIDIA H100 SXM5 80GB (already installed))"
    "bom.baseboard": N_("{board} ({n} × {gpus})"),
    "bom.support": P_("Support and warranty extension, {years} year ({rate} of hardware per year)",
                      "Support and warranty extension, {years} years ({rate} of hardware per year)", count="years"),
}
