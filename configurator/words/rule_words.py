"""The rules' words: one entry per message id of a violation or a fix (core/rules/*).

A rule says `Msg("cpu.socket", slot=…, socket=…, cpu=…, cpu_socket=…)`; the entry here is its
English, `N_` for one wording, `P_` for a singular/plural pair chosen by a count (gettext's
ngettext; the count's placeholder is `n` unless named). A number is formatted by its template
(`{volt:.0f}`), a quantity with a unit (`Watts`, `GBps`) by the words, a list (`Items`) is joined
the language's way and a nested `Msg` is worded in the same language. `make translations`
extracts every entry into the gettext catalog, where it gets its zh_CN wording.
"""

from __future__ import annotations

from .marks import N_, P_, Entry

CPU: dict[str, Entry] = {
    "cpu.none": N_("No CPU is installed; {slot} needs a {socket} CPU."),
    "cpu.add": N_("Add a {socket} CPU to {slot}."),
    "cpu.socket": N_("{slot} is a {socket} socket but holds the {cpu}, a {cpu_socket} CPU."),
    "cpu.socket.fix": N_("Choose a {socket} CPU for {slot}."),
    "cpu.max-sockets": P_("The {cpu} works in at most {limit} socket, but {n} CPUs are installed ({slots}).",
                          "The {cpu} works in at most {limit} sockets, but {n} CPUs are installed ({slots}).",
                          "limit"),
    "cpu.max-sockets.fix": N_("Use a CPU made for {n}-socket servers, or run with {limit} CPU."),
    "cpu.mixed-models": N_("{holders}: a server needs the same CPU model in every socket."),
    "cpu.holds": N_("{slot} holds the {cpu}"),
    "cpu.mixed-models.fix": N_("Put the {cpu} in {slots}."),
    "cpu.wired-dimms": P_("its {n} DIMM", "its {n} DIMMs"),
    "cpu.wired-dimms-and": P_("its {n} DIMM and {devices}", "its {n} DIMMs and {devices}"),
    "cpu.add-second": N_("Add a second {cpu} to {slot}."),
    "cpu.first-socket-empty": N_("{slot} is empty while {cpus} holds a CPU; the board starts only with {slot} "
                                 "populated."),
    "cpu.first-socket-empty.devices": N_("{slot} is empty while {cpus} holds a CPU; the board starts only with "
                                         "{slot} populated, and what is wired to it does not work: {wireds}."),
    "cpu.empty-socket-devices": N_("{slot} is empty, so what is wired to it does not work: {wireds}."),
    "cpu.empty-socket": N_("{slot} is empty: the server runs single-socket and the memory, PCIe slots and bays "
                           "wired to {slot} are unusable."),
}

