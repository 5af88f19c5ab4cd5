"""`python -m configurator` — same as the `configurator` command."""

from .launch import main

raise SystemExit(main())
