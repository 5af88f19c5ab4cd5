"""The windowed executable's entry point on Windows (`configurator-gui.exe`, no console window):
the same as `configurator gui [FILE...]` (PyInstaller runs it as a script, so no relative imports)."""

from configurator.launch import gui_main

raise SystemExit(gui_main())
