"""Test-wide set-up: offscreen Qt and a throwaway user folder (never the real home)."""

from __future__ import annotations

import os
import tempfile

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ["CONFIGURATOR_LANG"] = "en"  # tests assert English texts whatever the machine's locale
if "CONFIGURATOR_HOME" not in os.environ:
    os.environ["CONFIGURATOR_HOME"] = tempfile.mkdtemp(prefix="configurator-test-home-")