MEMORY: dict[str, Entry] = {
    "mem.none": N_("No memory is installed; the server does not start without DIMMs."),
    "mem.none.fix": N_("Add one DIMM per channel to every socket with a CPU ({n} per CPU)."),
    "mem.type": P_("{slots} holds the {dimm}, a {kind} module; the {chassis} takes {want} only.",
                   "{slots} hold the {dimm}, a {kind} module; the {chassis} takes {want} only."),
    "mem.type.fix": N_("Replace them with {want} DIMMs."),
    "mem.module-type": P_("{slots} holds the {dimm}, a {kind} module; the {cpu} runs {kinds} modules only.",
                          "{slots} hold the {dimm}, a {kind} module; the {cpu} runs {kinds} modules only."),
    "mem.module-type.fix": N_("Replace them with the {part}."),
    "mem.module-type.fix-kind": N_("Replace them with {kinds} DIMMs."),
    "mem.mixed": N_("{slots} hold {parts} while the other DIMMs are the {dimm}: {reasons}."),
    "mem.mixed-types.why": N_("{first} AND {second} modules cannot be mixed"),
    "mem.mixed.why": N_("all DIMMs should be the same part, or capacities, ranks and speeds differ between "
                        "channels"),
    "mem.mixed.fix": N_("Replace them with the {part}."),
    "mem.cpu-without-memory": N_("{socket} holds the {cpu} but none of its memory channels has a DIMM; every CPU "
                                 "needs its own memory."),
    "mem.cpu-without-memory.fix": P_("Fill {socket}'s channels with the {dimm} ({n} DIMM).",
                                     "Fill {socket}'s channels with the {dimm} ({n} DIMMs)."),
    "mem.unbalanced": N_("Memory channels {which} DIMMs than the others ({target} per channel): unbalanced channels "
                         "lower memory bandwidth and can break interleaving."),
    "mem.unbalanced.fewer": P_("{shorts} holds fewer", "{shorts} hold fewer"),
    "mem.unbalanced.more": P_("{overs} holds more", "{overs} hold more"),
    "mem.unbalanced.both": N_("{fewer} and {more}"),
    "mem.unbalanced.rebalance": N_("Give every channel {target} × {dimm}: add {added}, remove {removed}."),
    "mem.unbalanced.fill": P_("Fill them with the {dimm} ({n} more DIMM).", "Fill them with the {dimm} ({n} more DIMMs)."),
    "mem.speed-below-cpu": N_("The {dimm} runs at {speed} MT/s; the {cpu} supports {rated} MT/s, so memory runs at "
                              "the lower {speed} MT/s."),
    "mem.speed-below-cpu.fix": N_("Use {rated} MT/s DIMMs for {pct:.0f} % more memory bandwidth."),
    "mem.speed-above-cpu": N_("The {dimm} is rated {speed} MT/s, but the {cpu} runs memory at {rated} MT/s: the "
                              "DIMMs are downclocked."),
    "mem.speed-above-cpu.fix": N_("Slower {rated} MT/s DIMMs give the same bandwidth, often for less money."),
    "mem.2dpc-speed": N_("With 2 DIMMs per channel the {cpu} runs memory at {slow} MT/s instead of {speed} MT/s."),
    "mem.2dpc-speed.fix": N_("Use one larger DIMM per channel for the full speed, if the capacity allows."),
    "mem.host-ram-low": N_("Host memory is {host:,.0f} GB for {vram:,.0f} GB of GPU memory ({ratio:.2f}×); "
                           "training servers are usually sized at {factor:g}× GPU memory or more (checkpointing, "
                           "data loading, CPU offload)."),
    "mem.host-ram-low.fix": N_("Add DIMMs or use larger ones: {gb:,.0f} GB ({factor:g}× GPU memory) or more."),
}

