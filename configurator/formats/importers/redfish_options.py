"""How to reach one BMC over Redfish, and the one error a read of it raises.

Apart from the importer (redfish.py) and the connection (redfish_client.py), which both use
them: the client costs 0.2 s to import and is loaded only when a BMC is read.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...core.input_error import InputError
from ...core.message import Msg


class RedfishError(InputError):
    """The service could not be read: `msg` says why, `file` is the URL."""

    def __init__(self, url: str, msg: Msg) -> None:
        super().__init__(msg, url)


@dataclass(frozen=True)
class RedfishOptions:
    """How to reach one BMC. Secrets are never logged or written to the build."""

    url: str
    user: str | None = None
    password: str | None = None
    session_token: str | None = None    # an X-Auth-Token from an existing session
    insecure: bool = False              # accept any TLS certificate (self-signed BMCs)
    ca_file: str | None = None          # verify against this CA bundle instead of the system's
    timeout_s: float = 10.0             # per request: connect and each read
    retries: int = 1                    # after a timeout or a dropped connection
    max_bytes: int = 4_000_000          # per response
    max_links: int = 3000               # resources read in one import
    max_members: int = 512              # members read from one collection
