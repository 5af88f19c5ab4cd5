"""The bundle's entry point (PyInstaller runs it as a script, so no relative imports)."""

from configurator.launch import main

raise SystemExit(main())
