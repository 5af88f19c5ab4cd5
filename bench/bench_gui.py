"""GUI benchmarks (offscreen): edit → all panels repainted, and app start → usable window.

    .venv/bin/python bench/bench_gui.py [--edits 80] [--starts 5] [--build examples/hgx-h100-8gpu.json]
    .venv/bin/python bench/bench_gui.py --against /tmp/base-checkout [--rounds 3]   # base vs this, alternating

Targets: edit p95 ≤ 16 ms on the HGX example; start ≤ 1.5 s. Prints median and p95.

An edit is timed from `session.apply` until the event loop has delivered everything the edit
queued (layout requests, scene updates, zero-delay timers) and painted it: events are processed
until two passes in a row paint nothing (a paint-event counter on the application). The CPU
time of the process is shown beside the wall time, as this machine is often shared.
Start is timed from launching a fresh interpreter to the window's first painted frame (what a
user sees and can use), and to the end of all painting (the charts, built after that frame).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("CONFIGURATOR_HOME", str(Path(os.environ.get("TMPDIR", "/tmp")) / "configurator-bench-home"))
sys.path.insert(0, str(ROOT))


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


class PaintCounter:
    """Counts paint events application-wide (an event filter on the QApplication)."""

    def __init__(self, app) -> None:
        from PySide6.QtCore import QEvent, QObject

        counter = self
        self.paints = 0

        class _Filter(QObject):
            def eventFilter(self, obj, event):  # noqa: N802 - Qt API
                if event.type() == QEvent.Type.Paint:
                    counter.paints += 1
                return False

        self._filter = _Filter()
        app.installEventFilter(self._filter)

    def settle(self, app, max_passes: int = 50) -> int:
        """Process events until two passes in a row paint nothing: every update an edit queued
        (layout requests, deferred scene updates, zero-delay timers) has been delivered and
        painted. Returns the number of paint events."""
        start, quiet = self.paints, 0
        for _ in range(max_passes):
            before = self.paints
            app.processEvents()
            quiet = quiet + 1 if self.paints == before else 0
            if quiet == 2:
                break
        return self.paints - start


def _new_window(build: str, panels: bool = True, deferred: bool = False):
    """The app, an unshown 1600×1000 main window on `build`, and a paint counter; `deferred`: as the
    launcher makes it (the palette's parts, the panels and the export entries after the first frame)."""
    from configurator.qt.app import make_app, open_session
    from configurator.qt.window import main_window
    from configurator.qt.window.main_window import MainWindow

    if not panels:  # isolates the cost of the chassis view, palette, BOM and problems list
        main_window.PANELS = ()
    app = make_app()
    session, error = open_session(build)
    if error:
        raise SystemExit(error)
    counter = PaintCounter(app)
    win = MainWindow(session, screenshot=True, deferred=deferred)
    win.resize(1600, 1000)
    return app, win, counter


def _window(build: str, panels: bool = True):
    app, win, counter = _new_window(build, panels)
    win.show()
    if counter.settle(app) == 0:
        raise SystemExit("the window never painted")
    return app, win, counter

def bench_edits(build: str, n: int, panels: bool = True, paints: list[int] | None = None,
                cpu: list[float] | None = None) -> list[float]:
    """Place/remove a part in a free slot; time from the op until the window has repainted and a
    further pass of the event loop paints nothing (so late layout and scene updates count too)."""
    from configurator.core.ops import Place, Remove
    from configurator.core.placement import first_free_slot

    app, win, counter = _window(build, panels)
    s = win.session
    # a part already in the build whose kind still has a free slot (a NIC, a drive, a DIMM ...)
    slot = part = None
    for used in dict.fromkeys(s.build.placements.values()):
        slot = first_free_slot(s.build, s.catalog, used)
        if slot:
            part = used
            break
    if slot is None:
        raise SystemExit("no free slot to edit in this build")
    times = []
    for i in range(n + 5):
        t0, c0 = time.perf_counter(), time.process_time()
        s.apply(Place(slot=slot, part=part) if i % 2 == 0 else Remove(slot=slot))
        painted = counter.settle(app)
        if i >= 5:           # warm-up
            times.append((time.perf_counter() - t0) * 1000)
            if paints is not None:
                paints.append(painted)
            if cpu is not None:  # this process's CPU time: steadier than wall time on a busy machine
                cpu.append((time.process_time() - c0) * 1000)
    s.mark_clean()
    win.close()
    return times


def _child_start(build: str) -> None:
    """In a fresh interpreter: build and show the window; print when its first frame was painted
    and when everything (the charts built after that frame included) was painted."""
    from PySide6.QtCore import QTimer

    app, win, counter = _new_window(build, deferred=True)
    first: list[float] = []

    def mark() -> None:
        # a zero-delay timer runs after the window-system events of its pass (the expose and
        # the first frame's paint) and before timers started later (what that frame deferred)
        if counter.paints:
            first.append(time.time())
        else:
            QTimer.singleShot(0, mark)

    QTimer.singleShot(0, mark)
    win.show()
    counter.settle(app)
    if not first:
        raise SystemExit("the window never painted")
    print(f"first {first[0]!r}", flush=True)
    print(f"settled {time.time()!r}", flush=True)


def bench_start(build: str, n: int) -> tuple[list[float], list[float]]:
    """Wall time from process launch to the first painted frame of the window, and to the end of
    all painting (charts included), each in a fresh interpreter. Byte-code is cached outside the
    repository (as an installed app has it compiled) and the first, cold run is discarded."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPYCACHEPREFIX"] = str(Path(os.environ.get("TMPDIR", "/tmp")) / "configurator-bench-pycache")
    firsts, settled = [], []
    for i in range(n + 1):
        t0 = time.time()
        out = subprocess.run([sys.executable, __file__, "--child-start", "--build", build],
                             capture_output=True, text=True, check=True, env=env)
        marks = dict(line.split() for line in out.stdout.splitlines() if line.startswith(("first", "settled")))
        if "settled" not in marks:
            raise SystemExit(out.stderr)
        if i:
            firsts.append((float(marks["first"]) - t0) * 1000)
            settled.append((float(marks["settled"]) - t0) * 1000)
    return firsts, settled


_EDITS_CHILD = """
import json, sys
sys.path[:0] = [sys.argv[1], sys.argv[1] + "/bench"]
import bench_gui as bg
paints, cpu = [], []
times = bg.bench_edits(sys.argv[2], int(sys.argv[3]), paints=paints, cpu=cpu)
print("EDITS " + json.dumps({"times": times, "paints": paints, "cpu": cpu}))
"""


def bench_against(other: Path, build: str, n: int, rounds: int) -> None:
    """The edit benchmark of this checkout and of `other` (e.g. the base commit's worktree),
    each in fresh interpreters, alternating, `rounds` times each: on a shared, busy machine
    only a comparison made in one run means anything. Prints each run and the pooled figures."""
    pooled: dict[str, dict[str, list[float]]] = {}
    for r in range(rounds):
        for root in (other.resolve(), ROOT):
            env = {**os.environ, "CONFIGURATOR_HOME": tempfile.mkdtemp(prefix="configurator-bench-")}
            out = subprocess.run([sys.executable, "-c", _EDITS_CHILD, str(root), build, str(n)], cwd=root,
                                 capture_output=True, text=True, check=True, env=env)
            run = json.loads(next(x for x in out.stdout.splitlines() if x.startswith("EDITS "))[6:])
            acc = pooled.setdefault(str(root), {"times": [], "paints": [], "cpu": []})
            for key, values in run.items():
                acc[key] += values
            print(f"  round {r + 1} {root}: median {statistics.median(run['times']):5.1f} ms  "
                  f"p95 {p95(run['times']):5.1f} ms  CPU median {statistics.median(run['cpu']):5.1f} ms  "
                  f"p95 {p95(run['cpu']):5.1f} ms  {statistics.median(run['paints']):.0f} paints", flush=True)
    for root, acc in pooled.items():
        print(f"{root}: median {statistics.median(acc['times']):5.1f} ms  p95 {p95(acc['times']):5.1f} ms  "
              f"CPU median {statistics.median(acc['cpu']):5.1f} ms  p95 {p95(acc['cpu']):5.1f} ms  "
              f"{statistics.median(acc['paints']):.0f} paint events per edit (n={len(acc['times'])})")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--build", default=str(ROOT / "examples" / "hgx-h100-8gpu.json"))
    ap.add_argument("--edits", type=int, default=80)
    ap.add_argument("--starts", type=int, default=5)
    ap.add_argument("--against", type=Path, metavar="CHECKOUT",
                    help="compare edits with another checkout (e.g. a worktree of the base commit), alternating")
    ap.add_argument("--rounds", type=int, default=3, help="runs of each checkout with --against")
    ap.add_argument("--child-start", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child_start:
        _child_start(args.build)
        return 0
    if args.against is not None:
        bench_against(args.against, args.build, args.edits, args.rounds)
        return 0
    paints: list[int] = []
    cpu: list[float] = []
    edits = bench_edits(args.build, args.edits, paints=paints, cpu=cpu)
    print(f"edit → repainted   median {statistics.median(edits):6.1f} ms   p95 {p95(edits):6.1f} ms   "
          f"(n={len(edits)}, target p95 ≤ 16 ms; median {statistics.median(paints):.0f} paint events per edit)")
    print(f"  CPU time         median {statistics.median(cpu):6.1f} ms   p95 {p95(cpu):6.1f} ms   "
          f"(this process only; wall time above includes waiting for a busy CPU)")
    bare = bench_edits(args.build, args.edits, panels=False)
    print(f"  without panels   median {statistics.median(bare):6.1f} ms   p95 {p95(bare):6.1f} ms   "
          f"(chassis view, palette, BOM, problems, status bar)")
    firsts, settled = bench_start(args.build, args.starts)
    print(f"start → window     median {statistics.median(firsts):6.0f} ms   p95 {p95(firsts):6.0f} ms   "
          f"(n={len(firsts)}, first painted frame; target ≤ 1500 ms)")
    print(f"start → settled    median {statistics.median(settled):6.0f} ms   p95 {p95(settled):6.0f} ms   "
          f"(charts built and everything painted)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
