"""`configurator cluster CLUSTER.json | --from BUILD`: racks, A/B feeds, fabric and totals of a
cluster (docs/cluster.md); exit 1 when the plan has errors."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from ...core.message import Msg, Num
from ...words.i18n import _
from ..command import CliError, Command, count, json_flag, note, print_json, print_text


def arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("cluster", nargs="?", metavar="CLUSTER.json", help=_("cluster file (docs/cluster.md)"))
    parser.add_argument("--from", dest="from_build", metavar="BUILD", help=_("plan N servers of this build instead"))
    parser.add_argument("--servers", type=count, metavar="N", help=_("with --from: how many servers"))
    parser.add_argument("--deadline-days", type=float, metavar="D",
                        help=_("with --from: as many servers as the build's workload needs to train in D days"))
    parser.add_argument("--rack-kw", type=float, metavar="KW", help=_("with --from: rack power limit (default 40)"))
    parser.add_argument("--per-rack", type=count, metavar="N",
                        help=_("with --from: servers per rack (default: what fits)"))
    parser.add_argument("--switch", metavar="CATALOG_ID", help=_("with --from: compute-fabric switch"))
    json_flag(parser)
    parser.add_argument("-o", "--output", metavar="OUT",
                        help=_("also write the plan: BOM .csv, or --format netbox-csv"))
    parser.add_argument("--format", help=_("cluster exporter: cluster-bom-csv (.csv) or netbox-csv (OUT.racks.csv + "
                                           "OUT.devices.csv)"))


def _sized(spec: Any, args: argparse.Namespace, cat: Any, evaluator: Any) -> Any:
    """`--deadline-days`: the spec with as many servers as training in that many days takes."""
    from ...core.cluster.scaling import servers_for, step_inputs
    from ...core.cluster.server_figures import server_figures

    if args.deadline_days <= 0:
        raise CliError(Msg("cli.deadline-above-zero"))
    fig = server_figures(spec.servers[0].build, cat, spec, args.from_build, evaluator)
    inp = step_inputs(fig, fig.network_gbps_per_gpu, spec.fabric.oversubscription)
    if inp is None:
        raise CliError(Msg("cli.no-training"), args.from_build)
    n = servers_for(inp, args.deadline_days, spec.training)
    if n is None:
        raise CliError(Msg("cli.deadline-unreachable", days=Num(args.deadline_days, "g")))
    return spec.model_copy(update={"servers": (spec.servers[0].model_copy(update={"count": n}),),
                                   "name": f"{n} x {spec.servers[0].build.meta.name}"})


def _spec(args: argparse.Namespace, cat: Any, evaluator: Any) -> Any:
    """The cluster to plan: the cluster file, or N servers of one build (`--from`)."""
    from ...store.cluster_files import read_cluster, spec_from_build

    if bool(args.cluster) == bool(args.from_build):
        raise CliError(Msg("cli.cluster-or-from"))
    if args.cluster:
        return read_cluster(args.cluster)
    rack = {"kw_limit": args.rack_kw, "servers_per_rack": args.per_rack}
    fabric = {"switch": args.switch} if args.switch else {}
    spec = spec_from_build(args.from_build, args.servers if args.servers is not None else 1, cat,
                           rack={k: v for k, v in rack.items() if v is not None}, fabric=fabric)
    return spec if args.deadline_days is None else _sized(spec, args, cat, evaluator)


def run(args: argparse.Namespace) -> int:
    from ...core.cluster import plan_cluster
    from ...core.cluster.summary import plan_to_json
    from ...words.cluster_text import plan_to_text
    from ..inputs import catalog, evaluator

    cat = catalog()
    found = evaluator(cat)   # rates and presets read once for every server figure
    plan = plan_cluster(_spec(args, cat, found), cat, found)
    if args.output:
        from ...formats.exporters.clusters import cluster_exporter

        written = cluster_exporter(args.format, args.output).write(plan, cat, Path(args.output))
        note(_("wrote {path}").format(path=written))
    if args.json:
        from ...words.problems import violation_json
        from ...words.render import named_in_english

        print_json(plan_to_json(plan, violation_json, named_in_english))
    else:
        print_text(plan_to_text(plan))
    return 1 if plan.errors else 0


COMMAND = Command("cluster", lambda: _("plan a cluster: racks, A/B feeds, fabric, totals (exit 1 on errors)"),
                  arguments, run)