GPU: dict[str, Entry] = {
    "gpu.too-many": N_("The {chassis} powers and cools at most {limit} GPUs; the build has {n} ({slots} are over "
                       "the limit)."),
    "gpu.too-many.fix": P_("Remove the GPU in {slots}.", "Remove the GPUs in {slots}."),
    "gpu.partial-baseboard": N_("Only {n} of the {total} baseboard positions hold a GPU ({slots} empty); {board} "
                                "baseboards ship fully populated."),
    "gpu.partial-baseboard.fix": N_("Fill {slots} with the {gpu}."),
    "gpu.mixed-models.board": N_("{slot} holds the {gpu} but {ref} holds the {kept}: mixed GPU models in one server "
                                 "cannot share a baseboard."),
    "gpu.mixed-models": N_("{slot} holds the {gpu} but {ref} holds the {kept}: mixed GPU models in one server split "
                           "one job across unequal GPUs, and drivers and power budgets differ."),
    "gpu.mixed-vendors": N_("{mixed} They also come from different vendors ({vendors}), whose software stacks "
                            "cannot run one training job together."),
    "gpu.mixed-models.fix": P_("Replace the GPU in {slots} with the {gpu}.", "Replace the GPUs in {slots} with the {gpu}."),
    "gpu.bridge-invalid": N_("The NVLink bridge across {slots}: {problems}."),
    "gpu.bridge-twice": P_("{slots} already has a bridge; a GPU takes only one",
                           "{slots} already have a bridge; a GPU takes only one"),
    "gpu.bridge-no-gpu": P_("{slots} holds no GPU", "{slots} hold no GPU"),
    "gpu.bridge-baseboard": N_("bridges join PCIe cards; baseboard GPUs are linked by the baseboard"),
    "gpu.bridge-differ": N_("a bridge joins identical GPUs only, and these differ ({names})"),
    "gpu.bridge-none": N_("the {gpu} has no NVLink bridge connector"),
    "gpu.bridge-apart": N_("the cards hang off different CPUs ({sockets}), on risers a bridge does not span"),
    "gpu.bridge-ways": N_("the {gpu} bridges at most {ways} cards, not {n}"),
    "gpu.bridge-invalid.fix": N_("Remove the bridge."),
    "gpu.not-bridged": N_("The {gpu} cards in {slots} support {way}-way NVLink bridges but are not bridged: "
                          "GPU-to-GPU traffic goes over PCIe instead."),
    "gpu.not-bridged.fix": N_("Add NVLink bridges {groups} (cards side by side)."),
    "gpu.no-ecc": N_("The {gpu} in {slots} has no ECC on its memory: in a training run of days or weeks a flipped "
                     "bit corrupts weights or gradients silently, or crashes the job with no clear cause, and there "
                     "is no error count to tell a failing card from a bug."),
    "gpu.replace-with": P_("Replace the card in {slots} with the {gpu}.", "Replace the cards in {slots} with the {gpu}."),
    "gpu.replace-with-ecc": P_("Replace the card in {slots} with a card with ECC memory.",
                               "Replace the cards in {slots} with a card with ECC memory."),
    "gpu.replace-with-datacentre": P_("Replace the card in {slots} with a data-centre card (passive, ECC).",
                                      "Replace the cards in {slots} with a data-centre card (passive, ECC)."),
    "gpu.replace-with-fan": P_("Replace the card in {slots} with a card with its own fan (blower), or use a rack "
                               "server.",
                               "Replace the cards in {slots} with a card with its own fan (blower), or use a rack "
                               "server."),
    "gpu.consumer-card": P_("{slots} holds the {gpu}, a {kind} card, in the {chassis}: {reasons}. It is not built "
                            "for data-centre training.",
                            "{slots} hold the {gpu}, a {kind} card, in the {chassis}: {reasons}. It is not built "
                            "for data-centre training."),
    "gpu.kind-consumer": N_("consumer (gaming)"),
    "gpu.kind-workstation": N_("workstation"),
    "gpu.why-open-air": N_("its axial fans blow heat back into the chassis instead of front to back, so packed next "
                           "to other cards in a server's airflow it throttles"),
    "gpu.why-blower": N_("its blower is sized for one card in a workstation, not a server's front-to-back airflow"),
    "gpu.why-no-ecc": N_("its memory has no ECC, so bit flips in a long run go unnoticed"),
    "gpu.why-no-nvlink": N_("it has no NVLink, so GPU-to-GPU traffic shares the PCIe bus"),
    "gpu.why-geforce": N_("NVIDIA's GeForce driver licence excludes data-centre deployment"),
    "gpu.passive-no-airflow": N_("The {gpu} in {slots} is passively cooled: its {watts:g} W heatsink has no fan and "
                                 "needs a rack server's front-to-back airflow, which the {chassis} ({form}) does not "
                                 "have; it overheats and throttles or shuts down within minutes of load."),
}

