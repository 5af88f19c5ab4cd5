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
import urllib3
from redfish.rest.v1 import (
    AuthMethod,
    BadRequestError,
    InvalidCredentialsError,
    JsonDecodingError,
    RetriesExhaustedError,
    ServerDownOrUnreachableError,
    SessionCreationError,
)
from requests.adapters import HTTPAdapter
from urllib3.connection import HTTPConnection, HTTPSConnection
from urllib3.connectionpool import HTTPConnectionPool, HTTPSConnectionPool

from ...core.message import Msg, Term
from ...store.text_files import FileReadError, read_bytes
from .redfish_items import json_kind
from .redfish_options import RedfishError, RedfishOptions, public_url

ROOT_PATH = "/redfish/v1/"
#: why a response body is unusable (`_parse`) -> the same said of the service root
_ROOT_SAYS = {"redfish.not-json": "redfish.root-invalid", "redfish.nested": "redfish.root-nested",
              "redfish.not-object-kind": "redfish.root-not-object"}
# the library logs a bad answer's whole body (600 kB of a hostile one) to stderr: the reasons
# reach the user as one line through RedfishError instead
logging.getLogger("redfish").addHandler(logging.NullHandler())
logging.getLogger("redfish").propagate = False


class ResponseTooLargeError(requests.RequestException):
    """A response longer than the cap (a broken or hostile service); `msg` says by how much."""

    def __init__(self, url: str, msg: Msg) -> None:
        super().__init__(f"{url}: {msg.id}")
        self.msg = msg


class CrossOriginRedirectError(requests.RequestException):
    """A redirect to another origin: not followed, so no token or password goes there."""

    def __init__(self, url: str, target: str) -> None:
        super().__init__(f"{url}: redirected to {target}")
        self.msg = Msg("redfish.cross-origin", target=target)


class BudgetSpentError(requests.RequestException):
    """The import has read its whole byte budget (`max_total_bytes`): nothing more is read."""

    def __init__(self, url: str) -> None:
        super().__init__(f"{url}: read budget spent")
        self.msg = Msg("redfish.budget-spent")


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

    def __init__(self, verify: bool | str, max_bytes: int, timeout_s: float, max_total_bytes: int) -> None:
        # before super(): it calls init_poolmanager
        self._verify, self._max, self._timeout_s = verify, max_bytes, timeout_s
        self._total, self.read_total = max_total_bytes, 0     # bytes of all bodies read in this session
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
        except (requests.RequestException, OSError, urllib3.exceptions.HTTPError):  # what a cut socket raises
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
                raise CrossOriginRedirectError(public_url(request.url), public_url(target))
        declared = resp.headers.get("Content-Length", "")
        if declared.isdigit() and int(declared) > self._max:
            resp.close()
            raise ResponseTooLargeError(request.url, Msg("redfish.too-large-declared", n=f"{int(declared):,}",
                                                         limit=f"{self._max:,}"))
        left = max(self._total - self.read_total, 0)       # of the whole import's budget
        if declared.isdigit() and int(declared) > left:
            resp.close()
            raise BudgetSpentError(public_url(request.url))
        body = resp.raw.read(min(self._max, left) + 1, decode_content=True)
        self.read_total += len(body)
        if len(body) > self._max:
            resp.close()
            raise ResponseTooLargeError(request.url, Msg("redfish.too-large", limit=f"{self._max:,}"))
        if len(body) > left:
            resp.close()
            raise BudgetSpentError(public_url(request.url))
        resp.raw.release_conn()     # read to the end: the connection goes back to the pool (keep-alive)
        resp._content = body  # what requests itself stores after reading a body
        return resp


_RETRY_PAUSE_S = 0.5


def _dropped(exc: BaseException) -> bool:
    """Whether a library failure is a dropped or refused connection (worth one more try)."""
    cause: BaseException | None = exc
    while cause is not None and cause.__cause__ is not None:
        cause = cause.__cause__
    return (isinstance(cause, requests.exceptions.ConnectionError)
            and not isinstance(cause, (requests.exceptions.SSLError, requests.exceptions.Timeout)))


