"""`plan_cluster(spec, catalog)`: servers evaluated once, placed in racks, joined by fabrics,
checked and priced; one frozen `ClusterPlan` that the CLI (and any view) reads."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from ..catalog import Catalog, Switch
from ..evaluator import Evaluator
from ..message import Msg, Num, Term
from ..violations import SEVERITY_ORDER, Fix, Violation
from . import checks
from .costs import ClusterCost, ClusterLine, roll_up, switch_line, unit_line
from .fabric import FabricPlan, size_fabric
from .racks import Rack, RackItem, build_rack, fill, server_item, switch_items
from .scaling import ScalePoint, curve, exceeds_batch, step_inputs, with_pipeline
from .server_figures import ServerFigures, fabric_protocol, server_figures
from .spec import ClusterSpec

BTU_PER_W = 3.412


@dataclass(frozen=True)
class ClusterPlan:
    """Everything the cluster plan says; totals are at the wall unless named `facility_`."""

    spec: ClusterSpec
    servers: tuple[ServerFigures, ...]    # one per server group
    racks: tuple[Rack, ...]
    fabric: FabricPlan | None
    storage: FabricPlan | None
    management_ports: int
    cost: ClusterCost
    violations: tuple[Violation, ...]
    notes: tuple[Msg, ...]
    #: time to train at 1, 2, 4 ... servers and at the plan's count (one server group with a
    #: training workload only; empty otherwise), core/cluster/scaling.py
    scaling: tuple[ScalePoint, ...] = ()

    @property
    def gpus(self) -> int:
        return sum(f.gpus * g.count for f, g in zip(self.servers, self.spec.servers, strict=True))

    def total(self, attr: str) -> float:
        """Σ over racks of `idle_w`, `typical_w`, `max_w`, `heat_to_air_w`, `weight_kg` ..."""
        return float(sum(getattr(r, attr) for r in self.racks))

    @property
    def facility_max_w(self) -> float:
        return self.total("max_w") * self.spec.site.pue

    @property
    def heat_btu_hr(self) -> float:
        return self.total("max_w") * BTU_PER_W

    @property
    def floor_m2(self) -> float:
        return len(self.racks) * self.spec.rack.floor_m2

    @property
    def scaled(self) -> ScalePoint | None:
        """The scaling point at the plan's own server count."""
        return next((p for p in self.scaling if p.servers == self.spec.server_count), None)

    @property
    def ideal_train_days(self) -> float | None:
        """Time to train with perfect scaling: the groups' rates add (1 / Σ count/days)."""
        rates = [g.count / f.train_days for f, g in zip(self.servers, self.spec.servers, strict=True)
                 if f.train_days]
        return 1.0 / sum(rates) if rates and len(rates) == len(self.servers) else None

    @property
    def errors(self) -> tuple[Violation, ...]:
        return tuple(v for v in self.violations if v.severity == "error")


def _switch(catalog: Catalog, part_id: str, field: str, out: list[Violation]) -> Switch | None:
    part = catalog.get(part_id)
    if isinstance(part, Switch):
        return part
    out.append(Violation(severity="error", code="cluster.unknown-switch",
                         message=Msg("cluster.unknown-switch", field=field, part=repr(part_id)),
                         fix=Fix(description=Msg("cluster.unknown-switch.fix"))))
    return None