FIT: dict[str, Entry] = {
    "fit.move": N_("Move the {part} from {slot} to {target}."),
    "fit.remove-no-place": N_("Remove the {part} from {slot}; no free place in this chassis takes it."),
    "fit.remove": N_("Remove the {part} from {slot}."),
    "fit.baseboard-family.fix": N_("Use a GPU made for the {family} baseboard, or a chassis with a {other} "
                                   "baseboard."),
    "fit.cooling-option.fix": N_("Use one of the chassis' cooling options, e.g. the {cooling}."),
    "fit.psu-model.any": N_("Replace it with a PSU the chassis lists."),
    "fit.psu-model.fix": N_("Replace it with the {psu}."),
    "fit.unknown-part": N_("{slot} names part {part}, which is not in the catalog."),
    "fit.unknown-slot": N_("The build places {part} in {slot}, but the {chassis} has no slot {slot}."),
    "fit.unknown-part.fix": N_("Remove the placement in {slot}, or load the catalog that defines {part}."),
    "fit.unknown-slot.fix": N_("Remove the placement in {slot}."),
    "fit.liquid-only": N_("The {gpu} in {slots} is made for liquid cooling only; the build is air-cooled."),
    "fit.liquid-only.fix": N_("Switch to the {cooling}."),
    "fit.liquid-only.no-option": N_("The {gpu} in {slots} is made for liquid cooling only, and the {chassis} has no "
                                    "liquid cooling option."),
    "fit.liquid-only.no-option.fix": N_("Use the air-cooled version of the GPU, or a liquid-cooled chassis."),
    "fit.unknown-chassis": N_("The build's chassis {chassis} is not in the catalog, so nothing can be checked."),
    "fit.unknown-chassis.fix": N_("Choose a chassis from the catalog."),
    "fit.not-placed": N_("{part} is in the Not placed tray (it was in {slot}): {reasons}"),
    "fit.not-placed.room": N_("Choose a chassis with room for it, or remove it from the Not placed tray."),
    "fit.not-placed.fix": N_("Place it in {slot}."),
}

NETWORK: dict[str, Entry] = {
    "net.no-fabric-nic": P_("This is a multi-node training build with {n} GPU but no NIC of {speed:.0f} Gb/s or "
                            "faster: gradients between servers would crawl.",
                            "This is a multi-node training build with {n} GPUs but no NIC of {speed:.0f} Gb/s or "
                            "faster: gradients between servers would crawl."),
    "net.no-fabric-nic.fix": N_("Add high-speed NICs (InfiniBand or RoCE), ideally one {norm:.0f} Gb/s NIC per GPU; "
                                "a single server needs none: clear \"Part of a multi-node training cluster\" "
                                "under Site & options (multi_node: false in the build file)."),
    "net.low-bandwidth-per-gpu": N_("{n} GPUs share {total:,.0f} Gb/s of scale-out network ({per_gpu:.0f} Gb/s per "
                                    "GPU); multi-node training on HGX-class servers uses one {norm:.0f} Gb/s NIC per "
                                    "GPU."),
    "net.low-bandwidth-per-gpu.fix": N_("Add NICs until each GPU has at least {least:.0f} Gb/s ({norm:.0f} Gb/s is "
                                        "the norm); for a single server, clear \"Part of a multi-node training "
                                        "cluster\" under Site & options (multi_node: false in the build file)."),
    "net.nic-not-near-gpu": N_("The {nic} in {slot} hangs off {root}, which holds no GPU; RDMA traffic then crosses "
                               "the CPU instead of staying under a GPU's PCIe switch."),
    "net.nic-not-near-gpu.fix": N_("Move it to {target}, next to the GPUs on {root}."),
    "storage.none": N_("No drives are installed: the server has no boot device and no local storage."),
    "storage.none.fix": N_("Add a boot drive (M.2) and NVMe drives for datasets and checkpoints."),
    "storage.no-boot": N_("No boot device (M.2 or boot-tier drive) is installed; the OS would take a data drive."),
    "storage.no-boot.m2": N_("Add an M.2 boot drive."),
    "storage.no-boot.tier": N_("Add a boot-tier drive."),
    "storage.boot-not-mirrored": N_("The OS has one boot drive, the {drive} in {slot}: when it fails, the server "
                                    "does not start until the drive is replaced and the OS reinstalled. Data-centre "
                                    "servers boot from two mirrored drives (RAID 1), as the NVIDIA DGX H100 and B200 "
                                    "ship."),
    "storage.boot-not-mirrored.fix": N_("Add a second {drive} in {slot} and mirror the two (RAID 1)."),
    "storage.no-local-data": N_("No NVMe data drives are installed: the {n} GPUs must stream datasets and "
                                "checkpoints over the network."),
    "storage.no-local-data.fix": N_("Add NVMe drives, about {gbps:g} GB/s of read per GPU."),
    "storage.throughput": N_("The data drives read {total:.1f} GB/s in total, {per_gpu:.2f} GB/s per GPU; an "
                             "estimated {need:g} GB/s per GPU keeps data loading and checkpoint restores from "
                             "stalling training."),
    "storage.throughput.fix": N_("Add NVMe drives to reach about {total:.0f} GB/s of read."),
}

