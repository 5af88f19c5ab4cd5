"""The English templates of every violation message, fix and refusal reason the rules build.

The rule families (and `core/placement.py`) word their messages in English with the values
filled in, as before; this module lists each wording once more as a template so that
`make translations` extracts it into the gettext catalog and `configurator.words.i18n.translate`
can map a filled message back onto it and fill the translation with the same values
(docs/i18n.md). Plural and article variants are separate templates, because the rules
choose between them in code.

Placeholder names carry one convention the matcher relies on: a name ending in "s"
(`{slots}`, `{parts}`, `{reasons}`) may hold a list ("A, B and C") or a nested phrase,
which is translated and re-joined on its own; any other name (`{cpu}`, `{n}`, `{slot}`)
holds one value and never spans " and " or "; ". tests/test_rule_messages.py fails when
a rule produces a message that none of these templates matches.
"""

from __future__ import annotations

from ..core.text import N_

CPU = (
    N_("No CPU is installed; {slot} needs a {socket} CPU."),
    N_("Add a {socket} CPU to {slot}."),
    N_("{slot} is a {socket} socket but holds the {cpu}, a {cpu_socket} CPU."),
    N_("Choose a {socket} CPU for {slot}."),
    N_("The {cpu} works in at most {limit} socket, but {n} CPUs are installed ({slots})."),
    N_("The {cpu} works in at most {limit} sockets, but {n} CPUs are installed ({slots})."),
    N_("Use a CPU made for {n}-socket servers, or run with {limit} CPU."),
    N_("{holders}: a server needs the same CPU model in every socket."),
    N_("{slot} holds the {cpu}"),
    N_("Put the {cpu} in {slots}."),
    N_("its {n} DIMMs"),
    N_("its {n} DIMM"),
    N_("its {n} DIMMs and {devices}"),
    N_("its {n} DIMM and {devices}"),
    N_("Add a second {cpu} to {slot}."),
    N_("{slot} is empty while {cpus} holds a CPU; the board starts only with {slot} populated."),
    N_("{slot} is empty while {cpus} holds a CPU; the board starts only with {slot} populated, and what is "
       "wired to it does not work: {wireds}."),
    N_("{slot} is empty, so what is wired to it does not work: {wireds}."),
    N_("{slot} is empty: the server runs single-socket and the memory, PCIe slots and bays wired to {slot} "
       "are unusable."),
)

