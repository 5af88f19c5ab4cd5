"""The acceptance test's words: step titles, details, comparison findings, and the labels of the
plan and report (CLI text and PDF)."""

from __future__ import annotations

from .marks import N_, Entry

STEPS: dict[str, Entry] = {
    "accept.step.cpu-sockets": N_("CPU sockets populated"),
    "accept.step.gpu-count": N_("GPUs seen by the driver"),
    "accept.step.gpu-memory": N_("{gpu} (index {index}): memory"),
    "accept.step.gpu-pcie-gen": N_("{gpu} (index {index}): PCIe generation"),
    "accept.step.gpu-pcie-width": N_("{gpu} (index {index}): PCIe width"),
    "accept.step.gpu-ecc": N_("{gpu} (index {index}): ECC enabled"),
    "accept.step.dimm-count": N_("DIMMs seen"),
    "accept.step.dimm-capacity": N_("memory installed (GiB)"),
    "accept.step.drive-count": N_("drives seen"),
    "accept.step.nic-links": N_("network links up at {speed} Gb/s or more"),
    "accept.step.psu-count": N_("power supplies present and healthy"),
    "accept.step.fans-ok": N_("every fan reads OK"),
    "accept.step.dcgm": N_("DCGM diagnostics, level {level}: every test passes"),
    "accept.step.h2d": N_("{gpu} (index {index}): host to device bandwidth"),
    "accept.step.allreduce": N_("all-reduce bus bandwidth over {n} GPUs"),
    "accept.step.rail": N_("{nic} (rail {index}): RDMA write bandwidth to a peer"),
    "accept.step.fio": N_("{drive} (NVMe {index}): sequential read"),
    "accept.step.memory-bw": N_("memory bandwidth, all cores"),
    "accept.step.burn": N_("burn-in, {minutes} min: every GPU OK"),
    "accept.note.no-gpus": N_("the build has no GPU: the plan checks the host only"),
}

DETAILS: dict[str, Entry] = {
    "accept.detail.skipped": N_("{tool} skipped: {why}"),
    "accept.detail.no-result": N_("no {tool} result in the folder"),
    "accept.detail.dcgm": N_("{test} failed on GPU {gpu}"),
    "accept.detail.nccl-wrong": N_("wrong values in the data check: {n}"),
    "accept.detail.burn-faulty": N_("GPU {index}: FAULTY"),
    "accept.detail.burn-init": N_("a GPU test could not start (gpu-burn still printed OK)"),
    "accept.detail.burn-died": N_("a GPU's test process died"),
    "accept.detail.burn-unfinished": N_("the run did not finish: not every GPU has a verdict"),
    "accept.detail.fan": N_("fan {fan} not OK"),
    "accept.note.unreadable": N_("{file}: {why}, skipped"),
    "accept.note.unparsed": N_("{file}: cannot read ({why}), skipped"),
    # why a tool's output was not read (formats/importers/acceptance/*: the parsers)
    "accept.why.no-nvbandwidth-matrix": N_("no nvbandwidth matrix ('Running <testcase>.' then a bandwidth table)"),
    "accept.why.no-host-to-device": N_("no host_to_device_memcpy test in the output"),
    "accept.why.no-fio-jobs": N_("no fio JSON jobs (run fio with --output-format=json)"),
    "accept.why.no-mib-line": N_("no '(N MiB/sec)' line"),
    "accept.why.no-ib-row": N_("no ib_write_bw result row"),
    "accept.why.dcgm-not-json": N_("not JSON (run dcgmi diag with -j)"),
    "accept.why.no-dcgm-categories": N_("no 'DCGM Diagnostic' test_categories"),
    "accept.why.no-nccl-table": N_("no all_reduce_perf table (no data rows under a 'busbw' header)"),
    "accept.note.inventory": N_("inventory: {note}"),
    "accept.part": N_("{kind} at {location} (serial {serial})"),
    "accept.key": N_("value {key}"),
    "accept.compare.missing": N_("missing: {part}"),
    "accept.compare.added": N_("new: {part}"),
    "accept.compare.not-measured": N_("not measured this time: {step}"),
    "accept.compare.now-fails": N_("passed at the baseline, fails now: {step}"),
    "accept.compare.slower": N_("{step}: {before:.1f} → {after:.1f} ({pct:+.0f} %, tolerance {tolerance:g} %)"),
}

