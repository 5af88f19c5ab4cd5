"""The troubleshooter: a symptom a user reports → its likely causes, ranked by what the build, the
imported server and the last acceptance results show, each with the check to run and the fix.

`diagnose(symptom, facts)` → ranked `Cause`s; the causes and their signals are one table
(causes.py); the words (title, check, fix) are in words/troubleshoot_words.py.
"""

from __future__ import annotations

from .symptoms import SYMPTOMS

# diagnose, Cause, Facts and facts_for live in causes.py / facts.py: importing this package stays
# light, as the command line lists the symptoms at start-up
__all__ = ["SYMPTOMS"]