MEMORY = (
    N_("No memory is installed; the server does not start without DIMMs."),
    N_("Add one DIMM per channel to every socket with a CPU ({n} per CPU)."),
    N_("{slots} holds the {dimm}, a {kind} module; the {chassis} takes {want} only."),
    N_("{slots} hold the {dimm}, a {kind} module; the {chassis} takes {want} only."),
    N_("Replace them with {want} DIMMs."),
    N_("{slots} holds the {dimm}, a {kind} module; the {cpu} runs {kinds} modules only."),
    N_("{slots} hold the {dimm}, a {kind} module; the {cpu} runs {kinds} modules only."),
    N_("Replace them with {kinds} DIMMs."),
    N_("{slots} hold {parts} while the other DIMMs are the {dimm}: {reasons}."),
    N_("{first} AND {second} modules cannot be mixed"),
    N_("all DIMMs should be the same part, or capacities, ranks and speeds differ between channels"),
    N_("Replace them with the {part}."),
    N_("{socket} holds the {cpu} but none of its memory channels has a DIMM; every CPU needs its own memory."),
    N_("Fill {socket}'s channels with the {dimm} ({n} DIMMs)."),
    N_("Memory channels {shorts} holds fewer DIMMs than the others ({target} per channel): unbalanced "
       "channels lower memory bandwidth and can break interleaving."),
    N_("Memory channels {shorts} hold fewer DIMMs than the others ({target} per channel): unbalanced "
       "channels lower memory bandwidth and can break interleaving."),
    N_("Memory channels {overs} holds more DIMMs than the others ({target} per channel): unbalanced "
       "channels lower memory bandwidth and can break interleaving."),
    N_("Memory channels {overs} hold more DIMMs than the others ({target} per channel): unbalanced "
       "channels lower memory bandwidth and can break interleaving."),
    N_("Memory channels {shorts} holds fewer and {overs} holds more DIMMs than the others ({target} per "
       "channel): unbalanced channels lower memory bandwidth and can break interleaving."),
    N_("Memory channels {shorts} hold fewer and {overs} holds more DIMMs than the others ({target} per "
       "channel): unbalanced channels lower memory bandwidth and can break interleaving."),
    N_("Memory channels {shorts} holds fewer and {overs} hold more DIMMs than the others ({target} per "
       "channel): unbalanced channels lower memory bandwidth and can break interleaving."),
    N_("Memory channels {shorts} hold fewer and {overs} hold more DIMMs than the others ({target} per "
       "channel): unbalanced channels lower memory bandwidth and can break interleaving."),
    N_("Give every channel {target} × {dimm}: add {added}, remove {removed}."),
    N_("Fill them with the {dimm} ({n} more DIMMs)."),
    N_("Fill them with the {dimm} ({n} more DIMM)."),
    N_("The {dimm} runs at {speed} MT/s; the {cpu} supports {rated} MT/s, so memory runs at the lower "
       "{speed} MT/s."),
    N_("Use {rated} MT/s DIMMs for {pct} % more memory bandwidth."),
    N_("The {dimm} is rated {speed} MT/s, but the {cpu} runs memory at {rated} MT/s: the DIMMs are "
       "downclocked."),
    N_("Slower {rated} MT/s DIMMs give the same bandwidth, often for less money."),
    N_("With 2 DIMMs per channel the {cpu} runs memory at {slow} MT/s instead of {speed} MT/s."),
    N_("Use one larger DIMM per channel for the full speed, if the capacity allows."),
    N_("Host memory is {host} GB for {vram} GB of GPU memory ({ratio}×); training servers are usually sized "
       "at {factor}× GPU memory or more (checkpointing, data loading, CPU offload)."),
    N_("Add DIMMs or use larger ones: at least {gb} GB."),
)

GPU = (
    N_("The {chassis} powers and cools at most {limit} GPUs; the build has {n} ({slots} are over the limit)."),
    N_("Remove the GPUs in {slots}."),
    N_("Remove the GPU in {slots}."),
    N_("Only {n} of the {total} baseboard positions hold a GPU ({slots} empty); {board} baseboards ship "
       "fully populated."),
    N_("Fill {slots} with the {gpu}."),
    N_("{slot} holds the {gpu} but {ref} holds the {kept}: mixed GPU models in one server cannot share a "
       "baseboard."),
    N_("{slot} holds the {gpu} but {ref} holds the {kept}: mixed GPU models in one server split one job "
       "across unequal GPUs, and drivers and power budgets differ."),
    N_("{slot} holds the {gpu} but {ref} holds the {kept}: mixed GPU models in one server cannot share a "
       "baseboard. They also come from different vendors ({vendors}), whose software stacks cannot run one "
       "training job together."),
    N_("{slot} holds the {gpu} but {ref} holds the {kept}: mixed GPU models in one server split one job "
       "across unequal GPUs, and drivers and power budgets differ. They also come from different vendors "
       "({vendors}), whose software stacks cannot run one training job together."),
    N_("Replace the GPUs in {slots} with the {gpu}."),
    N_("Replace the GPU in {slots} with the {gpu}."),
    N_("The NVLink bridge across {slots}: {problems}."),
    N_("{slots} already has a bridge; a GPU takes only one"),
    N_("{slots} already have a bridge; a GPU takes only one"),
    N_("{slots} holds no GPU"),
    N_("{slots} hold no GPU"),
    N_("bridges join PCIe cards; baseboard GPUs are linked by the baseboard"),
    N_("a bridge joins identical GPUs only, and these differ ({names})"),
    N_("the {gpu} has no NVLink bridge connector"),
    N_("the {gpu} bridges at most {ways} cards, not {n}"),
    N_("Remove the bridge."),
    N_("The {gpu} cards in {slots} support {way}-way NVLink bridges but are not bridged: GPU-to-GPU traffic "
       "goes over PCIe instead."),
    N_("Add NVLink bridges {groups} (cards side by side)."),
    N_("The {gpu} in {slots} has no ECC on its memory: in a training run of days or weeks a flipped bit "
       "corrupts weights or gradients silently, or crashes the job with no clear cause, and there is no error "
       "count to tell a failing card from a bug."),
    N_("Replace the card in {slots} with the {gpu}."),
    N_("Replace the cards in {slots} with the {gpu}."),
    N_("Replace the card in {slots} with a card with ECC memory."),
    N_("Replace the cards in {slots} with a card with ECC memory."),
    N_("Replace the card in {slots} with a data-centre card (passive, ECC)."),
    N_("Replace the cards in {slots} with a data-centre card (passive, ECC)."),
    N_("{slots} holds the {gpu}, a {kind} card, in the {chassis}: {reasons}. It is not built for data-centre "
       "training."),
    N_("{slots} hold the {gpu}, a {kind} card, in the {chassis}: {reasons}. It is not built for data-centre "
       "training."),
    N_("consumer (gaming)"),
    N_("workstation"),
    N_("its axial fans blow heat back into the chassis instead of front to back, so packed next to other "
       "cards in a server's airflow it throttles"),
    N_("its blower is sized for one card in a workstation, not a server's front-to-back airflow"),
    N_("its memory has no ECC, so bit flips in a long run go unnoticed"),
    N_("it has no NVLink, so GPU-to-GPU traffic shares the PCIe bus"),
    N_("NVIDIA's GeForce driver licence excludes data-centre deployment"),
    N_("The {gpu} in {slots} is passively cooled: its {watts} W heatsink has no fan and needs a rack server's "
       "front-to-back airflow, which the {chassis} ({form}) does not have; it overheats and throttles or shuts "
       "down within minutes of load."),
    N_("Replace the card in {slots} with a card with its own fan (blower), or use a rack server."),
    N_("Replace the cards in {slots} with a card with its own fan (blower), or use a rack server."),
)

