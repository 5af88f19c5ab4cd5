"""Words: the only place a sentence is made, in the user's language (gettext).

The core returns codes and typed parameters (`core.message.Msg`); `say(msg)` words one.
"""

from __future__ import annotations

from .render import say, say_refusal

__all__ = ["say", "say_refusal"]