PCIE: dict[str, Entry] = {
    "pcie.cpu-lanes": N_("{socket} ({cpu}) has {lane} PCIe lanes but {total} are wired to it: {items}."),
    "pcie.lanes": N_("{slot} x{n}"),
    "pcie.uplink-lanes": N_("{switch} uplink x{n}"),
    "pcie.cpu-lanes.fix": N_("Move {n} lanes' worth of devices to slots on another CPU or behind a PCIe switch, or "
                             "remove them."),
    "pcie.switch-lanes": N_("PCIe switch {switch} has {lane} downstream lanes but its devices need {total}: "
                            "{items}."),
    "pcie.switch-lanes.fix": N_("Move devices off {switch} to slots on another switch or CPU."),
    "pcie.link-downgrade": P_("{part} (Gen{gen} x{lane}, {full}) in {slots} (Gen{slot_gen} x{slot_lane}, {link}) "
                              "loses {lost} of its host bandwidth.",
                              "{part} (Gen{gen} x{lane}, {full}) in {slots} (Gen{slot_gen} x{slot_lane}, {link}) "
                              "lose {lost} of their host bandwidth."),
    "pcie.lost-half": N_("half"),
    "pcie.lost-three-quarters": N_("three quarters"),
    "pcie.lost-pct": N_("{pct:.0f} %"),
    "pcie.link-downgrade.move": P_("Move the card from {moves}.", "Move the cards from {moves}."),
    "pcie.move": N_("{slot} to {target}"),
    "pcie.link-downgrade.none": N_("No free Gen{gen} x{lane} slot is left; accept the lower bandwidth or free one."),
    "pcie.drive-link-downgrade": N_("The {drive} (Gen{gen}, {full}) in {slots} runs at Gen{slot_gen} x{lane} "
                                    "({link}): reads top out at {top:.1f} GB/s instead of {read:.1f} GB/s per drive."),
    "pcie.drive-link-downgrade.fix": N_("Use Gen{slot_gen} drives (same speed, usually cheaper) or a chassis with "
                                        "Gen{gen} bays."),
    "pcie.switch-oversubscribed": N_("PCIe switches share their uplink to the CPU: {groups} ({slots}). Host-to-GPU "
                                     "copies slow down when these GPUs load data at the same time; GPU-to-NIC "
                                     "(GPUDirect RDMA) traffic stays below the switch."),
    # two entries, not a plural: "each" is a word of its own in Chinese too (各自)
    "pcie.switch-group": N_("{switches} feeds {n} GPUs ({demand}) over one Gen{gen} x{lane} uplink ({uplink})"),
    "pcie.switch-group.each": N_("{switches} each feed {n} GPUs ({demand}) over one Gen{gen} x{lane} uplink "
                                 "({uplink})"),
    "pcie.switch-oversubscribed.fix": N_("Usually fine for training; for host-bound work, spread GPUs over more "
                                         "switches or CPU slots."),
    "rules.clauses": N_("{first}; {rest}"),
}