def _fabrics(spec: ClusterSpec, catalog: Catalog, figs: list[ServerFigures],
             out: list[Violation]) -> tuple[FabricPlan | None, FabricPlan | None]:
    f = spec.fabric
    compute = storage = None
    links = [fig.gpus * f.nics_per_gpu if fig.network_gbps_per_gpu > 0 else 0
             for fig, g in zip(figs, spec.servers, strict=True) for _ in range(g.count)]
    speeds = [fig.network_gbps_per_gpu for fig in figs if fig.network_gbps_per_gpu > 0]
    link = f.link_gbps or (min(speeds) / f.nics_per_gpu if speeds else 0.0)
    switch = _switch(catalog, f.switch, "switch", out)
    if switch is not None and any(links) and link > 0:
        compute = size_fabric("compute", switch, link, links, oversubscription=f.oversubscription,
                              max_tiers=f.max_tiers, links_per_gpu=f.nics_per_gpu)
        if compute is None:
            out.append(Violation(severity="error", code="cluster.fabric-speed",
                                 message=Msg("cluster.fabric-speed", switch=switch.name, gbps=Num(link, "g")),
                                 fix=Fix(description=Msg("cluster.fabric-speed.fix"))))
    if f.storage_switch and f.storage_links_per_server:
        sswitch = _switch(catalog, f.storage_switch, "storage_switch", out)
        if sswitch is not None:
            storage = size_fabric("storage", sswitch, f.storage_link_gbps,
                                  [f.storage_links_per_server] * spec.server_count, max_tiers=f.max_tiers,
                                  links_per_gpu=f.storage_links_per_server)
            if storage is None:
                out.append(Violation(severity="error", code="cluster.fabric-speed",
                                     message=Msg("cluster.fabric-speed", switch=sswitch.name,
                                                 gbps=Num(f.storage_link_gbps, "g")),
                                     fix=Fix(description=Msg("cluster.fabric-speed.storage-fix"))))
    return compute, storage


def _network_items(catalog: Catalog, fabrics: list[FabricPlan]) -> list[RackItem]:
    items: list[RackItem] = []
    for fab in fabrics:
        switch = catalog.get(fab.switch_id)
        assert isinstance(switch, Switch)
        optics_w = fab.transceivers.get("switch", 0) * switch.optic_w_per_cage
        items += switch_items(switch, fab.switches, fab.role, optics_w)
    return items


def _optics_w(spec: ClusterSpec, fig: ServerFigures, fabrics: list[FabricPlan]) -> float:
    """NIC-side transceivers of one server: its compute links (when on fibre) and storage links."""
    f, links = spec.fabric, 0
    for fab in fabrics:
        if not fab.transceivers.get("nic"):
            continue
        if fab.role == "compute" and fig.network_gbps_per_gpu > 0:
            links += fig.gpus * f.nics_per_gpu
        elif fab.role == "storage":
            links += f.storage_links_per_server
    return links * f.nic_optic_w


def _racks(spec: ClusterSpec, figs: list[ServerFigures], net: list[RackItem],
           fabrics: list[FabricPlan]) -> list[Rack]:
    servers = [server_item(fig, gi, n + 1, _optics_w(spec, fig, fabrics))
               for gi, (fig, g) in enumerate(zip(figs, spec.servers, strict=True)) for n in range(g.count)]
    racks = [build_rack(i + 1, "compute", items, spec.rack)
             for i, items in enumerate(fill(servers, spec.rack, spec.rack.servers_per_rack))]
    racks += [build_rack(i + 1, "network", items, spec.rack)
              for i, items in enumerate(fill(net, spec.rack, None))]
    return racks


def _lines(spec: ClusterSpec, catalog: Catalog, figs: list[ServerFigures], fabrics: list[FabricPlan],
           racks: list[Rack]) -> list[ClusterLine]:
    cur, prices = spec.site.currency, spec.prices
    lines = [ClusterLine(Msg("cluster.group.servers"), fig.name, g.count, fig.hardware if fig.currency == cur else None,
                         f"hardware subtotal of the server's own BOM ({g.source or 'embedded build'})")
             for fig, g in zip(figs, spec.servers, strict=True)]
    for fab in fabrics:
        switch = catalog.get(fab.switch_id)
        assert isinstance(switch, Switch)
        lines.append(switch_line(catalog, switch, fab.switches, fab.role, cur))
        fabric = Msg("cluster.group.fabric")
        for key, count in (("transceiver-nic", fab.transceivers.get("nic", 0)),
                           ("transceiver-switch", fab.transceivers.get("switch", 0)),
                           ("cable-dac", fab.cables.get("dac-in-rack", 0)),
                           ("cable-fiber", fab.cables.get("fibre-row", 0))):
            lines.append(unit_line(fabric, Msg(f"cluster.item.{fab.role}.{key}"), key, count, prices))
    pdus = len(racks) * 2 * spec.rack.pdu.per_feed
    racks_power = Msg("cluster.group.racks")
    lines.append(unit_line(racks_power, Term(spec.rack.name), "rack", len(racks), prices))
    lines.append(unit_line(racks_power, Msg("cluster.item.pdu"), "pdu", pdus, prices))
    lines.append(unit_line(Msg("cluster.group.services"), Msg("cluster.item.install"), "install-per-rack", len(racks),
                           prices))
    return lines


