"""Real Redfish services on loopback for the import tests: sushy-static serving a mock-up folder,
and a small scripted server for the failures sushy-static cannot produce (401, bad JSON, huge lists)."""

from __future__ import annotations

import contextlib
import json
import shutil
import socket
import subprocess
import sys
import threading
import time
import warnings
from collections.abc import Callable, Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import requests

MOCKUP = Path(__file__).resolve().parents[1] / "fixtures" / "redfish-public-tower"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _sushy_static() -> str:
    found = shutil.which("sushy-static") or str(Path(sys.executable).with_name("sushy-static"))
    if not Path(found).exists():
        raise RuntimeError("sushy-static is not installed (pip install sushy-tools)")
    return found


@contextlib.contextmanager
def sushy(mockup: Path = MOCKUP, cert: Path | None = None, key: Path | None = None) -> Iterator[str]:
    """sushy-static serving `mockup` on a free loopback port; yields the base URL, stops it after."""
    port = free_port()
    cmd = [_sushy_static(), "-m", str(mockup), "-i", "127.0.0.1", "-p", str(port)]
    scheme = "http"
    if cert and key:
        cmd += ["-c", str(cert), "-k", str(key)]
        scheme = "https"
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"{scheme}://127.0.0.1:{port}"
    try:
        _wait(url, proc)
        yield url
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def _wait(url: str, proc: subprocess.Popen, limit_s: float = 15.0) -> None:
    end = time.monotonic() + limit_s
    while time.monotonic() < end:
        if proc.poll() is not None:
            raise RuntimeError(f"sushy-static exited with {proc.returncode}")
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")     # the readiness probe does not check the test certificate
                requests.get(url + "/redfish/v1/", timeout=1, verify=False)
            return
        except requests.RequestException:
            time.sleep(0.1)
    raise RuntimeError(f"sushy-static did not answer at {url} within {limit_s} s")


#: a header a route may return (`{TRICKLE: "0.2"}`): `scripted` then sends that answer's body one
#: byte every so many seconds, and does not send the header itself
TRICKLE = "X-Test-Trickle"

Route = Callable[[str, str, dict[str, str]], tuple[int, bytes] | tuple[int, bytes, dict[str, str]]]


@contextlib.contextmanager
def scripted(route: Route) -> Iterator[str]:
    """An HTTP server whose every answer is `route(method, path, headers) -> (status, body)`, or
    `(status, body, extra headers)` (a `Location`, say)."""

    class Handler(BaseHTTPRequestHandler):
        def _answer(self, method: str) -> None:
            length = int(self.headers.get("Content-Length", 0) or 0)
            if length:
                self.rfile.read(length)
            status, body, *extra = route(method, self.path, dict(self.headers))
            headers = dict(extra[0]) if extra else {}
            delay = float(headers.pop(TRICKLE, 0) or 0)
            self.send_response(status)
            for name, value in headers.items():
                self.send_header(name, value)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            if not delay:
                self.wfile.write(body)
                return
            self.wfile.flush()
            for i in range(len(body)):      # one byte every `delay` seconds: a trickling resource
                time.sleep(delay)
                try:
                    self.wfile.write(body[i:i + 1])
                    self.wfile.flush()
                except OSError:
                    return                  # the client gave up

        def do_GET(self) -> None:
            self._answer("GET")

        def do_POST(self) -> None:
            self._answer("POST")

        def do_DELETE(self) -> None:
            self._answer("DELETE")

        def log_message(self, *args: object) -> None:
            pass

    class Server(ThreadingHTTPServer):
        def handle_error(self, request: object, client_address: object) -> None:
            if not isinstance(sys.exc_info()[1], ConnectionError):   # a client that stopped reading: expected
                super().handle_error(request, client_address)

    server = Server(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


@contextlib.contextmanager
def silent() -> Iterator[str]:
    """A port that accepts connections and never answers (a hung BMC)."""
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    sock.listen(8)
    try:
        yield f"http://127.0.0.1:{sock.getsockname()[1]}"
    finally:
        sock.close()


@contextlib.contextmanager
def trickle(answer: bytes, delay_s: float = 0.2) -> Iterator[str]:
    """A hostile BMC that sends every answer one byte every `delay_s` (each read gets a byte well
    within any per-read timeout, so only a deadline for the whole request ends it)."""
    stop = threading.Event()
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    sock.listen(8)
    sock.settimeout(0.2)

    def serve(conn: socket.socket) -> None:
        with conn:
            conn.settimeout(5)
            try:
                conn.recv(65536)                # the request
                for i in range(len(answer)):
                    if stop.wait(delay_s):
                        return
                    conn.sendall(answer[i:i + 1])
            except OSError:
                return                          # the client gave up

    def accept() -> None:
        while not stop.is_set():
            try:
                conn, _ = sock.accept()
            except OSError:
                continue
            threading.Thread(target=serve, args=(conn,), daemon=True).start()

    thread = threading.Thread(target=accept, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{sock.getsockname()[1]}"
    finally:
        stop.set()
        thread.join(5)
        sock.close()


def http_answer(doc: object, status: str = "200 OK") -> bytes:
    """A whole HTTP/1.1 response carrying `doc` as JSON, as `trickle` sends it."""
    data = json.dumps(doc).encode()
    return (f"HTTP/1.1 {status}\r\nContent-Type: application/json\r\nContent-Length: {len(data)}\r\n"
            f"Connection: close\r\n\r\n").encode() + data


def root(sessions: bool = True) -> dict:
    doc: dict = {"@odata.id": "/redfish/v1/", "Systems": {"@odata.id": "/redfish/v1/Systems"},
                 "Chassis": {"@odata.id": "/redfish/v1/Chassis"}}
    if sessions:
        doc["Links"] = {"Sessions": {"@odata.id": "/redfish/v1/SessionService/Sessions"}}
    return doc


def body(doc: object) -> bytes:
    return json.dumps(doc).encode()


def self_signed(folder: Path) -> tuple[Path, Path]:
    """A throwaway certificate for 127.0.0.1 and its key (PEM files in `folder`)."""
    import datetime
    import ipaddress

    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import NameOID

    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "127.0.0.1")])
    now = datetime.datetime.now(datetime.UTC)
    cert = (x509.CertificateBuilder().subject_name(name).issuer_name(name).public_key(key.public_key())
            .serial_number(x509.random_serial_number()).not_valid_before(now - datetime.timedelta(minutes=5))
            .not_valid_after(now + datetime.timedelta(days=1))
            .add_extension(x509.SubjectAlternativeName([x509.IPAddress(ipaddress.ip_address("127.0.0.1"))]), False)
            .add_extension(x509.BasicConstraints(ca=True, path_length=None), True)
            .sign(key, hashes.SHA256()))
    cert_path, key_path = folder / "bmc.crt", folder / "bmc.key"
    cert_path.write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    key_path.write_bytes(key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                                           serialization.NoEncryption()))
    return cert_path, key_path
