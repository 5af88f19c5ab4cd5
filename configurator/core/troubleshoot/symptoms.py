"""The symptoms the troubleshooter knows, by code (light: the command line lists them at start-up)."""

from __future__ import annotations

SYMPTOMS = ("cards-not-seen", "oom", "low-utilisation", "multi-gpu-slower", "hangs", "container-no-gpus")
