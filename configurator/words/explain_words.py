"""Explanations in words: the wording of every explanation message, and an explanation worded
in a language.

The core's explanation (core/explain/) is data: message ids with typed parameters. The CLI's
`configurator explain`, the GUI's click-to-explain and the quote's appendix all call
`explain_figure` (or `worded`), so each shows the same explanation, in the app's language
(`--lang`, View ▸ Language) unless a caller (a report) asks for another one.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .i18n import Catalog, _, current_catalog, load_catalog
from .marks import N_, Entry

if TYPE_CHECKING:
    from ..core.context import BuildContext
    from ..core.explain.explanation import Explanation

#: the words `to_text` adds around the figures
_ESTIMATE, _SOURCE, _NOTE = N_("estimate"), N_("source: {source}"), N_("Note: {note}")
#: units that are words, translated; symbols (W, GB/s, °C, USD) are the same in every language
_WORD_UNITS = (N_("years"), N_("month"), N_("days"))
#: the catalog's confidence words (core/catalog.py `Confidence`), translated where they are shown
_CONFIDENCE = (N_("datasheet"), N_("secondary"))

WORDS: dict[str, Entry] = {
    "explain.0-6-gb-cuda-context":
        N_("0.6 GB CUDA context + 5 % of the allocated bytes (allocator rounding, fragmentation)"),
    "explain.1-085-btu-h-per": N_("1.085 BTU/h per CFM per °F"),
    "explain.6-n-d-n-active": N_("6·N·D: N active parameters, D training tokens (default 20·N, Chinchilla)"),
    "explain.6nd-gpus-dense-peak-mfu": N_("6ND / (GPUs × dense peak × MFU) / 86,400 s"),
    "explain.80-plus-rating-curve-230": N_("80 PLUS {rating} curve (230 V internal redundant)"),
    "explain.air-constant": N_("air constant"),
    "explain.air-cooling-all-heat-goes": N_("air cooling: all the heat goes to the room air"),
    "explain.airflow-3-412-heat-air": N_("airflow = 3.412 × heat to air (W) / (1.085 × ΔT °F)"),
    "explain.ab-alternating-unless-build-sets": N_("A/B alternating unless the build sets them"),
    "explain.bandwidth-populated-channels-mt-bytes":
        N_("bandwidth = populated channels × MT/s × {bytes} B / 1000 (a 64-bit DDR channel moves 8 bytes"
           " per transfer, JEDEC JESD79-5)"),
    "explain.batch-new-batch-context-prefill":
        N_("batch·new / (batch·context / prefill rate + batch·new / decode rate): output tokens/s"),
    "explain.bay-feeds": N_("bay feeds"),
    "explain.serving-kv-capacity":
        N_("GPU memory × 0.9 (vLLM's gpu_memory_utilization) − weights − profiling-step activations − CUDA graphs − "
           "communication buffers − other runtime memory = KV cache; ÷ KV bytes per token = tokens; ÷ one "
           "sequence's KV bytes at context + new tokens = max concurrent sequences"),
    "explain.board-baseboard-typical-share": N_("board/baseboard typical share"),
    "explain.btu-h-per-w": N_("BTU/h per W"),
    "explain.build": N_("build"),
    "explain.build-core-psu-py": N_("build / core/psu.py"),
    "explain.build-discount": N_("the build's discount"),
    "explain.build-has-no-priced-line": N_("the build has no priced line of this kind"),
    "explain.build-has-no-workload": N_("the build has no workload"),
    "explain.build-parts-slots": N_("the build's parts and slots"),
    "explain.build-placements": N_("build placements"),
    "explain.build-placements-companion-rules": N_("build placements / companion rules"),
    "explain.build-rent-figure-else-gpu": N_("the build's rent figure, else the GPU's catalog rent_per_hour"),
    "explain.build-setting-site-options": N_("build setting (site / options)"),
    "explain.build-shipping-amount-converted-quote": N_("the build's shipping amount, converted to the quote currency"),
    "explain.build-tax-rate": N_("the build's tax rate"),
    "explain.build-tco-period": N_("the build's TCO period"),
    "explain.bytes-weights-gradients-optimizer-states":
        N_("bytes of weights + gradients + optimizer states per parameter of the recipe"),
    "explain.capacity-cooling-option-rated-heat": N_("capacity = the cooling option's rated heat × derate factor"),
    "explain.capacity-feed-feed-psus-feed": N_("capacity on feed {feed} = PSUs on the feed × rating"),
    "explain.capacity-lost-per-c-over": N_("capacity lost per °C over the rated ambient"),
    "explain.capacity-peak-per-gpu-reserve": N_("capacity − peak per GPU − reserve"),
    "explain.capex-years-energy-cost-per": N_("capex + years × (energy_cost_per_year + support_per_year)"),
    "explain.catalog-part": N_("catalog {part}"),
    "explain.catalog-part-file": N_("catalog {part} ({file})"),
    "explain.chassis-channels-per-socket-populated": N_("chassis channels per socket × populated sockets"),
    "explain.chassis-cooling-option-cooling-field": N_("the chassis' cooling option for {cooling}: {field}"),
    "explain.chassis-default-redundancy-mode": N_("the chassis' default redundancy mode"),
    "explain.chassis-field": N_("the chassis' {field}"),
    "explain.chassis-published-airflow-rated-heat": N_("the chassis' published airflow at its rated heat"),
    "explain.compute-fabric-nic-ports-speed":
        N_("Σ compute-fabric NIC ports × speed / 8 / GPUs (storage/management NICs on CPU root ports and"
           " DPUs excluded when GPU-paired NICs exist)"),
    "explain.conventions": N_("conventions"),
    "explain.cooling-load-thermal-heat-max": N_("cooling load = thermal.heat_max_w / thermal.capacity_w × 100"),
    "explain.cost-subtotal-hardware-read-priced":
        N_("cost.subtotal_hardware (read from the priced BOM, never recomputed)"),
    "explain.cpus-placed": N_("CPUs placed"),
    "explain.cpus-placed-sockets": N_("CPUs placed in the sockets"),
    "explain.curve-linear-between-points-shifted":
        N_("the curve, linear between points, shifted so 50 % is the part's figure"),
    "explain.dc-power-what-chassis-base":
        N_("DC power at {what} = chassis base + GPU baseboard + Σ over parts (quantity × per-unit "
           "{level} draw): {terms}"),
    "explain.derate-1-loss-per-c":
        N_("derate = 1 − loss per °C × max(0, ambient + altitude excess − rated ambient), 0..1"),
    "explain.detail": N_("detail"),
    "explain.dimms-placed": N_("DIMMs placed"),
    "explain.doc-each-convention-with-source": N_("{doc} (each convention with its source)"),
    "explain.draws-nothing-itself": N_("draws nothing itself"),
    "explain.effective-speed-min-dimm-speed":
        N_("effective speed = min(DIMM speed, CPU's supported speed at this DIMMs per channel)"),
    "explain.efficiency-this-load": N_("efficiency at this load"),
    "explain.energy-kwh-per-year-electricity": N_("energy_kwh_per_year × electricity price"),
    "explain.estimate-category-power-model-core": N_("estimate: category power model, core/categories.py"),
    "explain.estimate-base-typical-share": N_("estimate: core/evaluate/power.py BASE_TYPICAL_SHARE"),
    "explain.estimate-thermal-derating":
        N_("estimate: core/evaluate/thermal.py (ASHRAE: 1 °C per 300 m above 900 m)"),
    "explain.estimate-liquid-capture": N_("estimate: core/evaluate/thermal.py LIQUID_CAPTURE"),
    "explain.estimate-no-psu-placed-core": N_("estimate: no PSU placed, core/evaluate/power.py ASSUMED_EFFICIENCY_PCT"),
    "explain.estimate-planning-figure-chassis-publishes":
        N_("estimate: planning figure; the chassis publishes no airflow (core/evaluate/thermal.py "
           "DELTA_T_F)"),
    "explain.evaluation": N_("evaluation"),
    "explain.feeds": N_("feeds"),
    "explain.figure-cost-lines-n-extended": N_("figure cost.lines.{n}.extended"),
    "explain.figure-key-explain-it-turn": N_("figure {key} (explain it in turn)"),
    "explain.figure-workload-model-docs-workload": N_("a figure of the workload model (docs/workload-model.md)"),
    "explain.first-month-where-cumulative-owning": N_("first month where cumulative owning cost ≤ cumulative rent"),
    "explain.gpu-bf16-tflops-1000-dense": N_("gpu.bf16_tflops / 1000 (dense BF16)"),
    "explain.gpu-memory-gb-10-9": N_("GPU memory_gb × 10^9 (the smallest GPU)"),
    "explain.gpus-placed": N_("GPUs placed"),
    "explain.gpus-placed-baseboard-positions-pcie": N_("GPUs placed (baseboard positions and PCIe slots)"),
    "explain.heat-key-3-412-every": N_("heat = {key} × 3.412 (every watt drawn at the wall ends up as heat)"),
    "explain.heat-key-all-wall-power": N_("heat = {key} (all wall power becomes heat)"),
    "explain.heat-room-air-heat-1": N_("heat to room air = heat × (1 − liquid capture)"),
    "explain.host-memory-total-gpu-memory": N_("host memory / total GPU memory"),
    "explain.idle": N_("idle"),
    "explain.inlet-exhaust-temperature-rise-airflow":
        N_("inlet-to-exhaust temperature rise the airflow is computed for"),
    "explain.inlet-exhaust-temperature-rise-celsius":
        N_("inlet-to-exhaust temperature rise the airflow is computed for (°C = °F / 1.8)"),
    "explain.installed": N_("installed"),
    "explain.kind-typical-share": N_("{kind} typical share"),
    "explain.kind-typical-share-max": N_("{kind} typical share of max"),
    "explain.largest-micro-batch-training-batch":
        N_("largest micro-batch (training) or batch (inference) whose peak + reserve fits the GPU"),
    "explain.level-draw-this-line-quantity":
        N_("{level} draw of this line = quantity × per-unit ({formula}) of {part}"),
    "explain.line-level-draw-chassis-entry": N_("{line} {level} draw from the chassis entry"),
    "explain.link": N_("link"),
    "explain.load-per-psu": N_("load per PSU"),
    "explain.load-power-w-level-psu": N_("load = power_w.{level} / psu.usable_w × 100"),
    "explain.load-power-w-level-psu-at-peak":
        N_("load = power_w.{level} / psu.usable_w × 100 (the max load is taken at the transient peak)"),
    "explain.max": N_("max"),
    "explain.maximum-every-part-max": N_("maximum (every part at its max)"),
    "explain.measured-share": N_("measured share"),
    "explain.memory-bandwidth-gbs-gpus": N_("memory.bandwidth_gbs / GPUs"),
    "explain.memory-channels-holding-least-one": N_("memory channels holding at least one DIMM"),
    "explain.memory-smallest-gpu-placed": N_("memory of the smallest GPU placed"),
    "explain.min-memory-bound-batch-gpus":
        N_("min(memory bound: batch × GPUs × 0.8 × bandwidth / (active weight + KV bytes), compute bound: "
           "GPUs × peak × MFU / (2·N + 4·L·a·d·c) FLOPs per token); 0.8: the share of peak bandwidth serving "
           "engines reach"),
    "explain.min-memory-bound-one-weight":
        N_("min(memory bound: one weight read per step of max-tokens-per-step tokens, compute bound: "
           "GPUs × peak × MFU / prefill FLOPs per token)"),
    "explain.model-flops-utilisation-workload-else":
        N_("model FLOPs utilisation: the workload's, else the default 0.40 (Megatron 41.5–56 %, PaLM "
           "46.2 %)"),
    "explain.most-dimms-one-channel": N_("the most DIMMs in one channel"),
    "explain.n-psu-may-fail": N_("{n} PSU(s) may fail."),
    "explain.narrowest-gpu-host-link-min":
        N_("the narrowest GPU host link: min(GPU, slot) PCIe gen × lanes, or a switch uplink's bandwidth"
           " divided by the GPUs behind it (PCI-SIG: Gen3 15.75, Gen4 31.5, Gen5 63, Gen6 121 GB/s per "
           "x16 per direction)"),
    "explain.no-cooling": N_("no cooling"),
    "explain.no-part-placed": N_("no part placed"),
    "explain.none": N_("none"),
    "explain.none-no-known-chassis": N_("none (and no known chassis)"),
    "explain.note-catalog-text": N_("note from the catalog: {text}"),
    "explain.number-part-placed-build": N_("number of {part} placed in the build"),
    "explain.nvbandwidth-8-h200-url": N_("nvbandwidth on 8×H200, {url}"),
    "explain.nvme-data-drives-sequential-read":
        N_("Σ NVMe data drives' sequential read (each capped by its bay's PCIe link) / GPUs"),
    "explain.output-rating-one-psu-site":
        N_("output rating of one PSU at the site's input voltage (low line below 180 V), the smallest of"
           " the placed models"),
    "explain.over-cpus-field": N_("Σ over CPUs of {field}"),
    "explain.over-dimms-field": N_("Σ over DIMMs of {field}"),
    "explain.over-gpus-field": N_("Σ over GPUs of {field}"),
    "explain.over-gpus-field-dense-no":
        N_("Σ over GPUs of {field} (dense, no 2:4 sparsity; the vendor's peak at boost clock)"),
    "explain.part-efficiency-50-load": N_("{part} efficiency at 50 % load"),
    "explain.part-not-catalog": N_("part not in the catalog"),
    "explain.parts-placed": N_("parts placed"),
    "explain.peak": N_("peak"),
    "explain.peak-gpu-transients-above-tdp":
        N_("peak (GPU transients above TDP, what the PSUs must carry; never below max)"),
    "explain.peak-per-gpu-breakdown-peak":
        N_("peak per GPU = Σ of the breakdown at the peak moment (estimate of "
           "torch.cuda.max_memory_allocated)"),
    "explain.per-gpu-bytes-step-peak":
        N_("per-GPU bytes at the step's peak moment ({phase}): weights, gradients and optimizer states "
           "by the ZeRO stage (ZeRO paper Table 1; 16 B/param for mixed precision with fused AdamW), "
           "plus saved activations of HF Llama (SDPA), KV cache, step temporaries and 64 MiB of kernel "
           "workspace"),
    "explain.placements": N_("placements"),
    "explain.platinum-gold-10-points-loads":
        N_("Platinum/Gold 10 % points and loads below 10 % are estimates (the program has no figure)."),
    "explain.power-w-level-n-rating": N_("power_w.{level} / ({n} × rating)"),
    "explain.price-list": N_("price list"),
    "explain.price-list-entry-converted-quote": N_("price list entry, converted to the quote currency"),
    "explain.price-list-text": N_("price list: {text}"),
    "explain.priced-hardware-companion-lines-extended": N_("Σ priced hardware and companion lines' extended"),
    "explain.priced-lines": N_("priced lines"),
    "explain.psu-bay-feeds-build-chassis": N_("PSU bay feeds (build or chassis default)"),
    "explain.psu-bays-chassis": N_("PSU bays of the chassis"),
    "explain.psu-efficiency": N_("PSU efficiency"),
    "explain.psus-installed-all-share-load": N_("PSUs installed (all share the load)"),
    "explain.psus-pdu-feed-feed-bays": N_("PSUs on PDU feed {feed}: bays wired to it that hold a PSU"),
    "explain.psus-placed-chassis-psu-bays": N_("PSUs placed in the chassis' PSU bays"),
    "explain.psus-whose-capacity-counts-under":
        N_("PSUs whose capacity counts under {mode}: installed minus those allowed to fail (for grid "
           "modes, also no more than the smaller feed holds)"),
    "explain.published-chassis-airflow": N_("published chassis airflow"),
    "explain.quantity": N_("quantity"),
    "explain.quantity-part": N_("quantity of {part}"),
    "explain.rated-ambient": N_("rated ambient"),
    "explain.rated-heat-capacity": N_("rated heat capacity"),
    "explain.rated-heat-that-airflow": N_("rated heat of that airflow"),
    "explain.redundancy": N_("redundancy"),
    "explain.rent-per-gpu-hour-gpus": N_("rent_per_gpu_hour × GPUs × {hours} h"),
    "explain.sensible-heat-air-sea-level": N_("sensible heat of air at sea level, {url}"),
    "explain.services-lines-extended-support-hardware":
        N_("Σ services lines' extended (support = hardware × support % per year × years)"),
    "explain.share-into-water-loop": N_("share into the water loop"),
    "explain.slowest-gpu-memory-bandwidth": N_("the slowest GPU's memory bandwidth"),
    "explain.stage-how-theoretical-peak-per": N_("{stage}: {how} (theoretical peak, per GPU per direction)"),
    "explain.subtotal-discount-pct-rounded-once":
        N_("subtotal × discount_pct, rounded once to the currency's minor unit"),
    "explain.subtotal-discount-shipping-when-taxed":
        N_("(subtotal − discount [+ shipping when taxed]) × tax_pct; the contained tax when prices "
           "include it"),
    "explain.subtotal-discount-tax-unless-prices":
        N_("subtotal − discount + tax (unless prices include it) + shipping"),
    "explain.subtotal-hardware-subtotal-services": N_("subtotal_hardware + subtotal_services"),
    "explain.support-line-yearly-price-bom": N_("the support line's yearly price from the BOM"),
    "explain.sustained-training-typical": N_("sustained training (typical)"),
    "explain.tco-total-dense-pflops": N_("tco.total / dense_pflops"),
    "explain.typical": N_("typical"),
    "explain.unit-conversion-1-w-3": N_("unit conversion (1 W = 3.412 BTU/h)"),
    "explain.unit-price": N_("unit price"),
    "explain.unit-price-qty-rounded-once": N_("unit_price × qty, rounded once"),
    "explain.units-this-line": N_("units on this line"),
    "explain.usable-capacity-active-psus-rating": N_("usable capacity = active PSUs × rating"),
    "explain.wall-power-dc-power-assumed": N_("wall power = DC power / assumed efficiency"),
    "explain.wall-power-power-w-level":
        N_("wall power = power_w.{level} / efficiency, where efficiency is read from the PSU class's 80 "
           "PLUS curve at the load each PSU carries (the installed PSUs share the load equally)"),
    "explain.wall-typical-utilisation-wall-idle":
        N_("(wall typical × utilisation + wall idle × (1 − utilisation)) × PUE × {hours} h / 1000"),
    "explain.where-no-source-recorded": N_("{where}: no source recorded"),
    "explain.where-url-confidence-read-date": N_("{where}: {url} ({confidence}, read {date}){note}"),
    "explain.workload": N_("workload"),
    "explain.workload-input-build-workload-file": N_("workload input (build or --workload file)"),
    "explain.worst-gpu-peer-bandwidth-per":
        N_("the worst GPU's peer bandwidth per direction: baseboard fabric (capped by the GPU's own "
           "links) / 2, an NVLink bridge / 2, else PCIe peer-to-peer"),
    "explain.zero-model-states-per-gpu":
        N_("ZeRO model states per GPU: stage 0 (2+2+K)Ψ, 1 2Ψ+2Ψ+KΨ/N, 2 2Ψ+(2+K)Ψ/N, 3 (2+2+K)Ψ/N "
           "(Rajbhandari et al., ZeRO, {url})"),
}


@dataclass(frozen=True)
class InputText:
    """One input of a worded explanation."""

    name: str
    value: str
    source: str
    estimate: bool = False
    figure: str = ""

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "value": self.value, "source": self.source, "estimate": self.estimate}


@dataclass(frozen=True)
class ExplanationText:
    """An explanation worded in one language. The JSON keys are stable English; the texts are in
    the explanation's language."""

    figure: str
    value: Any
    unit: str
    formula: str
    inputs: tuple[InputText, ...]
    notes: tuple[str, ...]
    estimate: bool
    language: str = "en"

    def to_json(self) -> dict[str, Any]:
        return {"figure": self.figure, "value": self.value, "unit": self.unit, "formula": self.formula,
                "estimate": self.estimate, "inputs": [i.to_json() for i in self.inputs], "notes": list(self.notes)}

    def to_text(self) -> str:
        """Plain text for a terminal or a popup."""
        from .render import show

        cat = _catalog(self.language)
        flag = f"  ({cat.gettext(_ESTIMATE)})"
        head = f"{self.figure} = {show(self.value, cat)}{' ' + self.unit if self.unit else ''}"
        lines = [head + (flag if self.estimate else ""), "", self.formula, ""]
        lines += [f"  {i.name} = {i.value}{flag if i.estimate else ''}\n      "
                  f"{cat.gettext(_SOURCE).format(source=i.source)}" for i in self.inputs]
        lines += [""] + [cat.gettext(_NOTE).format(note=n) for n in self.notes] if self.notes else []
        return "\n".join(lines).rstrip() + "\n"


