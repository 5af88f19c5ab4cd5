"""The cluster plan as plain text in the current language: what `configurator cluster` prints and
the GUI's cluster view summarises. It reads the `ClusterPlan` only, like `core.cluster.summary`'s
JSON, so the two cannot disagree; labels go through `_()`, the core's names, problems and notes
are messages worded by `say` (words/cluster_words.py)."""

from __future__ import annotations

import unicodedata

from ..core.cluster.fabric import FabricPlan
from ..core.cluster.plan import ClusterPlan
from .i18n import N_, _, pad
from .problems import said
from .render import named, say

_ROLES = {"compute": N_("Compute"), "storage": N_("Storage")}
_CABLES = {"dac-in-rack": N_("DAC in rack"), "fibre-row": N_("fibre in the row")}
_OPTICS = {"nic": N_("NIC-side"), "switch": N_("switch-side")}


def _rjust(text: str, width: int) -> str:
    """`text` right-aligned in `width` terminal columns (a Han character takes two)."""
    cols = sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)
    return " " * max(0, width - cols) + text


def _kw(w: float) -> str:
    return f"{w / 1000:,.1f} kW"


def _fabric_text(fab: FabricPlan) -> list[str]:
    tiers = _("{n} leaf").format(n=fab.leaves) + (_(" + {n} spine").format(n=fab.spines) if fab.spines else "") + \
        (_(" + {n} core").format(n=fab.cores) if fab.cores else "")
    cables = ", ".join(f"{n} {_(_CABLES.get(k, k))}" for k, n in fab.cables.items())
    optics = ", ".join(f"{n} {_(_OPTICS.get(k, k))}" for k, n in fab.transceivers.items()) or _("none")
    per = _("per GPU") if fab.role == "compute" else _("per server")
    indent = " " * 10
    return [pad(_(_ROLES.get(fab.role, fab.role)), 9) + " " + _(
                "{n} x {switch}: {tiers} ({tier_count} tier(s), {rails} rail(s), {links} links at {gbps} Gb/s)").format(
                n=fab.switches, switch=fab.switch_name, tiers=tiers, tier_count=fab.tiers, rails=fab.rails,
                links=fab.endpoints, gbps=f"{fab.link_gbps:g}"),
            indent + _("leaf {down} down / {up} up, oversubscription {ratio}:1; links node-leaf {node_leaf}, "
                       "leaf-spine {leaf_spine}, spine-core {spine_core}").format(
                down=fab.leaf_down, up=fab.leaf_up, ratio=f"{fab.oversubscription:.2g}", node_leaf=fab.node_leaf_links,
                leaf_spine=fab.leaf_spine_links, spine_core=fab.spine_core_links),
            indent + _("cables {cables}; transceivers {optics}").format(cables=cables, optics=optics),
            indent + _("bisection {tbs} TB/s per direction; {gbps} Gb/s injection {per}").format(
                tbs=f"{fab.bisection_gbps / 8000:,.1f}", gbps=f"{fab.injection_gbps_per_gpu:g}", per=per)]


def summary_lines(plan: ClusterPlan) -> list[str]:
    """The first four lines: name and counts, power, heat, space (the GUI shows these)."""
    return [_("{name}: {servers} servers, {gpus} GPUs, {racks} racks").format(
                name=plan.spec.name, servers=plan.spec.server_count, gpus=plan.gpus, racks=len(plan.racks)),
            pad(_("Power"), 10) + _("idle {idle} · typical {typical} · max {max} at the wall; facility {facility} at "
                                    "PUE {pue}").format(
                idle=_kw(plan.total("idle_w")), typical=_kw(plan.total("typical_w")), max=_kw(plan.total("max_w")),
                facility=_kw(plan.facility_max_w), pue=f"{plan.spec.site.pue:g}"),
            pad(_("Heat"), 10) + _("{btu} BTU/h at max · to air {air} · to liquid {liquid}").format(
                btu=f"{plan.heat_btu_hr:,.0f}", air=_kw(plan.total("heat_to_air_w")),
                liquid=_kw(plan.total("heat_to_liquid_w"))),
            pad(_("Space"), 10) + _("{units} U · {kg} kg of equipment · {m2} m² of floor").format(
                units=f"{plan.total('rack_units'):.0f}", kg=f"{plan.total('weight_kg'):,.0f}",
                m2=f"{plan.floor_m2:.1f}")]


