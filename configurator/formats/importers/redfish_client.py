"""A bounded, verifying connection to a Redfish service, on DMTF's `redfish` client library.

The library does the HTTP, the retries and the login (session, or basic auth); this module
adds what it leaves open: TLS certificates are verified unless the user says `insecure`
(the library itself sends `verify=False` unless given a CA file), each response is capped at
`max_bytes` while it is read, only links on the same service are followed, and every failure
becomes one `RedfishError` line naming the URL.
"""

from __future__ import annotations

import json
import ssl
import warnings
from typing import Any
from urllib.parse import urlsplit

import redfish
import requests
from redfish.rest.v1 import (
    AuthMethod,
    InvalidCredentialsError,
    RetriesExhaustedError,
    ServerDownOrUnreachableError,
    SessionCreationError,
)
from requests.adapters import HTTPAdapter

from ...core.message import Msg
from .redfish_options import RedfishError, RedfishOptions


class ResponseTooLargeError(requests.RequestException):
    """A response longer than the cap (a broken or hostile service); `msg` says by how much."""

    def __init__(self, url: str, msg: Msg) -> None:
        super().__init__(f"{url}: {msg.id}")
        self.msg = msg


class _BoundedAdapter(HTTPAdapter):
    """Reads at most `max_bytes` of a body, and verifies TLS as configured (not as the library asks)."""

    def __init__(self, verify: bool | str, max_bytes: int) -> None:
        self._verify, self._max = verify, max_bytes     # before super(): it calls init_poolmanager
        super().__init__(max_retries=0)

    def init_poolmanager(self, *args: Any, **kwargs: Any) -> None:
        if self._verify is False:
            # one context for the pool: without it urllib3 reloads the system CA store (0.1 s) for
            # every connection, only to ignore it
            ctx = ssl.create_default_context()
            ctx.check_hostname, ctx.verify_mode = False, ssl.CERT_NONE
            kwargs["ssl_context"] = ctx
        super().init_poolmanager(*args, **kwargs)

    def send(self, request: Any, stream: bool = False, timeout: Any = None, verify: Any = True,
             cert: Any = None, proxies: Any = None) -> requests.Response:
        resp = super().send(request, stream=True, timeout=timeout, verify=self._verify, cert=cert, proxies=proxies)
        declared = resp.headers.get("Content-Length", "")
        if declared.isdigit() and int(declared) > self._max:
            resp.close()
            raise ResponseTooLargeError(request.url, Msg("redfish.too-large-declared", n=f"{int(declared):,}",
                                                         limit=f"{self._max:,}"))
        body = resp.raw.read(self._max + 1, decode_content=True)
        if len(body) > self._max:
            resp.close()
            raise ResponseTooLargeError(request.url, Msg("redfish.too-large", limit=f"{self._max:,}"))
        resp.raw.release_conn()     # read to the end: the connection goes back to the pool (keep-alive)
        resp._content = body  # what requests itself stores after reading a body
        return resp


def _why(exc: BaseException) -> Msg:
    """The root cause of a library failure, as a message a technician can act on."""
    cause: BaseException | None = exc
    while cause is not None and cause.__cause__ is not None:
        cause = cause.__cause__
    if isinstance(cause, requests.exceptions.SSLError):
        return Msg("redfish.tls-untrusted")
    if isinstance(cause, requests.exceptions.Timeout):
        return Msg("redfish.timeout")
    if isinstance(cause, requests.exceptions.ConnectionError):
        return Msg("redfish.connect")
    if isinstance(cause, ResponseTooLargeError):
        return cause.msg
    text = str(cause or exc).strip().splitlines()
    return Msg("input.as-given", text=text[0] if text else type(exc).__name__)


class RedfishSession:
    """One logged-in connection; `get(uri)` returns a resource's JSON object or a reason it has none."""

    def __init__(self, options: RedfishOptions) -> None:
        url = options.url.rstrip("/")
        parts = urlsplit(url)
        if parts.scheme not in ("http", "https") or not parts.netloc:
            raise RedfishError(options.url, Msg("redfish.not-url"))
        self.options, self.base, self._host = options, url, parts.netloc
        verify: bool | str = False if options.insecure else (options.ca_file or True)
        adapter = _BoundedAdapter(verify, options.max_bytes)
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
        sessions = root.get("Links", {}).get("Sessions", {}).get("@odata.id")
        if isinstance(sessions, str):
            self._client.login_url = sessions      # follow the link; the library's default is a guess
        if self.options.user:
            self._login()
        if not root and (self.options.user or self.options.session_token):
            root = self._root()     # services that refuse the root to anonymous clients (the library warns)
        self.root = root
        return root

    def _root(self) -> dict[str, Any]:
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")    # urllib3's InsecureRequestWarning: --insecure was asked for
                self._client.get_root_object()
        except (RetriesExhaustedError, ServerDownOrUnreachableError, requests.RequestException) as exc:
            raise RedfishError(self.base, _why(exc)) from None
        except ValueError as exc:       # the library's JsonDecodingError
            raise RedfishError(self.base, Msg("redfish.root-not-json", reason=_why(exc))) from None
        root = getattr(self._client, "root", None)
        return dict(root) if isinstance(root, dict) else {}

    def _login(self) -> None:
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")    # the library warns about services that omit headers
                try:
                    self._client.login(auth=AuthMethod.SESSION)
                except (SessionCreationError, InvalidCredentialsError, KeyError, ValueError):
                    # no session service, or one the library cannot read (no Location, no token)
                    self._client.login(auth=AuthMethod.BASIC)
        except InvalidCredentialsError:
            raise RedfishError(self.base, Msg("redfish.login-refused")) from None
        except (RetriesExhaustedError, requests.RequestException) as exc:
            raise RedfishError(self.base, Msg("redfish.login-failed", reason=_why(exc))) from None

    def close(self) -> None:
        """Log out (deletes the session on the BMC); errors here change nothing for the import."""
        try:
            self._client.logout()
        # TypeError: the library's logout of a session it did not open itself (a reused token) fails
        # on its own header handling; the BMC expires an abandoned session, so the import stands
        except (RetriesExhaustedError, requests.RequestException, OSError, ValueError, TypeError):
            pass

    def path_of(self, link: str) -> str | None:
        """The path to GET for an `@odata.id`: same service only, fragment removed."""
        parts = urlsplit(link)
        if parts.netloc and parts.netloc != self._host:
            return None
        return parts.path if parts.path.startswith("/") else None

    def get(self, path: str) -> tuple[dict[str, Any] | None, Msg | None]:
        """(the resource, None) or (None, why not): HTTP errors, bad JSON, too large."""
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                resp = self._client.get(path)
        except (RetriesExhaustedError, requests.RequestException) as exc:
            return None, _why(exc)
        except ValueError:
            return None, Msg("redfish.not-json")
        if resp.status != 200:
            return None, Msg("input.as-given", text=f"HTTP {resp.status}")
        try:
            data = json.loads(resp.read or b"")
        except (ValueError, RecursionError):
            return None, Msg("redfish.not-json")
        return (data, None) if isinstance(data, dict) else (None, Msg("redfish.not-object"))
