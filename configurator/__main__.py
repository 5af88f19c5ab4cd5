"""`python -m configurator` — same as the `configurator` command."""

from .cli.main import main

raise SystemExit(main())
