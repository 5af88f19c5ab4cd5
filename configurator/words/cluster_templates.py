"""The English templates of the words a cluster plan carries: its violations and fixes
(`checks.py`, `plan.py`), its notes, rack and device names, BOM groups and items.

The cluster code words them in English with the values filled in; this module lists each
wording once more, marked with `N_`, so that `make translations` extracts it into the gettext
catalog and a view (the cluster PDF, `configurator cluster`, the GUI's cluster view) can map a
filled text back onto its template and print it in the user's language
(`configurator.words.i18n.translate`). A name ending in "s" may hold a list; any other name one value.
tests/io/test_cluster_text.py fails when the plan of a strained example cluster produces a text
that none of these templates matches.
"""

from __future__ import annotations

from ..core.text import N_

#: checks.py: racks, feeds, cooling, servers, fabrics
CHECKS = (
    N_("{rack} draws {kw} at the wall at full load, over its {limit} kW limit."),
    N_("Put fewer servers in each rack (servers_per_rack) or raise the rack's kW limit."),
    N_("{rack} holds {units}U of equipment; {free}U are free."),
    N_("Put fewer servers in each rack or use taller racks."),
    N_("{rack} carries {kg} kg, over its {limit} kg rating."),
    N_("Put fewer servers in each rack or choose a rack rated for more weight."),
    N_("{rack} feed {feed} carries {kw}, over {pct} % of its {capacity} breaker rating ({continuous})."),
    N_("Add a PDU per feed or choose PDUs with a larger breaker."),
    N_("If feed {lost} of {rack} fails, feed {other} must carry {kw}, over {pct} % of its breaker rating "
       "({continuous})."),
    N_("Size each feed for the whole rack: larger or more PDUs per feed, or fewer servers per rack."),
    N_("If feed {lost} of {rack} fails, {n} device(s) lose every PSU: {names}."),
    N_("Spread each server's PSUs over feeds A and B (psu_feeds in the build)."),
    N_("{rack} puts {kw} of heat into the air; its cooling removes {limit} kW."),
    N_("Add a rear-door heat exchanger, use liquid-cooled servers or fewer servers per rack."),
    N_("{rack} sends {kw} to liquid cooling; the rack's loop takes {limit} kW."),
    N_("Set the rack's cooling to liquid with enough CDU capacity (liquid_kw)."),
    N_("{where} has errors of its own ({codes})."),
    N_("Run `configurator check {where}` and fix the build."),
    N_("{where}: after losing a feed its remaining PSUs carry {pct} % of their capacity at peak, so the server "
       "may shut down even if the rack's feed holds."),
    N_("Use a grid-redundant PSU mode (N+N) or larger PSUs in the build."),
    N_("{where} has no network cards: its GPUs cannot join the compute fabric."),
    N_("Add one 400G NIC per GPU to the build."),
    N_("The {fabric} is oversubscribed {ratio}:1 at the leaves: all-reduce across leaves gets 1/{ratio} of the "
       "injection bandwidth."),
    N_("Use a non-blocking fabric (oversubscription 1) for training."),
    N_("The {fabric} has {leaves} leaves; a {tiers}-tier fat tree of {switch} ({radix} ports at {gbps} Gb/s) "
       "reaches at most {radix} leaves."),
    N_("Allow a third (core) tier (max_tiers 3) or choose a switch with more ports."),
    N_("The {fabric} needs {leaves} leaves, more than a 3-tier fat tree of {radix}-port switches holds ({most})."),
    N_("Choose a switch with more ports or split the cluster."),
    N_("compute fabric"),
    N_("storage fabric"),
)

#: plan.py: unknown or too slow switches, the optics note
PLAN = (
    N_("fabric.{field}: {part} is not a switch in the catalog."),
    N_("Pick a part from `configurator catalog --category switch`."),
    N_("{switch} cannot run links at {gbps} Gb/s."),
    N_("Choose a switch whose ports (or breakouts) run at the NIC speed."),
    N_("Choose a storage link speed the switch offers."),
    N_("Server power includes {w} W per NIC-side transceiver (the NICs' catalog power excludes optics)."),
)

#: rack and device names (plan.py, racks.py), BOM groups and items (plan.py, costs.py)
NAMES = (
    N_("Rack {n}"),
    N_("Network rack {n}"),
    N_("compute {part} #{n}"),
    N_("storage {part} #{n}"),
    N_("Servers"),
    N_("Fabric"),
    N_("Racks and power"),
    N_("Services"),
    N_("{name} (compute)"),
    N_("{name} (storage)"),
    N_("compute: NIC-side transceivers"),
    N_("compute: switch-side twin-port transceivers"),
    N_("compute: DAC cables (in rack)"),
    N_("compute: fibre cables (in the row)"),
    N_("storage: NIC-side transceivers"),
    N_("storage: switch-side twin-port transceivers"),
    N_("storage: DAC cables (in rack)"),
    N_("storage: fibre cables (in the row)"),
    N_("42U rack"),
    N_("Rack PDU"),
    N_("Installation and cabling, per rack"),
)