def _catalog(language: str | None) -> Catalog:
    cat = current_catalog()
    return cat if language is None or language == cat.language else load_catalog(language)


def worded(exp: Explanation, language: str | None = None, *, catalog: Catalog | None = None) -> ExplanationText:
    """`exp` in `language` (None: the app's current language), or through `catalog` (a test's)."""
    from .render import word

    cat = catalog if catalog is not None else _catalog(language)

    def say(value: Any) -> str:
        return word(value, cat)

    inputs = tuple(InputText(say(i.name), say(i.value), say(i.source), i.estimate, i.figure) for i in exp.inputs)
    unit = cat.gettext(exp.unit) if exp.unit in _WORD_UNITS else exp.unit
    return ExplanationText(exp.figure, exp.value, unit, say(exp.formula), inputs, tuple(say(n) for n in exp.notes),
                           exp.estimate, cat.language)


def explained(build: Any, catalog: Any, evaluation: Any, key: str, value: Any, language: str | None = None,
              ctx: BuildContext | None = None) -> ExplanationText:
    """The explanation of figure `key` (shown as `value`) worded in `language`; KeyError for a key
    no handler knows. `ctx`: the build already resolved, for a caller explaining many figures."""
    from ..core.explain.handlers import explain

    return worded(explain(build, catalog, evaluation, key, value, ctx), language)


def explain_figure(build: Any, catalog: Any, evaluation: Any, key: str, language: str | None = None) -> ExplanationText:
    """The explanation of figure `key`, with the value `evaluate --json` prints for it, worded in
    `language` (None: the app's current language). Raises KeyError naming the key when the
    evaluation has no such figure."""
    from ..core.evaluate.json_shape import figures

    shown = figures(evaluation)
    if key not in shown:
        section = key.split(".")[0]
        near = sorted(k for k in shown if k.split(".")[0] == section)[:8]
        msg = (_("no figure {key} in this build's evaluation; figures under {section}: {near}").format(
            key=repr(key), section=repr(section), near=", ".join(near)) if near else
            _("no figure {key} in this build's evaluation; see --list").format(key=repr(key)))
        raise KeyError(msg)
    return explained(build, catalog, evaluation, key, shown[key], language)
