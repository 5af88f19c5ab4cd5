"""The Chinese tender pack (招标/投标) as data: a tender's requirements checked against an evaluated
build (`deviations.py`: 技术偏差表) and the priced lines with tax per line (`pricing.py`: 分项报价明细表).

The requirement file's format is docs/tender.md; store/tender_files.py reads it.
"""

from __future__ import annotations

from .deviations import COMPARATORS, FIELDS, Deviation, Requirement, deviations
from .pricing import TenderLine, TenderPricing, tender_pricing

__all__ = ["COMPARATORS", "FIELDS", "Deviation", "Requirement", "TenderLine", "TenderPricing", "deviations",
           "tender_pricing"]
