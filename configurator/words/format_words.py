"""Why a file format is refused (formats/registry.py: no importer or exporter by that name or for
that suffix) and what an export needs (formats/exporters/*)."""

from __future__ import annotations

from .marks import N_, Entry

WORDS: dict[str, Entry] = {
    "format.unknown": N_("unknown {kind} {name}; known: {names}"),
    "format.no-format-for": N_("no {kind} for {suffix} (known: {known})"),
    "format.no-suffix": N_("files without a suffix"),
    "format.kind-importer": N_("importer"),
    "format.kind-exporter": N_("exporter"),
    "format.kind-cluster-exporter": N_("cluster exporter"),
    "format.kind-comparison-exporter": N_("comparison exporter"),
    "format.kind-server-importer": N_("server importer"),
    # a comparison export of open builds (formats/exporters/comparison_source.py)
    "format.too-few-builds": N_("a comparison needs at least {min} builds, got {n}"),
    # the NetBox device type of a build whose chassis the catalog lacks
    "format.unknown-chassis": N_("chassis {chassis} is not in the catalog"),
    # the upgrade quote and delta BOM of one build: its owned parts are the server as it is
    "format.nothing-owned": N_("no parts are marked owned, so there is no server to upgrade; import the server first "
                               "or give BEFORE and AFTER builds"),
}