POWER: dict[str, Entry] = {
    "power.redundancy-mode": N_("PSU redundancy {mode} is not offered by the {chassis} (it offers {modes})."),
    "power.redundancy-mode.fix": N_("Use the chassis default, {mode}."),
    "power.no-psu": N_("No power supply is installed; the {chassis} has {n} PSU bays."),
    "power.no-psu.fix": N_("Add {n} × {psu} ({mode})."),
    "power.no-psu.any": N_("Add PSUs the chassis accepts ({psus})."),
    "power.mixed-psu": P_("{slots} holds {parts} while the other PSUs are the {psu}: PSUs must be one model to share "
                          "the load.",
                          "{slots} hold {parts} while the other PSUs are the {psu}: PSUs must be one model to share "
                          "the load."),
    "power.mixed-psu.fix": N_("Replace them with the {part}."),
    "power.add-in": N_("Add {n} × {psu} in {slots}."),
    "power.redundancy-count.switch": N_("Switch the redundancy to {mode}, which fits {n} PSUs."),
    "power.redundancy-count.install": N_("Install {n} PSUs for {mode}."),
    "power.redundancy-count.exactly": P_("{n} PSU is installed, which does not fit {mode} redundancy (it needs "
                                         "exactly {need}).",
                                         "{n} PSUs are installed, which does not fit {mode} redundancy (it needs "
                                         "exactly {need})."),
    "power.redundancy-count.even": P_("{n} PSU is installed, which does not fit {mode} redundancy (it needs an even "
                                      "number).",
                                      "{n} PSUs are installed, which does not fit {mode} redundancy (it needs an even "
                                      "number)."),
    "power.redundancy-count.at-least": P_("{n} PSU is installed, which does not fit {mode} redundancy (it needs at "
                                          "least {need}).",
                                          "{n} PSUs are installed, which does not fit {mode} redundancy (it needs at "
                                          "least {need})."),
    "power.low-line-derated": N_("At {volt:.0f} V (low line) each {psu} gives {low} instead of {full}."),
    "power.low-line-derated.fix": N_("Feed the server from 200–240 V PDUs for the full rating."),
    "power.low-line-unsupported": N_("The site feeds {volt:.0f} V (low line), which the {psu} in {slots} does not "
                                     "accept: it needs {lo:.0f}–{hi:.0f} V."),
    "power.low-line-unsupported.fix": N_("Feed the server from 200–240 V PDUs, or use a PSU that runs on 100–127 V."),
    "power.low-line-unsupported.swap": N_("Replace them with the {psu}, which runs on {volts:.0f} V, or feed the "
                                          "server from 200–240 V PDUs."),
    "power.input-voltage": N_("The site feeds {volt:.0f} V, outside the {psu}'s {lo:.0f}–{hi:.0f} V input range."),
    "power.input-voltage.fix": N_("Use a PSU rated for this voltage, or a PDU that supplies it."),
    "power.insufficient": N_("Peak power with GPU transients is {peak}, but {n} × {psu} under {mode} redundancy give "
                             "{usable} usable ({short} short)."),
    "power.insufficient.add": N_("Add {n} × {psu} in {slots} ({total} PSUs for {mode})."),
    "power.insufficient.fix": N_("Lower the power (fewer or smaller GPUs) or choose a chassis with more PSU "
                                 "capacity."),
    "power.use": N_("Use {n} × {psu} ({mode})."),
    "power.low-load": N_("Typical load is {pct:.0f} % of the usable PSU capacity ({usable}); PSUs are least "
                         "efficient below about {low:.0f} %."),
    "power.low-load.fix": N_("Fine if the headroom is for growth; otherwise fewer or smaller PSUs save energy."),
    "power.single-feed": N_("All {n} PSUs ({slots}) are on feed {feed}: {mode} redundancy protects against a failed "
                            "PSU, not against losing that feed."),
    "power.alternate-feeds": N_("Connect the PSUs alternately to feeds A and B."),
    "power.feed-capacity": P_("With {mode} each feed alone must carry the server, but if feed {other} fails the {n} "
                              "PSU on feed {feed} ({slots}) give {cap} for a peak of {peak}.",
                              "With {mode} each feed alone must carry the server, but if feed {other} fails the {n} "
                              "PSUs on feed {feed} ({slots}) give {cap} for a peak of {peak}."),
    "power.feed-capacity.fix": N_("Split the PSUs evenly across feeds A and B."),
    "power.feed-loss-overload": N_("If feed {failed} fails, the PSUs on feed {feeds} ({slots}) carry {pct:.0f} % of "
                                   "their capacity at peak."),
    "power.feed-loss.add": N_("Add {n} × {psu} in {slots} and alternate the feeds, so that each feed alone carries "
                              "the peak."),
    "power.feed-loss.add-switch": N_("Add {n} × {psu} in {slots}, switch to {mode} and alternate the feeds, so that "
                                     "each feed alone carries the peak."),
    "power.feed-loss.fix": N_("Add PSUs so that each feed alone carries the peak, use larger PSUs, or accept that "
                              "losing a feed may shut the server down."),
}

