"""Words: the only place a sentence is made, in the user's language (gettext).

The core returns codes and typed parameters (`core.message.Msg`); `say(msg)` words one, and
`error_text(exc)` an input error. Importing the package also gives the core's input errors
their English `str()` (core/input_error.py).
"""

from __future__ import annotations

from .errors import error_text
from .render import say

__all__ = ["error_text", "say"]