def plan_cluster(spec: ClusterSpec, catalog: Catalog, evaluator: Evaluator | None = None) -> ClusterPlan:
    """Evaluate each server build once (with `evaluator`'s exchange rates and presets), size the
    fabrics, fill the racks, check and price."""
    out: list[Violation] = []
    figs = [server_figures(g.build, catalog, spec, g.source, evaluator) for g in spec.servers]
    compute, storage = _fabrics(spec, catalog, figs, out)
    fabrics = [f for f in (compute, storage) if f is not None]
    racks = _racks(spec, figs, _network_items(catalog, fabrics), fabrics)
    for rack in racks:
        out += checks.rack_limits(rack) + checks.rack_feeds(rack) + checks.rack_cooling(rack)
    out += checks.server_checks(figs)
    switch = catalog.get(spec.fabric.switch)
    if compute is not None and isinstance(switch, Switch):
        for g, f in zip(spec.servers, figs, strict=True):
            out += checks.fabric_protocol(switch.protocol, switch.name, fabric_protocol(g.build, catalog), f.name)
    for fab in fabrics:
        out += checks.fabric_checks(fab, spec.fabric.max_tiers)
    util = spec.site.utilization_pct / 100.0
    avg = sum((i.typical_w * util + i.idle_w * (1 - util)) if i.kind == "server" else i.typical_w
              for r in racks for i in r.items)
    support = sum((f.support_per_year * g.count for f, g in zip(figs, spec.servers, strict=True)), Decimal(0))
    cost = roll_up(_lines(spec, catalog, figs, fabrics, racks), spec.site.currency, avg,
                   spec.site.pue, spec.site.electricity_price_kwh, support, spec.site.tco_years)
    switches = sum(f.switches for f in fabrics)
    mgmt = spec.server_count * spec.fabric.management_ports_per_server + switches + len(racks) * 2 * spec.rack.pdu.per_feed
    optics = any(f.transceivers.get("nic") for f in fabrics)
    notes = (Msg("cluster.note.optics", w=Num(spec.fabric.nic_optic_w, "g")),) if optics else ()
    out.sort(key=lambda v: SEVERITY_ORDER[v.severity])
    scaling: tuple[ScalePoint, ...] = ()
    if len(figs) == 1:
        inj = compute.injection_gbps_per_gpu if compute else figs[0].network_gbps_per_gpu
        inp = step_inputs(figs[0], inj, compute.oversubscription if compute else 1.0)
        training = with_pipeline(spec.training, figs[0].workload)
        scaling = curve(inp, spec.server_count, training) if inp else ()
        if inp and exceeds_batch(inp, spec.server_count, training):
            out.append(checks.batch_exceeded(inp.gpus_per_server * spec.server_count, inp.tokens_per_micro_step,
                                             float(spec.training.global_batch_tokens or 0)))
    return ClusterPlan(spec=spec, servers=tuple(figs), racks=tuple(racks), fabric=compute, storage=storage,
                       management_ports=mgmt if spec.fabric.management_ports_per_server else 0, cost=cost,
                       violations=tuple(out), notes=notes, scaling=scaling)


__all__ = ["ClusterPlan", "plan_cluster"]
