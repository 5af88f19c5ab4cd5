"""A local PostgreSQL for a team trial (`make team-server`), the tests and the benchmark: `initdb` +
`pg_ctl` in a folder of its own on a loopback port, stopped afterwards. PostgreSQL refuses to run as root, so as root the server
runs as the `postgres` system user (created by the Debian package; packaging/system-packages.txt).

Trust authentication on 127.0.0.1 only: a trial and test cluster, never a company's server (point
seats at that with `--store postgresql://user@host/db` and a password file; docs/team-store.md).
The tests connect as each user's login role to check what the grants and row-level security allow.

    python packaging/team_server.py [PORT]     # start, print the address, stop on Ctrl-C
"""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path


def pg_bin() -> Path | None:
    """The folder of `initdb`/`pg_ctl`: PATH first, then Debian's /usr/lib/postgresql/<v>/bin."""
    found = shutil.which("initdb") or shutil.which("pg_ctl")
    if found:
        return Path(found).parent
    versions = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"),
                      key=lambda p: int(Path(p).parts[-3]) if Path(p).parts[-3].isdigit() else 0)
    return Path(versions[-1]).parent if versions else None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class Server:
    root: Path
    port: int
    bin: Path
    run_as: str | None

    def url(self, user: str = "postgres", db: str = "configurator") -> str:
        return f"postgresql://{user}@127.0.0.1:{self.port}/{db}"

    def _cmd(self, *args: str) -> list[str]:
        return ["runuser", "-u", self.run_as, "--", *args] if self.run_as else list(args)

    def halt(self) -> None:
        """Stop the server and keep its data: `resume()` starts it again on the same folder and port
        (the offline-seat tests cut a seat from its server this way)."""
        subprocess.run(self._cmd(str(self.bin / "pg_ctl"), "-D", str(self.root / "data"), "-m", "fast", "-w",
                                 "stop"), capture_output=True, timeout=60, check=True)

    def resume(self) -> None:
        """Start the server again on its data folder (after `halt()`); raises RuntimeError saying why not."""
        data = self.root / "data"
        opts = (f"-p {self.port} -k {self.root / 'sock'} -c listen_addresses=127.0.0.1 -c fsync=off "
                "-c max_connections=60")
        started = subprocess.run(self._cmd(str(self.bin / "pg_ctl"), "-D", str(data), "-o", opts, "-l",
                                           str(self.root / "log"), "-w", "-t", "60", "start"),
                                 capture_output=True, text=True, timeout=90)
        if started.returncode:
            log = (self.root / "log").read_text(errors="replace")[-800:] if (self.root / "log").exists() else ""
            raise RuntimeError(f"pg_ctl start failed: {started.stderr.strip()[-300:]} {log}")

    def stop(self) -> None:
        subprocess.run(self._cmd(str(self.bin / "pg_ctl"), "-D", str(self.root / "data"), "-m", "immediate",
                                 "stop"), capture_output=True, timeout=60)
        shutil.rmtree(self.root, ignore_errors=True)


def start(port: int | None = None) -> Server:
    """Start a throwaway server with a `configurator` database; raises RuntimeError saying why not."""
    bindir = pg_bin()
    if bindir is None:
        raise RuntimeError("PostgreSQL is not installed (make system-deps installs the Debian package)")
    run_as = None
    if os.geteuid() == 0:
        run_as = "postgres"
        try:
            import pwd
            pwd.getpwnam(run_as)
        except KeyError:
            raise RuntimeError("running as root and there is no 'postgres' system user to run PostgreSQL as") \
                from None
    root = Path(tempfile.mkdtemp(prefix="configurator-pg-"))
    root.chmod(0o755)
    if run_as:
        shutil.chown(root, user=run_as)
    server = Server(root, port or _free_port(), bindir, run_as)
    data, sock = root / "data", root / "sock"
    init = subprocess.run(server._cmd(str(bindir / "initdb"), "-D", str(data), "-U", "postgres", "-A", "trust",
                                      "-E", "UTF8", "--no-instructions"),
                          capture_output=True, text=True, timeout=120)
    if init.returncode:
        shutil.rmtree(root, ignore_errors=True)
        raise RuntimeError(f"initdb failed: {init.stderr.strip()[-500:]}")
    subprocess.run(server._cmd("mkdir", "-p", str(sock)), check=True)
    try:
        server.resume()
    except RuntimeError:
        shutil.rmtree(root, ignore_errors=True)
        raise
    import psycopg

    deadline = time.monotonic() + 30
    while True:
        try:
            with psycopg.connect(f"host=127.0.0.1 port={server.port} user=postgres dbname=postgres",
                                 autocommit=True) as conn:
                conn.execute("CREATE DATABASE configurator")
            break
        except psycopg.OperationalError:
            if time.monotonic() > deadline:
                server.stop()
                raise
            time.sleep(0.2)
    return server


def fresh_database(server: Server, name: str) -> str:
    """A new empty database on `server`; returns its URL (as the superuser)."""
    import psycopg

    with psycopg.connect(f"host=127.0.0.1 port={server.port} user=postgres dbname=postgres",
                         autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{name}"')
    return server.url(db=name)


def main(argv: list[str]) -> int:
    server = start(int(argv[0]) if argv else 5433)
    print(f"PostgreSQL for a team trial at {server.url()} (data in {server.root}); Ctrl-C stops it.")
    print(f"  configurator store init --store {server.url()}")
    try:
        while True:
            time.sleep(3600)
    except KeyboardInterrupt:
        pass
    finally:
        server.stop()
    return 0


if __name__ == "__main__":
    import sys

    raise SystemExit(main(sys.argv[1:]))
