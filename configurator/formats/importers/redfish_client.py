"""A bounded, verifying connection to a Redfish service, on DMTF's `redfish` client library.

The library does the HTTP, the retries and the login (session, or basic auth); this module
adds what it leaves open, as one policy for every request to the BMC (`_BoundedAdapter`): TLS
certificates are verified unless the user says `insecure` (the library itself sends `verify=False`
unless given a CA file), each response is capped at `max_bytes` while it is read, a whole request
(connect, headers, body, the library's retries and same-service redirects) ends at `timeout_s` however
slowly the BMC trickles its answer, a redirect to another origin (another host or port, or https to
http) is refused before anything, credentials included, is sent there, only links on the same service
are followed, and every failure becomes one `RedfishError` line naming the URL (never a password).
"""

from __future__ import annotations

import contextlib
import json
import logging
import socket
import ssl
import threading
import time
import warnings
from collections.abc import Iterator
from typing import Any
from urllib.parse import urljoin, urlsplit

import redfish
import requests
from redfish.rest.v1 import (
    AuthMethod,
    InvalidCredentialsError,
    JsonDecodingError,
    RetriesExhaustedError,
    ServerDownOrUnreachableError,
    SessionCreationError,
)
from requests.adapters import HTTPAdapter
from urllib3.connection import HTTPConnection, HTTPSConnection
from urllib3.connectionpool import HTTPConnectionPool, HTTPSConnectionPool

from ...store.text_files import FileReadError, read_bytes
from .redfish_items import json_kind
from .redfish_options import RedfishError, RedfishOptions, public_url

ROOT_PATH = "/redfish/v1/"
# the library logs a bad answer's whole body (600 kB of a hostile one) to stderr: the reasons
# reach the user as one line through RedfishError instead
logging.getLogger("redfish").addHandler(logging.NullHandler())
logging.getLogger("redfish").propagate = False


class ResponseTooLargeError(requests.RequestException):
    """A response longer than the cap (a broken or hostile service)."""


class CrossOriginRedirectError(requests.RequestException):
    """A redirect to another origin: not followed, so no token or password goes there."""


class DeadlineError(requests.exceptions.Timeout):
    """The whole request took longer than the timeout (a BMC trickling its answer)."""


def _origin(url: str) -> tuple[str, str]:
    parts = urlsplit(url)
    port = parts.port or (443 if parts.scheme == "https" else 80)
    return parts.scheme.lower(), f"{(parts.hostname or '').lower()}:{port}"


class _Watch(threading.local):
    """The sockets the current request uses, so that a timer can cut them at the deadline."""

    sockets: list[socket.socket] | None = None


_WATCH = _Watch()


def _watched(sock: Any) -> None:
    if _WATCH.sockets is not None and sock is not None:
        _WATCH.sockets.append(sock)


class _WatchedHTTPConnection(HTTPConnection):
    def _new_conn(self) -> socket.socket:
        sock = super()._new_conn()
        _watched(sock)      # the raw socket: cutting it also ends a trickled TLS handshake
        return sock

    def getresponse(self) -> Any:
        _watched(self.sock)  # a kept-alive connection from the pool
        return super().getresponse()


class _WatchedHTTPSConnection(HTTPSConnection):
    def _new_conn(self) -> socket.socket:
        sock = super()._new_conn()
        _watched(sock)
        return sock

    def getresponse(self) -> Any:
        _watched(self.sock)
        return super().getresponse()


class _WatchedHTTPPool(HTTPConnectionPool):
    ConnectionCls = _WatchedHTTPConnection


class _WatchedHTTPSPool(HTTPSConnectionPool):
    ConnectionCls = _WatchedHTTPSConnection


def _cut(sockets: list[socket.socket], expired: threading.Event) -> None:
    expired.set()
    for sock in sockets:
        try:
            sock.shutdown(socket.SHUT_RDWR)     # the blocked read returns at once
        except OSError:
            pass