FIT = (
    N_("Move the {part} from {slot} to {target}."),
    N_("Move {part} to {target}"),
    N_("Remove the {part} from {slot}; no free place in this chassis takes it."),
    N_("Remove the {part} from {slot}."),
    N_("Use a GPU made for the {family} baseboard, or a chassis with a {other} baseboard."),
    N_("Use one of the chassis' cooling options, e.g. the {cooling}."),
    N_("Replace it with a PSU the chassis lists."),
    N_("Replace it with the {psu}."),
    N_("{slot} names part {part}, which is not in the catalog."),
    N_("The build places {part} in {slot}, but the {chassis} has no slot {slot}."),
    N_("Remove the placement in {slot}, or load the catalog that defines {part}."),
    N_("Remove the placement in {slot}."),
    N_("The {gpu} in {slots} is made for liquid cooling only; the build is air-cooled."),
    N_("Switch to the {cooling}."),
    N_("The {gpu} in {slots} is made for liquid cooling only, and the {chassis} has no liquid cooling option."),
    N_("Use the air-cooled version of the GPU, or a liquid-cooled chassis."),
    N_("The build's chassis {chassis} is not in the catalog, so nothing can be checked."),
    N_("Choose a chassis from the catalog."),
)

NETWORK = (
    N_("This is a multi-node training build with {n} GPUs but no NIC of {speed} Gb/s or faster: gradients "
       "between servers would crawl."),
    N_("This is a multi-node training build with {n} GPU but no NIC of {speed} Gb/s or faster: gradients "
       "between servers would crawl."),
    N_("Add high-speed NICs (InfiniBand or RoCE), ideally one {norm} Gb/s NIC per GPU."),
    N_("{n} GPUs share {total} Gb/s of scale-out network ({per_gpu} Gb/s per GPU); multi-node training on "
       "HGX-class servers uses one {norm} Gb/s NIC per GPU."),
    N_("Add NICs until each GPU has at least {least} Gb/s ({norm} Gb/s is the norm)."),
    N_("The {nic} in {slot} hangs off {root}, which holds no GPU; RDMA traffic then crosses the CPU instead "
       "of staying under a GPU's PCIe switch."),
    N_("Move it to {target}, next to the GPUs on {root}."),
    N_("No drives are installed: the server has no boot device and no local storage."),
    N_("Add a boot drive (M.2) and NVMe drives for datasets and checkpoints."),
    N_("No boot device (M.2 or boot-tier drive) is installed; the OS would take a data drive."),
    N_("Add an M.2 boot drive."),
    N_("Add a boot-tier drive."),
    N_("No NVMe data drives are installed: the {n} GPUs must stream datasets and checkpoints over the network."),
    N_("Add NVMe drives, about {gbps} GB/s of read per GPU."),
    N_("The data drives read {total} GB/s in total, {per_gpu} GB/s per GPU; an estimated {need} GB/s per GPU "
       "keeps data loading and checkpoint restores from stalling training."),
    N_("Add NVMe drives to reach about {total} GB/s of read."),
)

