"""Start-up benchmark: whole processes, from launch to exit (or to the window's first frame).

    .venv/bin/python bench/bench_startup.py [--rounds 15] [--build examples/hgx-h100-8gpu.json] [--against CHECKOUT]

Each case is a fresh interpreter, run the way a user runs it (`python -m configurator …`, byte
code cached: PYTHONDONTWRITEBYTECODE is removed from the environment). The cases run interleaved,
one of each per round, so that a busy machine slows them alike; one warm-up round (it fills the
byte-code and catalog caches) is discarded, and each case's median is reported. Targets (#25):

- `configurator check BUILD`               ≤ 2.5 × `python -c "import pydantic"` (shown beside the
  floor of any command that validates a file through one pydantic model: `floor: …`)
- `configurator quote BUILD -o Q.pdf`      ≤ 2.5 × `python -c "import reportlab.platypus, pydantic"`,
  importing reportlab and nothing of Qt or numpy (checked: the quote's `-X importtime` list)
- `configurator gui BUILD` → first painted frame ≤ 0.6 s (offscreen), with pyqtgraph not yet
  imported when that frame is painted (reported)
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

#: the child of the GUI case: `configurator gui BUILD` to its main window's first frame (it prints
#: the time, the CPU time it took and the heavy packages imported by then, and quits)
_GUI_CHILD = str(ROOT / "bench" / "first_frame_child.py")


#: the floor of any command that reads a file through a pydantic model: the model machinery
#: (`from pydantic import BaseModel`), one model with a constrained field, validated once, with
#: plugins off as the launcher sets them (its first validator still imports importlib.metadata)
_FLOOR = """
import os
os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")
from pydantic import BaseModel, ConfigDict, Field
class Build(BaseModel):
    model_config = ConfigDict(defer_build=True, frozen=True)
    chassis: str = Field(min_length=1, max_length=120)