class _BoundedAdapter(HTTPAdapter):
    """The policy for every request to the BMC: reads at most `max_bytes` of a body, ends a request
    at its deadline, refuses redirects to another origin, and verifies TLS as configured (not as
    the library asks)."""

    def __init__(self, verify: bool | str, max_bytes: int, timeout_s: float) -> None:
        # before super(): it calls init_poolmanager
        self._verify, self._max, self._timeout_s = verify, max_bytes, timeout_s
        self.deadline: float | None = None     # set by RedfishSession around each library call
        super().__init__(max_retries=0)

    def init_poolmanager(self, *args: Any, **kwargs: Any) -> None:
        if self._verify is False:
            # one context for the pool: without it urllib3 reloads the system CA store (0.1 s) for
            # every connection, only to ignore it
            ctx = ssl.create_default_context()
            ctx.check_hostname, ctx.verify_mode = False, ssl.CERT_NONE
            kwargs["ssl_context"] = ctx
        super().init_poolmanager(*args, **kwargs)
        self.poolmanager.pool_classes_by_scheme = {"http": _WatchedHTTPPool, "https": _WatchedHTTPSPool}

    def send(self, request: Any, stream: bool = False, timeout: Any = None, verify: Any = True,
             cert: Any = None, proxies: Any = None) -> requests.Response:
        deadline = self.deadline if self.deadline is not None else time.monotonic() + self._timeout_s
        left = deadline - time.monotonic()
        if left <= 0:
            raise DeadlineError(f"{public_url(request.url)}: no complete answer within {self._timeout_s:g} s")
        sockets: list[socket.socket] = []
        expired = threading.Event()
        timer = threading.Timer(left, _cut, (sockets, expired))
        timer.daemon = True
        _WATCH.sockets = sockets
        timer.start()
        try:
            return self._send(request, timeout, cert, proxies)
        except Exception:
            if expired.is_set():
                raise DeadlineError(f"{public_url(request.url)}: no complete answer within "
                                    f"{self._timeout_s:g} s") from None
            raise
        finally:
            timer.cancel()
            _WATCH.sockets = None

    def _send(self, request: Any, timeout: Any, cert: Any, proxies: Any) -> requests.Response:
        resp = super().send(request, stream=True, timeout=timeout, verify=self._verify, cert=cert, proxies=proxies)
        if resp.is_redirect:
            target = urljoin(request.url, resp.headers.get("location", ""))
            if _origin(target) != _origin(request.url):
                resp.close()
                raise CrossOriginRedirectError(f"{public_url(request.url)}: redirected to another service "
                                               f"({public_url(target)}); not followed")
        declared = resp.headers.get("Content-Length", "")
        if declared.isdigit() and int(declared) > self._max:
            resp.close()
            raise ResponseTooLargeError(f"{request.url}: response of {int(declared):,} bytes is over "
                                        f"the {self._max:,}-byte limit")
        body = resp.raw.read(self._max + 1, decode_content=True)
        if len(body) > self._max:
            resp.close()
            raise ResponseTooLargeError(f"{request.url}: response is over the {self._max:,}-byte limit")
        resp.raw.release_conn()     # read to the end: the connection goes back to the pool (keep-alive)
        resp._content = body  # what requests itself stores after reading a body
        return resp


def _why(exc: BaseException) -> str:
    """The root cause of a library failure, in words a technician can act on."""
    cause: BaseException | None = exc
    while cause is not None and cause.__cause__ is not None:
        cause = cause.__cause__
    if isinstance(cause, CrossOriginRedirectError):
        return str(cause).split(": ", 1)[-1]
    if isinstance(cause, requests.exceptions.SSLError):
        return "TLS certificate not trusted: give the BMC's CA (--ca-file) or accept a self-signed certificate (--insecure)"
    if isinstance(cause, requests.exceptions.Timeout):
        return "timed out (no answer within the timeout; raise it with --timeout)"
    if isinstance(cause, requests.exceptions.ConnectionError):
        return "cannot connect (is the address right and the BMC reachable?)"
    if isinstance(cause, ResponseTooLargeError):
        return str(cause).split(": ", 1)[-1]
    text = str(cause or exc).strip().splitlines()
    return text[0] if text else type(exc).__name__