PCIE = (
    N_("{socket} ({cpu}) has {lane} PCIe lanes but {total} are wired to it: {items}."),
    N_("{switch} uplink x{n}"),
    N_("Move {n} lanes' worth of devices to slots on another CPU or behind a PCIe switch, or remove them."),
    N_("PCIe switch {switch} has {lane} downstream lanes but its devices need {total}: {items}."),
    N_("Move devices off {switch} to slots on another switch or CPU."),
    N_("{part} (Gen{gen} x{lane}, {full}) in {slots} (Gen{slot_gen} x{slot_lane}, {link}) loses {lost} of "
       "its host bandwidth."),
    N_("{part} (Gen{gen} x{lane}, {full}) in {slots} (Gen{slot_gen} x{slot_lane}, {link}) lose {lost} of "
       "their host bandwidth."),
    N_("half"),
    N_("three quarters"),
    N_("Move the card from {moves}."),
    N_("Move the cards from {moves}."),
    N_("{slot} to {target}"),
    N_("No free Gen{gen} x{lane} slot is left; accept the lower bandwidth or free one."),
    N_("The {drive} (Gen{gen}, {full}) in {slots} runs at Gen{slot_gen} x{lane} ({link}): reads top out at "
       "{top} GB/s instead of {read} GB/s per drive."),
    N_("Use Gen{slot_gen} drives (same speed, usually cheaper) or a chassis with Gen{gen} bays."),
    N_("PCIe switches share their uplink to the CPU: {groups} ({slots}). Host-to-GPU copies slow down when "
       "these GPUs load data at the same time; GPU-to-NIC (GPUDirect RDMA) traffic stays below the switch."),
    N_("{switches} feeds {n} GPUs ({demand}) over one Gen{gen} x{lane} uplink ({uplink})"),
    N_("{switches} each feed {n} GPUs ({demand}) over one Gen{gen} x{lane} uplink ({uplink})"),
    N_("Usually fine for training; for host-bound work, spread GPUs over more switches or CPU slots."),
)