LABELS: dict[str, Entry] = {
    "accept.label.plan-title": N_("Acceptance test plan"),
    "accept.label.report-title": N_("Acceptance report"),
    "accept.label.server": N_("Server"),
    "accept.label.build": N_("Build"),
    "accept.label.serial": N_("System serial"),
    "accept.label.host": N_("Host"),
    "accept.label.taken": N_("Run"),
    "accept.label.outcome": N_("Outcome"),
    "accept.label.no": N_("No."),
    "accept.label.check": N_("Check"),
    "accept.label.expected": N_("Expected"),
    "accept.label.tolerance": N_("Tolerance"),
    "accept.label.tool": N_("Tool"),
    "accept.label.source": N_("Source"),
    "accept.label.measured": N_("Measured"),
    "accept.label.verdict": N_("Verdict"),
    "accept.label.done": N_("Done"),
    "accept.label.estimate": N_("estimate"),
    # references.toml's confidence of an expected value, shown beside its source
    "accept.confidence.high": N_("high"),
    "accept.confidence.medium": N_("medium"),
    "accept.confidence.low": N_("low"),
    "accept.confidence.datasheet": N_("datasheet"),
    "accept.confidence.secondary": N_("secondary"),
    "accept.confidence.estimate": N_("estimate"),
    "accept.label.sources": N_("Sources of the expected values"),
    "accept.label.findings": N_("Against the baseline"),
    "accept.label.unchanged": N_("no change beyond the tolerances"),
    "accept.label.signatures": N_("Signatures"),
    "accept.label.technician": N_("Technician"),
    "accept.label.customer": N_("Customer"),
    "accept.label.date": N_("Date"),
    "accept.label.script-note": N_("Run the acceptance script on the server (bash accept.sh RESULTS): it changes "
                                   "nothing, skips what it cannot run and says why, and writes one results folder."),
    "accept.label.all-pass": N_("all pass"),
    "accept.verdict.pass": N_("pass"),
    "accept.verdict.fail": N_("FAIL"),
    "accept.verdict.not-run": N_("not run"),
    "accept.outcome.accepted": N_("accepted"),
    "accept.outcome.rejected": N_("rejected"),
    "accept.outcome.incomplete": N_("incomplete"),
    "accept.group.inventory": N_("Inventory"),
    "accept.group.diagnostics": N_("Diagnostics"),
    "accept.group.bandwidth": N_("GPU bandwidth"),
    "accept.group.fabric": N_("Fabric"),
    "accept.group.storage": N_("Storage"),
    "accept.group.memory": N_("Memory"),
    "accept.group.burn-in": N_("Burn-in"),
}

#: formats/importers/acceptance/folder.py: a path that holds no results
REFUSALS: dict[str, Entry] = {
    "accept.not-results": N_("not an acceptance results folder or a probe file"),
    # store/acceptance_baselines.py: a baseline that cannot be stored or read (framed by its file and field)
    "accept.baseline.no-serial": N_("no serial number to key the baseline by (run the acceptance script as root so "
                                    "dmidecode reads it)"),
    "accept.baseline.not-baseline": N_("not a baseline ({details})"),
    "accept.baseline.kind": N_("not an acceptance baseline (expected {expected})"),
    "accept.baseline.malformed": N_("malformed ({details})"),
    # store/acceptance_references.py: the reference table's values
    "accept.reference.value": N_("must be a number or a list of numbers"),
    "accept.reference.number": N_("must be a number"),
}

WORDS: dict[str, Entry] = {**STEPS, **DETAILS, **LABELS, **REFUSALS}