class RedfishSession:
    """One logged-in connection; `get(uri)` returns a resource's JSON object or a reason it has none."""

    def __init__(self, options: RedfishOptions) -> None:
        url = options.url.rstrip("/")     # never holds a password: RedfishOptions moves it out
        parts = urlsplit(url)
        if parts.scheme not in ("http", "https") or not parts.netloc:
            raise RedfishError(f"{options.url}: not an http(s):// URL of a BMC")
        if options.ca_file:
            try:    # refused at once when it is a FIFO or a device (the TLS library would wait on it)
                read_bytes(options.ca_file, max_bytes=16_000_000, what="CA file")
            except FileReadError as exc:
                raise RedfishError(f"--ca-file {exc}") from None
        self.options, self.base, self._host = options, url, parts.netloc
        verify: bool | str = False if options.insecure else (options.ca_file or True)
        adapter = self._adapter = _BoundedAdapter(verify, options.max_bytes, options.timeout_s)
        self._client = redfish.redfish_client(
            base_url=url, username=options.user, password=options.password, sessionkey=options.session_token,
            cafile=options.ca_file, timeout=options.timeout_s, max_retry=options.retries,
            https_adapter=adapter, check_connectivity=False)
        # the library mounts its adapter for https only; plain-http BMCs get the same bounds
        self._client._session.mount("http://", adapter)
        self.root: dict[str, Any] = {}

    def service_root(self) -> dict[str, Any]:
        """Read the service root and log in (session, falling back to basic auth)."""
        root = self._root()
        links = root.get("Links")
        sessions = links.get("Sessions") if isinstance(links, dict) else None
        login = self.path_of(sessions.get("@odata.id")) if isinstance(sessions, dict) else None
        if login:
            self._client.login_url = login      # follow the link (on this service); the library's default is a guess
        if self.options.user:
            self._login()
        if not root and (self.options.user or self.options.session_token):
            self.root = {"@odata.id": ROOT_PATH}    # logged in: a 401 now is an error
            root = self._root()     # services that refuse the root to anonymous clients
        self.root = root
        return root

    def _root(self) -> dict[str, Any]:
        """The service root, read and parsed here (the library's own reader logs the whole body of a
        bad answer and raises what it parsed it with); anything but a JSON object is one line."""
        where = self.base + ROOT_PATH
        try:
            with warnings.catch_warnings(), self._deadline():
                warnings.simplefilter("ignore")    # urllib3's InsecureRequestWarning: --insecure was asked for
                resp = self._client.get(ROOT_PATH)
        except (RetriesExhaustedError, ServerDownOrUnreachableError, requests.RequestException) as exc:
            raise RedfishError(f"{self.base}: {_why(exc)}") from None
        except (ValueError, JsonDecodingError) as exc:
            raise RedfishError(f"{where}: the service root is not valid JSON ({_why(exc)})") from None
        self._client.root_resp = resp       # the library's login reads the root only when this is unset
        if resp.status == 401 and not self.root:
            return {}       # refused to anonymous clients: read again after the login (service_root)
        if resp.status != 200:
            raise RedfishError(f"{where}: HTTP {resp.status}")
        data, why = _parse(resp.read)
        if data is None:
            raise RedfishError(f"{where}: the service root is {why}")
        return data

    def _login(self) -> None:
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")    # the library warns about services that omit headers
                try:
                    with self._deadline():
                        self._client.login(auth=AuthMethod.SESSION)
                except (SessionCreationError, InvalidCredentialsError, KeyError, ValueError):
                    # no session service, or one the library cannot read (no Location, no token)
                    with self._deadline():
                        self._client.login(auth=AuthMethod.BASIC)
        except InvalidCredentialsError:
            raise RedfishError(f"{self.base}: login refused (HTTP 401): check the user and password") from None
        except (RetriesExhaustedError, requests.RequestException) as exc:
            raise RedfishError(f"{self.base}: login failed: {_why(exc)}") from None

    def close(self) -> None:
        """Log out (deletes the session on the BMC); errors here change nothing for the import."""
        try:
            with self._deadline():
                self._client.logout()
        # TypeError: the library's logout of a session it did not open itself (a reused token) fails
        # on its own header handling; the BMC expires an abandoned session, so the import stands
        except (RetriesExhaustedError, requests.RequestException, OSError, ValueError, TypeError):
            pass

    @contextlib.contextmanager
    def _deadline(self) -> Iterator[None]:
        """One library call (its retries and same-service redirects included) ends at the timeout."""
        self._adapter.deadline = time.monotonic() + self.options.timeout_s
        try:
            yield
        finally:
            self._adapter.deadline = None

    def path_of(self, link: Any) -> str | None:
        """The path to GET for an `@odata.id`: same service only, fragment removed."""
        if not isinstance(link, str):
            return None
        parts = urlsplit(link)
        if parts.netloc and parts.netloc != self._host:
            return None
        return parts.path if parts.path.startswith("/") else None

    def get(self, path: str) -> tuple[dict[str, Any] | None, str]:
        """(the resource, '') or (None, why not): HTTP errors, bad JSON, too large."""
        try:
            with warnings.catch_warnings(), self._deadline():
                warnings.simplefilter("ignore")
                resp = self._client.get(path)
        except (RetriesExhaustedError, requests.RequestException) as exc:
            return None, _why(exc)
        except ValueError:
            return None, "not valid JSON"
        except JsonDecodingError:
            return None, "not valid JSON"
        if resp.status != 200:
            return None, f"HTTP {resp.status}"
        return _parse(resp.read)


def _parse(raw: Any) -> tuple[dict[str, Any] | None, str]:
    """A response body as a JSON object, or (None, why not)."""
    try:
        data = json.loads(raw or b"")
    except RecursionError:
        return None, "nested too deeply"
    except ValueError:
        return None, "not valid JSON"
    if isinstance(data, dict):
        return data, ""
    return None, f"not a JSON object ({json_kind(data)})"