def _why(exc: BaseException) -> Msg:
    """The root cause of a library failure, as a message a technician can act on."""
    cause: BaseException | None = exc
    while cause is not None and cause.__cause__ is not None:
        cause = cause.__cause__
    if isinstance(cause, CrossOriginRedirectError):
        return cause.msg
    if isinstance(cause, requests.exceptions.SSLError):
        return Msg("redfish.tls-untrusted")
    if isinstance(cause, requests.exceptions.Timeout):
        return Msg("redfish.timeout")
    if isinstance(cause, requests.exceptions.ConnectionError):
        return Msg("redfish.connect")
    if isinstance(cause, (ResponseTooLargeError, BudgetSpentError)):
        return cause.msg
    text = str(cause or exc).strip().splitlines()
    return Msg("input.as-given", text=text[0] if text else type(exc).__name__)


class RedfishSession:
    """One logged-in connection; `get(uri)` returns a resource's JSON object or a reason it has none."""

    def __init__(self, options: RedfishOptions) -> None:
        url = options.url.rstrip("/")     # never holds a password: RedfishOptions moves it out
        parts = urlsplit(url)
        if parts.scheme not in ("http", "https") or not parts.netloc:
            raise RedfishError(options.url, Msg("redfish.not-url"))
        if options.ca_file:
            try:    # refused at once when it is a FIFO or a device (the TLS library would wait on it)
                read_bytes(options.ca_file, max_bytes=16_000_000, what="CA file")
            except FileReadError as exc:
                raise RedfishError(options.ca_file, Msg("redfish.ca-file", reason=exc.msg)) from None
        self.options, self.base, self._host = options, url, parts.netloc
        verify: bool | str = False if options.insecure else (options.ca_file or True)
        adapter = self._adapter = _BoundedAdapter(verify, options.max_bytes, options.timeout_s, options.max_total_bytes)
        self._client = redfish.redfish_client(
            base_url=url, username=options.user, password=options.password, sessionkey=options.session_token,
            cafile=options.ca_file, timeout=options.timeout_s, max_retry=0,   # retried here (_get)
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
        if not root:    # refused to anonymous clients: read it again logged in, or say a login is needed
            if not (self.options.user or self.options.session_token):
                raise RedfishError(self.base + ROOT_PATH, Msg("redfish.needs-login"))
            self.root = {"@odata.id": ROOT_PATH}    # logged in: a 401 now is an error
            root = self._root()
        self.root = root
        return root

    def _root(self) -> dict[str, Any]:
        """The service root, read and parsed here (the library's own reader logs the whole body of a
        bad answer and raises what it parsed it with); anything but a JSON object is one line."""
        where = self.base + ROOT_PATH
        try:
            resp = self._get(ROOT_PATH)
        except (RetriesExhaustedError, ServerDownOrUnreachableError, requests.RequestException) as exc:
            raise RedfishError(self.base, _why(exc)) from None
        except (ValueError, JsonDecodingError) as exc:
            raise RedfishError(where, Msg("redfish.root-not-json", reason=_why(exc))) from None
        self._client.root_resp = resp       # the library's login reads the root only when this is unset
        if resp.status == 401 and not self.root:
            return {}       # refused to anonymous clients: read again after the login (service_root)
        if resp.status != 200:
            raise RedfishError(where, status_msg(resp.status))
        data, why = _parse(resp.read, self.options.max_values)
        if data is None:
            said = why or Msg("redfish.not-json")
            raise RedfishError(where, Msg(_ROOT_SAYS[said.id], **said.params) if said.id in _ROOT_SAYS else said)
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
            raise RedfishError(self.base, Msg("redfish.login-refused")) from None
        except (RetriesExhaustedError, requests.RequestException) as exc:
            raise RedfishError(self.base, Msg("redfish.login-failed", reason=_why(exc))) from None

    def close(self) -> None:
        """Log out (deletes the session on the BMC); errors here change nothing for the import."""
        try:
            with self._deadline():
                self._client.logout()
        # TypeError: the library's logout of a session it did not open itself (a reused token) fails
        # on its own header handling; the BMC expires an abandoned session, so the import stands
        # BadRequestError: the BMC refused the DELETE (the session had expired, say)
        except (RetriesExhaustedError, BadRequestError, requests.RequestException, OSError, ValueError, TypeError):
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
        """The path (and query) to GET for an `@odata.id`: same service only, fragment removed."""
        if not isinstance(link, str):
            return None
        if len(link) > self.options.max_link_chars:
            raise ValueError(link[:200])        # not a link any service writes: noted as invalid
        parts = urlsplit(link)
        if parts.netloc and parts.netloc != self._host:
            return None
        if not parts.path.startswith("/"):
            return None
        # the query stays: a collection's next page is `...?$skip=N` (DSP0266); the fragment goes
        return f"{parts.path}?{parts.query}" if parts.query else parts.path

    def get(self, path: str) -> tuple[dict[str, Any] | None, Msg | None]:
        """(the resource, None) or (None, why not): HTTP errors, bad JSON, too large."""
        try:
            resp = self._get(path)
        except (RetriesExhaustedError, requests.RequestException) as exc:
            return None, _why(exc)
        except ValueError:
            return None, Msg("redfish.not-json")
        except JsonDecodingError:
            return None, Msg("redfish.not-json")
        if resp.status != 200:
            return None, status_msg(resp.status)
        return _parse(resp.read, self.options.max_values)

    def _get(self, path: str) -> Any:
        """One GET through the library, the whole of it within the timeout, retries included. Retried
        (`retries` times) only after a dropped connection, with time left; never after a refusal of
        the policy (another origin, too large, the byte limit), a TLS failure or the deadline."""
        with warnings.catch_warnings(), self._deadline():
            warnings.simplefilter("ignore")    # urllib3's InsecureRequestWarning: --insecure was asked for
            for attempt in range(self.options.retries + 1):
                try:
                    return self._client.get(path)
                except RetriesExhaustedError as exc:
                    deadline = self._adapter.deadline or 0.0
                    if (attempt == self.options.retries or not _dropped(exc)
                            or time.monotonic() + _RETRY_PAUSE_S >= deadline):
                        raise
                    time.sleep(_RETRY_PAUSE_S)
        raise AssertionError("unreachable")     # the loop returns or raises


#: the HTTP errors a BMC answers with, each said in words a technician can act on
_STATUS_SAYS = {401: "redfish.unauthorized", 403: "redfish.forbidden", 429: "redfish.rate-limited",
                500: "redfish.server-error", 503: "redfish.unavailable"}


def status_msg(status: int) -> Msg:
    """An HTTP error status as a message: 401, 403, 429, 500 and 503 say what they mean."""
    said = _STATUS_SAYS.get(status)
    return Msg(said) if said else Msg("redfish.http-status", status=status)


def _parse(raw: Any, max_values: int) -> tuple[dict[str, Any] | None, Msg | None]:
    """A response body as a JSON object, or (None, why not). A body of more than `max_values` JSON
    values is refused before it is parsed: with the byte cap this bounds what a parsed body holds
    (a 4 MB body of `[{},{},...]` would be 1.3 million objects, ~100 MB)."""
    raw = raw or b""
    sep = (b",", b"[", b"{") if isinstance(raw, bytes) else (",", "[", "{")
    if sum(raw.count(c) for c in sep) > max_values:     # an over-count (also inside strings): never an under-count
        return None, Msg("redfish.too-many-values", limit=f"{max_values:,}")
    try:
        data = json.loads(raw)
    except RecursionError:
        return None, Msg("redfish.nested")
    except ValueError:
        return None, Msg("redfish.not-json")
    if isinstance(data, dict):
        return data, None
    return None, Msg("redfish.not-object-kind", kind=Term(json_kind(data)))
