"""The app stand-in that tests/io/test_kill.py kills with SIGKILL at random moments.

Like the GUI: random edits through `Session.apply`, `save_build` every `save_every` edits,
and a recovery copy via `RecoveryStore` whenever `interval_s` has passed since the last.
Each finished edit is appended to `edits.log` as "<n> <unix time>" and recorded in the
build itself (first line of meta.notes), so the test can tell which edit a file holds.

usage: python kill_child.py WORKDIR SEED SAVE_EVERY INTERVAL_S
"""

from __future__ import annotations

import os
import random
import sys
import time
from pathlib import Path

sys.path[:0] = [str(Path(__file__).resolve().parent), str(Path(__file__).resolve().parents[2])]

from io_helpers import fixture_catalog  # noqa: E402

from configurator.core.build import Build  # noqa: E402
from configurator.core.ops import OpError, Place, Remove, SetOption  # noqa: E402
from configurator.core.session import Session  # noqa: E402
from configurator.core.slots import slot_map  # noqa: E402
from configurator.store.autosave import RecoveryStore  # noqa: E402
from configurator.store.build_files import save_build  # noqa: E402

CHASSIS = "test-2u"
FILLER = "Kill-test filler so that each write takes a little while. 训练 🚀\n" * 200


def random_op(rng: random.Random, slots: list[str], parts: list[str]):
    roll = rng.random()
    if roll < 0.5:
        return Place(slot=rng.choice(slots + ["NO_SUCH_SLOT"]), part=rng.choice(parts + ["no-such-part"]))
    if roll < 0.7:
        return Remove(slot=rng.choice(slots))
    path, values = rng.choice([
        ("site.ambient_c", [15, 25.5, 35, 99, -40]),
        ("commercial.discount_pct", ["0", "12.5", "101"]),
        ("meta.customer", ["ACME", "株式会社テスト", "👩‍🔬 lab", "x" * 300]),
        ("psu_redundancy", ["N+1", "N", ""]),
    ])
    return SetOption(path=path, value=rng.choice(values))


def main(workdir: Path, seed: int, save_every: int, interval_s: float) -> None:
    rng = random.Random(seed)
    catalog = fixture_catalog()
    doc = workdir / "doc.json"
    store = RecoveryStore(workdir / "recovery")
    session = Session(catalog, Build(chassis=CHASSIS, meta={"notes": "edit 0\n"}), doc)
    slots = list(slot_map(catalog.chassis(CHASSIS)))
    parts = list(catalog.parts)
    log = os.open(workdir / "edits.log", os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)
    save_build(session.build, doc)
    store.write(session.build, doc)
    last_autosave = time.time()
    (workdir / "ready").touch()
    n = 0
    while True:
        n += 1
        with session.batch(f"edit {n}"):
            try:
                session.apply(random_op(rng, slots, parts))
            except OpError:
                pass
            session.apply(SetOption(path="meta.notes", value=f"edit {n}\n{FILLER}"))
        os.write(log, f"{n} {time.time():.6f}\n".encode())
        if n % save_every == 0:
            save_build(session.build, doc)
            session.mark_clean()
        if time.time() - last_autosave >= interval_s:
            store.write(session.build, doc)
            last_autosave = time.time()


if __name__ == "__main__":
    main(Path(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]), float(sys.argv[4]))
