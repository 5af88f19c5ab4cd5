"""How to reach one BMC over Redfish, and the one error a read of it raises.

Apart from the importer (redfish.py) and the connection (redfish_client.py), which both use
them: the client costs 0.2 s to import and is loaded only when a BMC is read.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from urllib.parse import unquote, urlsplit, urlunsplit

from ...core.input_error import InputError
from ...core.message import Msg


def public_url(url: str) -> str:
    """`url` without the password a user may have written into it (`https://admin:pw@bmc`)."""
    try:
        parts = urlsplit(url)
        if parts.password is None:
            return url
        host = parts.netloc.rsplit("@", 1)[1]
        return urlunsplit(parts._replace(netloc=f"{parts.username}@{host}" if parts.username else host))
    except ValueError:          # an unparsable URL (a bad port, say): drop anything before an '@'
        return url.rsplit("@", 1)[-1] if "@" in url else url


class RedfishError(InputError):
    """The service could not be read: `msg` says why, `file` is the URL."""

    def __init__(self, url: str, msg: Msg) -> None:
        super().__init__(msg, url)


@dataclass(frozen=True)
class RedfishOptions:
    """How to reach one BMC. Secrets are never logged, shown or written to the build: a user and
    password written into the URL are moved into `user` and `password`, so `url` never holds one."""

    url: str
    user: str | None = None
    password: str | None = field(default=None, repr=False)
    session_token: str | None = field(default=None, repr=False)   # an X-Auth-Token from an existing session
    insecure: bool = False              # accept any TLS certificate (self-signed BMCs)
    ca_file: str | None = None          # verify against this CA bundle instead of the system's
    timeout_s: float = 10.0             # per request, the whole of it (however slowly the BMC answers)
    retries: int = 1                    # after a dropped connection, within the same timeout
    max_bytes: int = 4_000_000          # per response
    max_values: int = 200_000           # JSON values per response (bounds what a parsed body holds)
    max_total_bytes: int = 64_000_000   # read in one import, all responses together
    max_links: int = 3000               # resources read in one import
    max_members: int = 512              # members read from one collection
    max_link_chars: int = 2048          # an `@odata.id` longer than this is not followed

    def __post_init__(self) -> None:
        try:
            parts = urlsplit(self.url)
            user, password = parts.username, parts.password
        except ValueError:
            return                      # not a URL: RedfishSession refuses it in one line
        if "@" not in parts.netloc:
            return
        object.__setattr__(self, "url", urlunsplit(parts._replace(netloc=parts.netloc.rsplit("@", 1)[1])))
        if self.user is None and user:
            object.__setattr__(self, "user", unquote(user))
            if self.password is None and password is not None:
                object.__setattr__(self, "password", unquote(password))
