"""Marking core text for translation.

The core builds its messages in English and never imports the app's language machinery
(`configurator.words.i18n`, which reads files); it only marks literal strings with `N_` so that
`make translations` extracts them into the gettext catalog. Views translate at display time.
"""

from __future__ import annotations


def N_(message: str) -> str:  # noqa: N802 - the gettext convention for "mark, translate later"
    """Mark `message` for extraction; returns it unchanged."""
    return message
