"""Cluster files: the versioned JSON of a cluster plan's inputs (core/cluster/spec.py).

    {"format": 1, "kind": "ai-server-configurator/cluster", "name": "...",
     "servers": [{"build": "hgx-h100-8gpu.json", "count": 16}],   # a path, or an embedded build object
     "rack": {...}, "fabric": {...}, "site": {...}, "prices": {"rack": {"price": 1800, "source": "..."}}}

Reading goes through the bounded reader (`files.read_bytes`) and the build file's JSON checks
(duplicate keys, non-finite numbers, depth); a build path is relative to the cluster file's
folder and is read as a build file. Any problem raises `ClusterFileError`, one line naming
the file and the field. Writing is atomic (`safe_write.atomic_write`) and reads back first.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from ..core.build import Build
from ..core.catalog import Catalog
from ..core.cluster.server_figures import default_switch
from ..core.cluster.spec import DEFAULT_FABRIC_PRICES, DEFAULT_FABRIC_PRICES_CURRENCY, ClusterSpec, ServerGroup
from ..core.message import Msg
from .build_files import BuildFileError, dumps_build, parse_json_checked, read_build, validation_error
from .safe_write import atomic_write
from .text_files import FileReadError, decode_text, read_bytes

FORMAT_VERSION = 1
FORMAT_KIND = "ai-server-configurator/cluster"
MAX_CLUSTER_BYTES = 20_000_000


class ClusterFileError(BuildFileError):
    """A cluster file that cannot be loaded; `str()` is one line naming the file and the field."""


def _fail(exc: BuildFileError) -> ClusterFileError:
    return ClusterFileError(exc.msg, exc.file, exc.field)


def _group(entry: Any, index: int, name: str, folder: Path) -> dict[str, Any]:
    """One `servers[i]` entry with its build loaded (from its path, or embedded)."""
    where = f"servers[{index}]"
    if not isinstance(entry, dict):
        raise ClusterFileError(Msg("cluster-file.group"), name, where)
    ref = entry.get("build")
    body = {k: v for k, v in entry.items() if k != "build"}
    if isinstance(ref, str):
        path = Path(ref) if Path(ref).is_absolute() else folder / ref
        try:
            build = read_build(path).build
        except BuildFileError as exc:
            raise ClusterFileError(Msg("cluster-file.build", build=repr(ref), details=exc.where or exc.msg), name,
                                   f"{where}.build") from None
        return {**body, "build": build, "source": ref}
    if isinstance(ref, dict):
        data = {k: v for k, v in ref.items() if k not in ("format", "kind")}
        try:
            return {**body, "build": Build.model_validate(data), "source": ""}
        except ValidationError as exc:
            err = validation_error(exc, name)
            raise ClusterFileError(err.msg, name, f"{where}.build.{err.field}".rstrip(".")) from None
    raise ClusterFileError(Msg("cluster-file.build-ref"), name, f"{where}.build")


def parse_cluster(text: str, name: str = "<string>", folder: Path | None = None) -> ClusterSpec:
    """Cluster-file text as a `ClusterSpec`; build paths resolve against `folder`."""
    try:
        data = parse_json_checked(text, name)
    except BuildFileError as exc:
        raise _fail(exc) from None
    if not isinstance(data, dict):
        raise ClusterFileError(Msg("cluster-file.top-level"), name)
    if data.get("kind") != FORMAT_KIND:
        raise ClusterFileError(Msg("cluster-file.kind", kind=repr(data.get("kind")), expected=repr(FORMAT_KIND)), name,
                               "kind")
    version = data.get("format")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise ClusterFileError(Msg("cluster-file.format"), name, "format")
    if version > FORMAT_VERSION:
        raise ClusterFileError(Msg("cluster-file.format-newer", version=version, current=FORMAT_VERSION), name, "format")
    servers = data.get("servers")
    if not isinstance(servers, list) or not servers:
        raise ClusterFileError(Msg("cluster-file.no-servers"), name, "servers")
    groups = [_group(e, i, name, folder or Path(".")) for i, e in enumerate(servers)]
    body = {k: v for k, v in data.items() if k not in ("format", "kind", "servers")}
    try:
        return ClusterSpec.model_validate({**body, "servers": [ServerGroup.model_validate(g) for g in groups]})
    except ValidationError as exc:
        raise _fail(validation_error(exc, name)) from None


def read_cluster(path: Path | str) -> ClusterSpec:
    """Load a cluster file and the builds it names; raises `ClusterFileError`."""
    name = str(path)
    try:
        text = decode_text(read_bytes(path, max_bytes=MAX_CLUSTER_BYTES, what="cluster file"), name)
    except FileReadError as exc:
        raise ClusterFileError(exc.msg, name) from None
    return parse_cluster(text, name, Path(path).parent)


def cluster_to_dict(spec: ClusterSpec) -> dict[str, Any]:
    """The cluster file's JSON object: builds by their path when they came from one, else embedded."""
    servers = []
    for g in spec.servers:
        build: Any = g.source or json.loads(dumps_build(g.build))
        servers.append({"build": build, "count": g.count})
    body = spec.model_dump(mode="json", exclude={"servers"})
    return {"format": FORMAT_VERSION, "kind": FORMAT_KIND, **body, "servers": servers}


def dumps_cluster(spec: ClusterSpec) -> str:
    return json.dumps(cluster_to_dict(spec), indent=2, ensure_ascii=False, allow_nan=False) + "\n"


def save_cluster(spec: ClusterSpec, path: Path | str) -> None:
    """Write atomically (previous file kept as `.bak`) after checking the text reads back."""
    path = Path(path)
    text = dumps_cluster(spec)
    again = parse_cluster(text, str(path), path.parent)
    if [(g.build, g.count) for g in again.servers] != [(g.build, g.count) for g in spec.servers]:
        raise ClusterFileError(Msg("input.cannot-save", details=Msg("cluster-file.save-differs")), str(path))
    atomic_write(path, text.encode("utf-8"), backup=True)


def spec_from_build(build_path: str, servers: int, catalog: Catalog | None = None, **sections: Any) -> ClusterSpec:
    """A one-group cluster from a build file and `rack`/`fabric`/`site` section dicts (the CLI's --from)."""
    try:
        build = read_build(build_path, catalog).build
    except BuildFileError as exc:
        raise _fail(exc) from None
    fabric = dict(sections.get("fabric") or {})
    if catalog is not None and not fabric.get("switch"):     # by the NICs: RoCE NICs on an Ethernet fabric
        fabric["switch"] = default_switch(build, catalog)
        sections = {**sections, "fabric": fabric}
    if not sections.get("prices") and dict(sections.get("site") or {}).get("currency", "USD") \
            == DEFAULT_FABRIC_PRICES_CURRENCY:    # the fabric's optics and cables at the recommender's estimates
        sections = {**sections, "prices": DEFAULT_FABRIC_PRICES}
    try:
        return ClusterSpec.model_validate({"name": f"{servers} x {build.meta.name}",
                                           "servers": [ServerGroup(build=build, count=servers, source=build_path)],
                                           **{k: v for k, v in sections.items() if v}})
    except ValidationError as exc:
        raise _fail(validation_error(exc, build_path)) from None
