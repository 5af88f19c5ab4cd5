"""Words of the cluster plan's coded messages (core/cluster/checks.py); the older cluster checks
are still worded in English and translated back through words/cluster_templates.py."""

from __future__ import annotations

from .marks import N_, Entry

WORDS: dict[str, Entry] = {
    "cluster.batch-exceeded": N_("{gpus:,} GPUs with one {micro:,}-token micro-batch each take {tokens:,} tokens a step, "
                                 "more than the {batch:,}-token global batch: each GPU gets a smaller share and the "
                                 "all-reduce, which does not shrink, takes more of every step."),
    "cluster.batch-exceeded.fix": N_("Use fewer servers, a larger global batch, or more pipeline stages "
                                     "(fewer data-parallel copies)."),
}
