"""Start-up of the bundled executable against the source tree's `python -m configurator`:
`python packaging/bundle_startup.py [ROUNDS]` after `make bundle` (docs/measurements/bundle-2026-12-06.txt).

Each case (`check` of an example, `--version`) runs once to warm the catalog cache and the page cache,
then ROUNDS times (default 7), bundle and source interleaved, from an empty folder with a fresh HOME.
Prints the median, least and most wall time and CPU time (user + system of the child) of each; on a
shared machine the CPU time is the steadier figure.
"""

from __future__ import annotations

import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "hgx-h100-8gpu.json"


def _child_cpu() -> float:
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def main() -> int:
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 7
    exe = ROOT / "dist" / "configurator" / "configurator"
    if not exe.is_file():
        raise SystemExit(f"{exe}: no bundle; run `make bundle` first")
    home = Path(tempfile.mkdtemp(prefix="bundle-startup-"))
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "CONFIGURATOR_"))}
    env.update(HOME=str(home), XDG_CACHE_HOME=str(home / "cache"), XDG_DATA_HOME=str(home / "data"),
               XDG_CONFIG_HOME=str(home / "config"), QT_QPA_PLATFORM="offscreen", LANG="C.UTF-8")
    runners = {"bundle": ([str(exe)], env),
               "source": ([sys.executable, "-m", "configurator"], {**env, "PYTHONPATH": str(ROOT)})}
    for args in (["check", str(EXAMPLE)], ["--version"]):
        taken: dict[str, list[tuple[float, float]]] = {name: [] for name in runners}
        for command, run_env in runners.values():     # warm-up, not counted
            subprocess.run([*command, *args], env=run_env, cwd=home, capture_output=True, check=True)
        for _ in range(rounds):
            for name, (command, run_env) in runners.items():
                cpu, started = _child_cpu(), time.perf_counter()
                subprocess.run([*command, *args], env=run_env, cwd=home, capture_output=True, check=True)
                taken[name].append((time.perf_counter() - started, _child_cpu() - cpu))
        for name, times in taken.items():
            wall, cpu = [w for w, _ in times], [c for _, c in times]
            print(f"{args[0]:9} {name:6}: wall median {statistics.median(wall):.3f} s (min {min(wall):.3f}, "
                  f"max {max(wall):.3f}); CPU median {statistics.median(cpu):.3f} s (min {min(cpu):.3f}, "
                  f"max {max(cpu):.3f}); n={rounds}")
    print("load average (1, 5, 15 min): " + ", ".join(f"{x:.1f}" for x in os.getloadavg()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
