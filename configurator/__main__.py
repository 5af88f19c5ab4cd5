"""`python -m configurator` — same as the `configurator` command."""

from .cli import main

raise SystemExit(main())
