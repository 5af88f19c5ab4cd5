"""What an importer and an exporter are, and how the registries find one.

The registries themselves are `io.importers.IMPORTERS` and `io.exporters.EXPORTERS`: static
dicts, one module per format, each module defining one `Importer` or `Exporter`. The CLI and
the GUI never name a format's module; they look formats up here, by name or by file suffix,
and an unknown one raises `UnknownFormatError` (one line, listing the known ones).

Adding a format (a CSV or XLSX bill of materials, a NetBox device export, a Redfish or
inventory import) is one new module plus its line in the registry's dict.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Protocol, TypeVar

from ..core.input_error import InputError
from ..core.message import Msg

if TYPE_CHECKING:   # annotations only: looking a format up imports none of the models
    from ..core.build import Build
    from ..core.catalog import Catalog
    from ..core.compare import Comparison
    from ..core.evaluate.result import Evaluation
    from ..store.build_files import LoadedBuild


class UnknownFormatError(InputError):
    """No importer or exporter by that name or for that file suffix (words/format_words.py)."""


#: the kinds of format, as the refusals name them (words/format_words.py)
_KINDS = {"importer": "format.kind-importer", "exporter": "format.kind-exporter",
          "cluster exporter": "format.kind-cluster-exporter", "comparison exporter": "format.kind-comparison-exporter",
          "server importer": "format.kind-server-importer"}


def unknown_name(kind: str, name: str, known: Iterable[str]) -> UnknownFormatError:
    """The refusal of a format name no registry of `kind` holds, listing the known ones."""
    return UnknownFormatError(Msg("format.unknown", kind=Msg(_KINDS[kind]), name=repr(name),
                                  names=", ".join(sorted(known))))


@dataclass(frozen=True)
class Importer:
    """A file format a build can be read from."""

    name: str                       # stable id, used on the command line
    suffixes: tuple[str, ...]       # lower case, with the dot: (".json",)
    description: str                # for file dialogs and --help: "Configurator build"
    read: Callable[[Path, Catalog | None], LoadedBuild]   # raises ValueError, one line naming the file


@dataclass(frozen=True)
class ExportRequest:
    """What an exporter writes: 1..`Exporter.max_options` evaluated builds and the quote terms."""

    options: tuple[tuple[Build, Evaluation], ...]
    catalog: Catalog | None = None      # None: the default catalog, where a format needs one
    customer: str | None = None         # None: the first build's meta.customer
    valid_days: int | None = None       # quotes: how long the offer stands; None: the build's meta.valid_days
    draft: bool = False                 # quotes: a build with errors is written as a marked draft
    sources: tuple[str | None, ...] = ()    # the build file each option came from, if any
    comparison: Comparison | None = None    # comparison exports: the comparison to write (None: of `options`)
    internal: bool = False              # PDFs: the seller's copy (sources, estimates, file names); else the customer's


@dataclass(frozen=True)
class Exporter:
    """A file format builds and their evaluations can be written to."""

    name: str
    suffixes: tuple[str, ...]
    description: str
    max_options: int                # how many builds one file holds (a quote: options A/B/C)
    write: Callable[[ExportRequest, Path], Path]    # atomic; returns the path written


class _Format(Protocol):
    @property
    def name(self) -> str: ...

    @property
    def suffixes(self) -> tuple[str, ...]: ...


F = TypeVar("F", bound=_Format)


def by_name(registry: Mapping[str, F], name: str, kind: str) -> F:
    """The format called `name`; `kind` ("importer", "exporter") words the error."""
    found = registry.get(name)
    if found is None:
        raise unknown_name(kind, name, registry)
    return found


def for_path(registry: Mapping[str, F], path: Path | str, kind: str, default: F | None = None) -> F:
    """The first format (in registry order) whose suffixes include `path`'s, else `default`."""
    suffix = Path(path).suffix.lower()
    for fmt in registry.values():
        if suffix in fmt.suffixes:
            return fmt
    if default is not None:
        return default
    known = ", ".join(s for fmt in registry.values() for s in fmt.suffixes)
    raise UnknownFormatError(Msg("format.no-format-for", kind=Msg(_KINDS[kind]),
                                 suffix=suffix or Msg("format.no-suffix"), known=known), str(path))


def dialog_filter(fmt: Importer | Exporter) -> str:
    """A Qt file-dialog filter entry: 'Configurator build (*.json)', in the current language."""
    from ..words.i18n import _

    return f"{_(fmt.description)} ({' '.join('*' + s for s in fmt.suffixes)})"