THERMAL: dict[str, Entry] = {
    "thermal.gpu-tdp": N_("The {gpu} ({tdp:.0f} W) in {slots} is above the {limit:.0f} W per GPU that the {cooling} "
                          "can cool."),
    "thermal.cpu-tdp": N_("The {cpu} ({tdp:.0f} W) in {slots} is above the {limit:.0f} W per CPU that the {cooling} "
                          "can cool."),
    "thermal.switch": N_("Switch to the {cooling} ({limit:.0f} W per GPU)."),
    "thermal.no-option": N_("The {chassis} has no cooling option for these parts; use lower-TDP parts or a "
                            "liquid-cooled chassis."),
    "thermal.no-cooling": N_("No cooling option is chosen."),
    "thermal.no-cooling.fix": N_("Choose the {cooling}."),
    "thermal.no-cooling.any": N_("Choose one of the chassis' cooling options."),
    "thermal.ambient": N_("The site's inlet air is {ambient:g} °C; the {chassis} is rated for {lo:g}–{hi:g} °C."),
    "thermal.ambient.fix": N_("Set the site ambient within {lo:g}–{hi:g} °C, or plan cooling that delivers it."),
    "thermal.capacity": N_("Typical heat is {heat}, but the {cooling} removes {cap} at {ambient:g} °C and "
                           "{altitude:,.0f} m: the server will throttle or shut down."),
    "thermal.capacity.fix": N_("Lower the ambient, choose a stronger cooling option, or fewer/lower-TDP parts."),
    "thermal.capacity-peak": N_("At full load the server makes {heat} of heat, above the {cap} the {cooling} removes "
                                "at {ambient:g} °C and {altitude:,.0f} m: expect throttling at peak."),
    "thermal.capacity-peak.fix": N_("Lower the ambient or choose a stronger cooling option."),
}

WORKLOAD: dict[str, Entry] = {
    "workload.does-not-fit": N_("The workload ({model}) does not fit: it needs {need} GB per GPU, and each GPU has "
                                "{have} GB."),
    "workload.use": N_("Use {changes}: it then needs {need} GB per GPU."),
    "workload.use-or": N_("Use {changes}: it then needs {need} GB per GPU. Other ways to fit it: {ways}."),
    "workload.or": N_("{first} or {rest}"),
    "workload.none": N_("Use GPUs with more memory, more GPUs (several servers), a smaller model or a smaller "
                        "batch."),
    "workload.zero3": N_("ZeRO-3 sharding over the {n} GPUs"),
    "workload.checkpointing": N_("activation checkpointing"),
    "workload.zero3-checkpointing": N_("ZeRO-3 sharding with activation checkpointing"),
    "workload.micro-batch-1": N_("micro-batch 1"),
    "workload.precision": N_("{precision} weights"),
    "workload.more-gpus": N_("{n} more {gpu} in {slots}"),
    "workload.bigger-gpu": N_("the {gpu} ({memory:g} GB) in place of the {old}"),
    "workload.tensor-parallel": N_("The {model}'s {heads} attention heads and {kv_heads} KV heads do not split over "
                                   "{n} GPUs: vLLM and TensorRT-LLM run tensor parallelism of 1, 2, 4 or 8 GPUs that "
                                   "divides the heads."),
    "workload.tensor-parallel.fix": N_("Serve it on {n} GPUs per server (tensor parallelism {n}), or run several "
                                       "copies of the model."),
}

WORDS: dict[str, Entry] = {**CPU, **MEMORY, **GPU, **FIT, **NETWORK, **PCIE, **POWER, **THERMAL, **WORKLOAD}
