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
    "cluster.fabric-protocol": N_("The compute fabric is {fabric} ({switch}) but {where}'s fabric NICs run {nic} only: "
                                  "they cannot join it."),
    "cluster.fabric-protocol.fix": N_("Choose a compute-fabric switch for {nic} (configurator cluster --switch), or "
                                      "NICs of the fabric's protocol."),
    "cluster.protocol.ib": N_("InfiniBand"),
    "cluster.protocol.eth": N_("Ethernet (RoCE)"),
}