Build(chassis="x")
"""


def cases(build: str, pdf: str) -> dict[str, list[str]]:
    py = sys.executable
    return {
        "python -c pass": [py, "-c", "pass"],
        "import pydantic": [py, "-c", "import pydantic"],
        "floor: one pydantic model validated": [py, "-c", _FLOOR],
        "configurator check": [py, "-m", "configurator", "check", build],
        "import reportlab.platypus, pydantic": [py, "-c", "import reportlab.platypus, pydantic"],
        "configurator quote": [py, "-m", "configurator", "quote", build, "-o", pdf],
        "gui → first frame": [py, _GUI_CHILD, build],
    }


def _env(home: str, root: Path = ROOT) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONDONTWRITEBYTECODE", "PYTHONPATH")}
    env["PYTHONPATH"] = str(root)
    env["CONFIGURATOR_HOME"] = home
    env.setdefault("QT_QPA_PLATFORM", "offscreen")
    return env


def run_once(argv: list[str], env: dict[str, str]) -> tuple[float, str, float]:
    """Seconds from launch to exit, or to the first frame a GUI child prints; its marks; and the
    CPU seconds (user + system) of the child, to its exit or to the first frame it prints."""
    before = os.times()
    t0 = time.time()
    out = subprocess.run(argv, cwd=env["PYTHONPATH"], env=env, capture_output=True, text=True)
    end = time.time()
    if out.returncode not in (0, 1):
        raise SystemExit(f"{argv[:4]} failed ({out.returncode}):\n{out.stderr[-2000:]}")
    first = next((line for line in out.stdout.splitlines() if line.startswith("first ")), None)
    after = os.times()
    if first:
        stamp, cpu, heavy = first.split()[1:4]
        flag = f"pyqtgraph={'pyqtgraph' in heavy.removeprefix('heavy=').split(',')}"
        return float(stamp) - t0, flag, float(cpu.removeprefix("cpu="))
    return end - t0, "", (after.children_user - before.children_user) + (after.children_system - before.children_system)


def quote_imports(build: str, pdf: str, env: dict[str, str]) -> list[str]:
    """The heavy packages `configurator quote` imports that it should not (Qt, numpy, pyqtgraph)."""
    out = subprocess.run([sys.executable, "-X", "importtime", "-m", "configurator", "quote", build, "-o", pdf],
                         cwd=ROOT, env=env, capture_output=True, text=True)
    names = {line.rsplit("|", 1)[-1].strip().split(".")[0] for line in out.stderr.splitlines() if "|" in line}
    return sorted(names & {"PySide6", "shiboken6", "numpy", "pyqtgraph"})


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--rounds", type=int, default=15)
    ap.add_argument("--build", default="examples/hgx-h100-8gpu.json")
    ap.add_argument("--skip-gui", action="store_true", help="leave out the window (no Qt on this machine)")
    ap.add_argument("--against", type=Path, metavar="CHECKOUT",
                    help="also time check, quote and the window of another checkout, in the same rounds")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory(prefix="configurator-startup-") as home:
        env = _env(home)
        todo = {name: (argv, env) for name, argv in cases(args.build, str(Path(home) / "q.pdf")).items()}
        if args.against:
            other = _env(str(Path(home) / "against"), args.against.resolve())
            todo |= {f"{name} ({args.against})": (argv, other) for name, argv in
                     cases(args.build, str(Path(home) / "q2.pdf")).items() if name.startswith(("configurator", "gui"))}
        if args.skip_gui:
            todo = {name: case for name, case in todo.items() if not name.startswith("gui")}
        times: dict[str, list[float]] = {name: [] for name in todo}
        cpus: dict[str, list[float]] = {name: [] for name in todo}
        flags: list[str] = []
        for i in range(args.rounds + 1):
            for name, (argv, case_env) in todo.items():
                seconds, flag, cpu = run_once(argv, case_env)
                if i:   # round 0 warms the byte-code and catalog caches
                    times[name].append(seconds)
                    cpus[name].append(cpu)
                    flags += [flag] if flag and name == "gui → first frame" else []
        heavy = quote_imports(args.build, str(Path(home) / "q.pdf"), env)
    med = {name: statistics.median(t) * 1000 for name, t in times.items()}
    cpu_med = {name: statistics.median(t) * 1000 for name, t in cpus.items()}
    print(f"{os.cpu_count()} CPUs, {args.rounds} interleaved rounds, medians (ms), {sys.version.split()[0]}; "
          f"load {' '.join(f'{x:.2f}' for x in os.getloadavg())} at the end")
    print(f"  {'':52} {'wall':>7}    {'CPU (user+sys; the window: to its first frame)':>7}")
    for name, ms in med.items():
        print(f"  {name:52} {ms:7.0f} ms {cpu_med[name]:7.0f} ms")
    if args.against:   # this checkout over the other, round by round (a busy machine slows both alike)
        for name in [n for n in todo if n.endswith(f"({args.against})")]:
            mine = name.removesuffix(f" ({args.against})")
            wall = statistics.median(a / b for a, b in zip(times[mine], times[name], strict=True))
            cpu = statistics.median(a / b for a, b in zip(cpus[mine], cpus[name], strict=True) if b)
            print(f"  {mine} / against: wall {wall:.2f}×, CPU {cpu:.2f}× (median of per-round ratios)")
    check = med["configurator check"] / med["import pydantic"]
    floor = med["floor: one pydantic model validated"] / med["import pydantic"]
    print(f"floor (one pydantic model validated) / import pydantic: {floor:.2f}×; "
          f"check / floor: {med['configurator check'] / med['floor: one pydantic model validated']:.2f}×")
    quote = med["configurator quote"] / med["import reportlab.platypus, pydantic"]
    print(f"check / import pydantic: {check:.2f}× (target ≤ 2.50×)")
    print(f"quote / import reportlab.platypus, pydantic: {quote:.2f}× (target ≤ 2.50×); "
          f"Qt or numpy in the quote's imports: {', '.join(heavy) or 'none'}")
    if "gui → first frame" in med:
        print(f"gui → first frame: {med['gui → first frame'] / 1000:.2f} s (target ≤ 0.60 s); "
              f"pyqtgraph imported before it: {', '.join(sorted(set(flags)))}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