POWER = (
    N_("PSU redundancy {mode} is not offered by the {chassis} (it offers {modes})."),
    N_("Use the chassis default, {mode}."),
    N_("No power supply is installed; the {chassis} has {n} PSU bays."),
    N_("Add {n} × {psu} ({mode})."),
    N_("Add PSUs the chassis accepts ({psus})."),
    N_("{slots} holds {parts} while the other PSUs are the {psu}: PSUs must be one model to share the load."),
    N_("{slots} hold {parts} while the other PSUs are the {psu}: PSUs must be one model to share the load."),
    N_("Add {n} × {psu} in {slots}."),
    N_("Switch the redundancy to {mode}, which fits {n} PSUs."),
    N_("Install {n} PSUs for {mode}."),
    N_("{n} PSUs are installed, which does not fit {mode} redundancy (it needs exactly {need})."),
    N_("{n} PSU is installed, which does not fit {mode} redundancy (it needs exactly {need})."),
    N_("{n} PSUs are installed, which does not fit {mode} redundancy (it needs an even number)."),
    N_("{n} PSU is installed, which does not fit {mode} redundancy (it needs an even number)."),
    N_("{n} PSUs are installed, which does not fit {mode} redundancy (it needs at least {need})."),
    N_("{n} PSU is installed, which does not fit {mode} redundancy (it needs at least {need})."),
    N_("At {volt} V (low line) each {psu} gives {low} instead of {full}."),
    N_("Feed the server from 200–240 V PDUs for the full rating."),
    N_("The site feeds {volt} V (low line), which the {psu} in {slots} does not accept: it needs "
       "{lo}–{hi} V."),
    N_("Feed the server from 200–240 V PDUs, or use a PSU that runs on 100–127 V."),
    N_("The site feeds {volt} V, outside the {psu}'s {lo}–{hi} V input range."),
    N_("Use a PSU rated for this voltage, or a PDU that supplies it."),
    N_("Peak power with GPU transients is {peak}, but {n} × {psu} under {mode} redundancy give {usable} "
       "usable ({short} short)."),
    N_("Typical load is {pct} % of the usable PSU capacity ({usable}); PSUs are least efficient below "
       "about {low} %."),
    N_("Fine if the headroom is for growth; otherwise fewer or smaller PSUs save energy."),
    N_("Add {n} × {psu} in {slots} ({total} PSUs for {mode})."),
    N_("Use {n} × {psu} ({mode})."),
    N_("Replace them with the {psu}, which runs on {volts} V, or feed the server from 200–240 V PDUs."),
    N_("Lower the power (fewer or smaller GPUs) or choose a chassis with more PSU capacity."),
    N_("All {n} PSUs ({slots}) are on feed {feed}: {mode} redundancy protects against a failed PSU, not "
       "against losing that feed."),
    N_("Connect the PSUs alternately to feeds A and B."),
    N_("With {mode} each feed alone must carry the server, but if feed {other} fails the {n} PSUs on feed "
       "{feed} ({slots}) give {cap} for a peak of {peak}."),
    N_("With {mode} each feed alone must carry the server, but if feed {other} fails the {n} PSU on feed "
       "{feed} ({slots}) give {cap} for a peak of {peak}."),
    N_("Split the PSUs evenly across feeds A and B."),
    N_("If feed {failed} fails, the PSUs on feed {feeds} ({slots}) carry {pct} % of their capacity at peak."),
    N_("Add {n} × {psu} in {slots} and alternate the feeds, so that each feed alone carries the peak."),
    N_("Add {n} × {psu} in {slots}, switch to {mode} and alternate the feeds, so that each feed alone carries "
       "the peak."),
    N_("Add PSUs so that each feed alone carries the peak, use larger PSUs, or accept that losing a feed may "
       "shut the server down."),
)

THERMAL = (
    N_("The {gpu} ({tdp} W) in {slots} is above the {limit} W per GPU that the {cooling} can cool."),
    N_("The {cpu} ({tdp} W) in {slots} is above the {limit} W per CPU that the {cooling} can cool."),
    N_("Switch to the {cooling} ({limit} W per GPU)."),
    N_("The {chassis} has no cooling option for these parts; use lower-TDP parts or a liquid-cooled chassis."),
    N_("No cooling option is chosen."),
    N_("Choose the {cooling}."),
    N_("Choose one of the chassis' cooling options."),
    N_("The site's inlet air is {ambient} °C; the {chassis} is rated for {lo}–{hi} °C."),
    N_("Set the site ambient within {lo}–{hi} °C, or plan cooling that delivers it."),
    N_("Typical heat is {heat}, but the {cooling} removes {cap} at {ambient} °C and {altitude} m: the server "
       "will throttle or shut down."),
    N_("Lower the ambient, choose a stronger cooling option, or fewer/lower-TDP parts."),
    N_("At full load the server makes {heat} of heat, above the {cap} the {cooling} removes at {ambient} °C "
       "and {altitude} m: expect throttling at peak."),
    N_("Lower the ambient or choose a stronger cooling option."),
)

