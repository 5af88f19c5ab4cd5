"""The tender pack's words (招标/投标: 技术偏差表 and 分项报价明细表), in English for the catalog;
the pack is normally printed in Chinese (Labels("zh_CN"), the zh_CN .po).

The unit a line is counted in (单位) depends on the part's category, as Chinese price schedules
count: a server 台, a card or drive 块, a module 条, a processor 颗, a kit 套, a service 年.
"""

from __future__ import annotations

from .marks import C_
from .quote_words import Labels

CONTEXT = "tender"

TITLE_DEVIATIONS = C_("tender", "Technical deviation table")
TITLE_PRICES = C_("tender", "Itemised price schedule")

DEVIATION_HEADERS = (C_("tender", "No."), C_("tender", "Tender requirement"), C_("tender", "Offered"),
                     C_("tender", "Deviation"), C_("tender", "Explanation"))
PRICE_HEADERS = (C_("tender", "No."), C_("tender", "Item"), C_("tender", "Brand"),
                 C_("tender", "Model / specification"), C_("tender", "Qty"), C_("tender", "Unit"),
                 C_("tender", "Unit price excl. tax"), C_("tender", "Tax rate"),
                 C_("tender", "Unit price incl. tax"), C_("tender", "Amount incl. tax"), C_("tender", "Remarks"))

#: the 报价单's price columns when tax is added (不含税单价, 不含税合价, 含税单价, 含税合价)
QUOTE_TAX_HEADERS = (C_("tender", "Unit price excl. tax"), C_("tender", "Amount excl. tax"),
                     C_("tender", "Unit price incl. tax"), C_("tender", "Amount incl. tax"))

#: Deviation.kind -> its words (正偏离 / 无偏离 / 负偏离)
DEVIATION_WORDS = {"positive": C_("tender", "positive deviation"), "none": C_("tender", "no deviation"),
                   "negative": C_("tender", "negative deviation")}

#: TenderPricing adjustment key -> the row's label
ADJUSTMENT_WORDS = {"discount": C_("tender", "Discount (incl. tax)"), "shipping": C_("tender", "Shipping"),
                    "rounding": C_("tender", "Rounding difference (tax rounded once on the total)")}

#: the tender pack's other words
WORDS = (C_("tender", "Lines total (incl. tax)"), C_("tender", "Total (incl. tax)"),
         C_("tender", "Total in words"), C_("tender", "yes"), C_("tender", "no"), C_("tender", "on request"),
         C_("tender", "Tender: {title}"), C_("tender", "Tender number: {number}"),
         C_("tender", "Bidder: {company}"), C_("tender", "Project: {name}"),
         C_("tender", "Customer: {customer}"), C_("tender", "Date: {date}"),
         C_("tender", "Offered values are read from the evaluated build, not typed in."),
         C_("tender", "Amounts in {currency}; incl. tax = excl. tax × (1 + rate), rounded per line."))

#: category -> the unit a line is counted in (单位), looked up under msgctxt "tender"
UNIT_WORDS = {"chassis": C_("tender", "unit"), "gpu": C_("tender", "card"), "nic": C_("tender", "card"),
              "hba": C_("tender", "card"), "drive": C_("tender", "drive"), "dimm": C_("tender", "module"),
              "cpu": C_("tender", "processor"), "psu": C_("tender", "piece"), "cooling": C_("tender", "set"),
              "accessory": C_("tender", "set"), "switch": C_("tender", "unit"), "service": C_("tender", "year")}
DEFAULT_UNIT = C_("tender", "piece")


def tender_word(tr: Labels, text: str) -> str:
    """One of the tender pack's words in `tr`'s language (msgctxt "tender": 名称, not the app's 项目)."""
    return text if tr.language == "en" else tr.catalog.pgettext(CONTEXT, text)
