"""The recommender's words about what it left out for want of a price (core/recommend/unpriced.py)."""

from __future__ import annotations

from .marks import P_, Entry

WORDS: dict[str, Entry] = {
    "recommend.unpriced": P_(
        "Left out: {n} part without a price: {parts}. Add it to a price list (or give it a price) to include it.",
        "Left out: {n} parts without a price: {parts}. Add them to a price list (or give them prices) to "
        "include them."),
    "recommend.companion-unpriced": P_(
        "Left out: {parts}, because the accessory it needs ({companions}) has no price. Price one to include it.",
        "Left out: {parts}, because the accessory they need ({companions}) has no price. Price one to include "
        "them."),
}
