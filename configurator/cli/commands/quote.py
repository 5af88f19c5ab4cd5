"""`configurator quote BUILD… -o Q.pdf`: a PDF quote for 1-3 builds (options A/B/C).

Imports reportlab, through the PDF exporter, only when it runs; nothing of Qt or numpy.
"""

from __future__ import annotations

import argparse

from ...words.i18n import _
from ..command import Command
from .export import export, export_arguments


def arguments(parser: argparse.ArgumentParser) -> None:
    export_arguments(parser, "OUT.pdf")


def run(args: argparse.Namespace) -> int:
    from ...formats.exporters.pdf_quote import PDF_QUOTE

    return export(args, PDF_QUOTE)


COMMAND = Command("quote", lambda: _("write a PDF quote for 1-3 builds (options A/B/C)"), arguments, run)
