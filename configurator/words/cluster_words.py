"""Words of the cluster plan (core/cluster): its problems and fixes (checks.py, plan.py), the
note on optics, the racks' and switches' names, the BOM's groups and items. `configurator
cluster`, the GUI's cluster view, the cluster PDF and `cluster --json` (in English) word them
from here."""

from __future__ import annotations

from .marks import N_, P_, Entry

#: the default rack model (core/cluster/spec.py `RackSpec.name`): a cluster file's own model is
#: printed as written, this one in the reader's words (`Term`)
DEFAULT_RACK = N_("42U rack")

WORDS: dict[str, Entry] = {
    # racks, power feeds, cooling (checks.py)
    "cluster.rack-over-kw": N_("{rack} draws {kw} at the wall at full load, over its {limit} kW limit."),
    "cluster.rack-over-kw.fix": N_("Put fewer servers in each rack (servers_per_rack) or raise the rack's kW limit."),
    "cluster.rack-over-ru": N_("{rack} holds {units}U of equipment; {free}U are free."),
    "cluster.rack-over-ru.fix": N_("Put fewer servers in each rack or use taller racks."),
    "cluster.rack-over-weight": N_("{rack} carries {kg} kg, over its {limit} kg rating."),
    "cluster.rack-over-weight.fix": N_("Put fewer servers in each rack or choose a rack rated for more weight."),
    "cluster.feed-over-continuous": N_("{rack} feed {feed} carries {kw}, over {pct} % of its {capacity} breaker "
                                       "rating ({continuous})."),
    "cluster.feed-over-continuous.fix": N_("Add a PDU per feed or choose PDUs with a larger breaker."),
    "cluster.feed-loss-overload": N_("If feed {lost} of {rack} fails, feed {other} must carry {kw}, over {pct} % of "
                                     "its breaker rating ({continuous})."),
    "cluster.feed-loss-overload.fix": N_("Size each feed for the whole rack: larger or more PDUs per feed, or fewer "
                                         "servers per rack."),
    "cluster.feed-loss-stops": P_("If feed {lost} of {rack} fails, {n} device loses every PSU: {names}.",
                                  "If feed {lost} of {rack} fails, {n} devices lose every PSU: {names}."),
    "cluster.feed-loss-stops.fix": N_("Spread each server's PSUs over feeds A and B (psu_feeds in the build)."),
    "cluster.rack-air-over": N_("{rack} puts {kw} of heat into the air; its cooling removes {limit} kW."),
    "cluster.rack-air-over.fix": N_("Add a rear-door heat exchanger, use liquid-cooled servers or fewer servers per "
                                    "rack."),
    "cluster.rack-liquid-over": N_("{rack} sends {kw} to liquid cooling; the rack's loop takes {limit} kW."),
    "cluster.rack-liquid-over.fix": N_("Set the rack's cooling to liquid with enough CDU capacity (liquid_kw)."),
    # the servers' own builds
    "cluster.server-errors": N_("{where} has errors of its own ({codes})."),
    "cluster.server-errors.fix": N_("Run `configurator check {where}` and fix the build."),
    "cluster.server-feed-loss": N_("{where}: after losing a feed its remaining PSUs carry {pct} % of their capacity "
                                   "at peak, so the server may shut down even if the rack's feed holds."),
    "cluster.server-feed-loss.fix": N_("Use a grid-redundant PSU mode (N+N) or larger PSUs in the build."),
    "cluster.no-fabric-nic": N_("{where} has no network cards: its GPUs cannot join the compute fabric."),
    "cluster.no-fabric-nic.fix": N_("Add one 400G NIC per GPU to the build."),
    # the fabrics' shape and switches (checks.py, plan.py)
    "cluster.fabric.compute": N_("compute fabric"),
    "cluster.fabric.storage": N_("storage fabric"),
    "cluster.fabric-oversubscribed": N_("The {fabric} is oversubscribed {ratio}:1 at the leaves: all-reduce across "
                                        "leaves gets 1/{ratio} of the injection bandwidth."),
    "cluster.fabric-oversubscribed.fix": N_("Use a non-blocking fabric (oversubscription 1) for training."),
    "cluster.too-few-spine-ports": N_("The {fabric} has {leaves} leaves; a {tiers}-tier fat tree of {switch} ({radix} "
                                      "ports at {gbps} Gb/s) reaches at most {radix} leaves."),
    "cluster.too-few-spine-ports.fix": N_("Allow a third (core) tier (max_tiers 3) or choose a switch with more ports."),
    "cluster.fabric-too-large": N_("The {fabric} needs {leaves} leaves, more than a 3-tier fat tree of {radix}-port "
                                   "switches holds ({most})."),
    "cluster.fabric-too-large.fix": N_("Choose a switch with more ports or split the cluster."),
    "cluster.unknown-switch": N_("fabric.{field}: {part} is not a switch in the catalog."),
    "cluster.unknown-switch.fix": N_("Pick a part from `configurator catalog --category switch`."),
    "cluster.fabric-speed": N_("{switch} cannot run links at {gbps} Gb/s."),
    "cluster.fabric-speed.fix": N_("Choose a switch whose ports (or breakouts) run at the NIC speed."),
    "cluster.fabric-speed.storage-fix": N_("Choose a storage link speed the switch offers."),
    "cluster.note.optics": N_("Server power includes {w} W per NIC-side transceiver (the NICs' catalog power "
                              "excludes optics)."),
    # training (scaling.py)
    "cluster.batch-exceeded": N_("{gpus:,} GPUs with one {micro:,}-token micro-batch each take {tokens:,} tokens a step, "
                                 "more than the {batch:,}-token global batch: each GPU gets a smaller share and the "
                                 "all-reduce, which does not shrink, takes more of every step."),
    "cluster.batch-exceeded.fix": N_("Use fewer servers, a larger global batch, or more pipeline stages "
                                     "(fewer data-parallel copies)."),
    # racks and switches (racks.py)
    "cluster.rack": N_("Rack {n:02d}"),
    "cluster.network-rack": N_("Network rack {n}"),
    "cluster.switch.compute": N_("compute {part} #{n}"),
    "cluster.switch.storage": N_("storage {part} #{n}"),
    # the BOM's groups and items (plan.py, costs.py)
    "cluster.group.servers": N_("Servers"),
    "cluster.group.fabric": N_("Fabric"),
    "cluster.group.racks": N_("Racks and power"),
    "cluster.group.services": N_("Services"),
    "cluster.item.switch.compute": N_("{name} (compute)"),
    "cluster.item.switch.storage": N_("{name} (storage)"),
    "cluster.item.compute.transceiver-nic": N_("compute: NIC-side transceivers"),
    "cluster.item.compute.transceiver-switch": N_("compute: switch-side twin-port transceivers"),
    "cluster.item.compute.cable-dac": N_("compute: DAC cables (in rack)"),
    "cluster.item.compute.cable-fiber": N_("compute: fibre cables (in the row)"),
    "cluster.item.storage.transceiver-nic": N_("storage: NIC-side transceivers"),
    "cluster.item.storage.transceiver-switch": N_("storage: switch-side twin-port transceivers"),
    "cluster.item.storage.cable-dac": N_("storage: DAC cables (in rack)"),
    "cluster.item.storage.cable-fiber": N_("storage: fibre cables (in the row)"),
    "cluster.item.pdu": N_("Rack PDU"),
    "cluster.item.install": N_("Installation and cabling, per rack"),
    "cluster.fabric-protocol": N_("The compute fabric is {fabric} ({switch}) but {where}'s fabric NICs run {nic} only: "
                                  "they cannot join it."),
    "cluster.fabric-protocol.fix": N_("Choose a compute-fabric switch for {nic} (configurator cluster --switch), or "
                                      "NICs of the fabric's protocol."),
    "cluster.protocol.ib": N_("InfiniBand"),
    "cluster.protocol.eth": N_("Ethernet (RoCE)"),
}
