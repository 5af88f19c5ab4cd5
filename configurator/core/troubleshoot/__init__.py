"""The troubleshooter: a symptom a user reports → its likely causes, ranked by what the build, the
imported server and the last acceptance results show, each with the check to run and the fix.

`diagnose(symptom, facts)` → ranked `Cause`s; the causes and their signals are one table
(causes.py); the words (title, check, fix) are in words/troubleshoot_words.py.
"""

from __future__ import annotations

from .causes import SYMPTOMS, Cause, Facts, diagnose, facts_for

__all__ = ["SYMPTOMS", "Cause", "Facts", "diagnose", "facts_for"]