#: `core/placement.py`'s refusal reasons (also the fit rules' messages) and its nouns
PLACEMENT = (
    N_("{slot} is a {kind}; {part} is a {noun}."),
    N_("CPU socket"), N_("DIMM slot"), N_("GPU baseboard position"), N_("PCIe slot"), N_("drive bay"),
    N_("PSU bay"), N_("cooling position"),
    N_("{part} needs socket {socket}; {slot} is {want}."),
    N_("{part} is {kind}; this board takes {want} only."),
    N_("{part} is a PCIe card; {slot} is a module position on the GPU baseboard."),
    N_("{part} needs the {family} baseboard; this chassis has {board} ({board_family})."),
    N_("{part} is a {bay} drive; it goes in a drive bay, not in PCIe slot {slot}."),
    N_("{part} is an {bay} drive; it goes in a drive bay, not in PCIe slot {slot}."),
    N_("{part} is a {module} module and needs a GPU baseboard ({family}); this chassis has PCIe slots only."),
    N_("{part} is an {module} module and needs a GPU baseboard ({family}); this chassis has PCIe slots only."),
    N_("{part} is a {module} module; it goes on the GPU baseboard, not into PCIe slot {slot}."),
    N_("{part} is an {module} module; it goes on the GPU baseboard, not into PCIe slot {slot}."),
    N_("{part} is an OCP 3.0 card; {slot} is a standard PCIe (CEM) slot."),
    N_("{slot} is an OCP 3.0 mezzanine; it takes OCP 3.0 network cards only, not the {part}."),
    N_("{slot} has no GPU power cable or airflow for the {tdp} W {part}."),
    N_("{part} is {width}; {slot} has room for {room} cards."),
    N_("single-width"), N_("double-width"), N_("triple-width"), N_("{n}-slot"),
    N_("{part} is full-length; {slot} takes half-length cards only."),
    N_("{part} is full-height; {slot} is low-profile."),
    N_("{part} is a {bay} drive; {slot} is a {slot_bay} bay."),
    N_("{part} is an {bay} drive; {slot} is a {slot_bay} bay."),
    N_("{part} is a {bay} drive; {slot} is an {slot_bay} bay."),
    N_("{part} is an {bay} drive; {slot} is an {slot_bay} bay."),
    N_("{part} is {interface}; {slot} is wired for {wired} only."),
    N_("{part} in {slot} is not on {chassis}'s supported PSU list."),
    N_("{part} is not a cooling option for {chassis}."),
    N_("{slot} is covered by the {card} in {cover}, which is {width} slots wide."),
    N_("{part} would cover {other}, which holds the {held}; remove it first."),
    N_("Chassis {chassis} is not in the catalog."),
    N_("{chassis} has no slot {slot}."),
    N_("Part {part} is not in the catalog."),
    N_("{chassis} has no place for a {noun}."),
)

#: `rules/tray.py` and `ops.SetChassis`: parts a chassis change left without a slot
TRAY = (
    N_("{part} is in the Not placed tray (it was in {slot}): {reasons}"),
    N_("{chassis} has no {slot}, and every slot that takes it is in use."),
    N_("Choose a chassis with room for it, or remove it from the Not placed tray."),
    N_("Place it in {slot}."),
)

#: `rules/workload.py`: the workload's fit and the ways to make it fit
WORKLOAD = (
    N_("The workload ({model}) does not fit: it needs {need} GB per GPU, and each GPU has {have} GB."),
    N_("Use {changes}: it then needs {need} GB per GPU."),
    N_("Use {changes}: it then needs {need} GB per GPU. Other ways to fit it: {ways}."),
    N_("Use GPUs with more memory, more GPUs (several servers), a smaller model or a smaller batch."),
    N_("The {model}'s {heads} attention heads and {kv_heads} KV heads do not split over {n} GPUs: vLLM and "
       "TensorRT-LLM run tensor parallelism of 1, 2, 4 or 8 GPUs that divides the heads."),
    N_("Serve it on {n} GPUs per server (tensor parallelism {n}), or run several copies of the model."),
    N_("ZeRO-3 sharding over the {n} GPUs"),
    N_("activation checkpointing"),
    N_("ZeRO-3 sharding with activation checkpointing"),
    N_("micro-batch 1"),
    N_("{precision} weights"),
    N_("{n} more {gpu} in {slots}"),
    N_("the {gpu} ({memory} GB) in place of the {old}"),
)

TEMPLATES: tuple[str, ...] = (CPU + MEMORY + GPU + FIT + NETWORK + PCIE + POWER + THERMAL + PLACEMENT
                              + TRAY + WORKLOAD)
