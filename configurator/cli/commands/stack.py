"""`configurator stack BUILD|SERVER` (cli/stack_command.py declares and runs it; docs/stack.md)."""

from __future__ import annotations

import argparse

from ...words.i18n import _
from ..command import Command
from ..stack_command import arguments


def run(args: argparse.Namespace) -> int:
    from ..stack_command import run as run_stack

    return run_stack(args)


COMMAND = Command("stack", lambda: _("the pinned software stack of a build (driver, CUDA, framework, container, "
                                     "Fabric Manager; HDK, CANN, torch_npu) and what a server runs against it"),
                  arguments, run)