def _training(plan: ClusterPlan) -> list[str]:
    here = plan.scaled
    if here is not None:
        return [pad(_("Training"), 10) + _("{days} days on {servers} servers: step {step} s = compute {compute} s + "
                                           "all-reduce {comm} s, scaling efficiency {pct}").format(
                    days=f"{here.days:,.1f}", servers=here.servers, step=f"{here.step_s:.2f}",
                    compute=f"{here.compute_s:.2f}", comm=f"{here.comm_s:.2f}", pct=f"{here.efficiency:.0%}"),
                " " * 10 + _("layout: tensor parallel {tp} × pipeline {pp} × data parallel {dp}; {tokens} tokens per "
                             "GPU per step; the all-reduce figure includes any pipeline bubble").format(
                    tp=here.tensor_parallel, pp=here.pipeline_stages, dp=here.data_parallel,
                    tokens=f"{here.tokens_per_gpu:,.0f}"),
                " " * 10 + " · ".join(_("{servers}: {days} d ({pct})").format(
                    servers=p.servers, days=f"{p.days:,.1f}", pct=f"{p.efficiency:.0%}") for p in plan.scaling)]
    if plan.ideal_train_days is not None:
        return [pad(_("Training"), 10) + _("{days} days with perfect scaling").format(days=f"{plan.ideal_train_days:,.1f}")]
    return []


def _racks(plan: ClusterPlan) -> list[str]:
    out = ["", _("Racks")]
    for r in plan.racks:
        f = r.feeds
        out.append(f"  {pad(say(r.title), 15)} " + _(
            "{servers} servers {devices} devices {units}U {max} max · A {a} / B {b} · one feed left {left} of "
            "{continuous}").format(servers=f"{r.servers:2d}", devices=f"{len(r.items):3d}", units=f"{r.rack_units:3d}",
                                   max=f"{_kw(r.max_w):>9}", a=_kw(f.normal_w["A"]), b=_kw(f.normal_w["B"]),
                                   left=_kw(max(f.after_loss_w.values())), continuous=_kw(f.continuous_w)))
    return out


def _bom(plan: ClusterPlan) -> list[str]:
    cost = plan.cost
    out = ["", _("Bill of materials ({currency})").format(currency=cost.currency)]
    ask = _("on request")
    for ln in cost.lines:
        price = f"{ln.extended:>16,.2f}" if ln.extended is not None else _rjust(ask, 16)
        out.append(f"  {pad(say(ln.group), 16)} {ln.qty:6d} x {pad(named(ln.item)[:64], 64)} {price}")
    out.append("  " + _("Capex {capex} · energy {energy}/year · support {support}/year · TCO {years} years {tco}").format(
        capex=f"{cost.capex:,.2f}", energy=f"{cost.energy_cost_per_year:,.2f}", support=f"{cost.support_per_year:,.2f}",
        years=cost.years, tco=f"{cost.tco:,.2f}"))
    if cost.on_request:   # the headline figures leave these out: say so
        out.append("  " + _("Not in capex or TCO (priced on request): {items}").format(
            items=", ".join(dict.fromkeys(named(i) for i in cost.on_request))))
    return out


def _problems(plan: ClusterPlan) -> list[str]:
    out = [""] if plan.violations else []
    for v in plan.violations:
        out.append(f"{pad(_(v.severity.upper()), 7)} {v.code}: {said(v.message)}")
        if v.fix:
            out.append(" " * 8 + _("fix: {fix}").format(fix=said(v.fix.description)))
    return out + [_("note: {note}").format(note=say(n)) for n in plan.notes]


def plan_to_text(plan: ClusterPlan) -> str:
    """The plan as a few lines per section, then racks, BOM and problems."""
    out = summary_lines(plan)
    for fab in (plan.fabric, plan.storage):
        if fab:
            out += _fabric_text(fab)
    if plan.management_ports:
        out.append(pad(_("Mgmt"), 10) + _("{n} out-of-band 1 GbE ports (servers, switches, PDUs)").format(
            n=plan.management_ports))
    return "\n".join(out + _training(plan) + _racks(plan) + _bom(plan) + _problems(plan))

