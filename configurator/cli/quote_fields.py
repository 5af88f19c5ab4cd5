"""The quote's fields on the command line: `configurator quote --contact … --tax-pct 13 …`.

Each option overrides one field of the build's `meta` / `commercial` (core/build.py) for this
quote only; the build file is not changed. Kept free of reportlab so `--help` stays fast.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from decimal import Decimal, InvalidOperation
from typing import TYPE_CHECKING, Any

from ..words.i18n import N_, _

if TYPE_CHECKING:
    from ..core.build import Build
    from ..core.fx import FxTable

#: option -> (section, field, type); type "text" is a string, "money"/"pct" a Decimal
FIELDS: dict[str, tuple[str, str, str]] = {
    "contact": ("meta", "contact", "text"),
    "email": ("meta", "email", "text"),
    "phone": ("meta", "phone", "text"),
    "bill_to": ("meta", "bill_to", "text"),
    "ship_to": ("meta", "ship_to", "text"),
    "customer_po": ("meta", "customer_po", "text"),
    "customer_tax_id": ("meta", "customer_tax_id", "text"),
    "project": ("meta", "name", "text"),
    "quote_notes": ("meta", "quote_notes", "text"),
    "revision": ("meta", "revision", "int"),
    "quote_number": ("meta", "quote_number", "text"),
    "discount_pct": ("commercial", "discount_pct", "decimal"),
    "tax_pct": ("commercial", "tax_pct", "decimal"),
    "shipping": ("commercial", "shipping", "decimal"),
    "payment_terms": ("commercial", "payment_terms", "text"),
    "delivery_terms": ("commercial", "delivery_terms", "text"),
    "lead_time": ("commercial", "lead_time", "text"),
    "invoice_type": ("commercial", "invoice_type", "text"),
}


#: option -> its `--help` text (argparse formats it: a percent sign is written %%)
HELP: dict[str, str] = {
    "contact": N_("the customer's contact person"),
    "email": N_("the contact's e-mail address"),
    "phone": N_("the contact's phone number"),
    "bill_to": N_("the customer's billing address"),
    "ship_to": N_("the delivery address (also the place of delivery unless --delivery-terms names one)"),
    "customer_po": N_("the customer's purchase order or deal number"),
    "customer_tax_id": N_("the buyer's taxpayer identification number"),
    "project": N_("the project name printed on the quote (the build's name)"),
    "quote_notes": N_("notes printed on the quote"),
    "revision": N_("revision N of the quote, printed as 'rev. N' beside its number"),
    "quote_number": N_("the quote number; pass the original one when revising (default: the next from the counter)"),
    "discount_pct": N_("discount on the subtotal, %%"),
    "tax_pct": N_("tax rate, %% (e.g. 13 for China's VAT)"),
    "shipping": N_("shipping charge, in the quote's currency"),
    "payment_terms": N_("payment terms (default: the vendor profile's)"),
    "delivery_terms": N_("Incoterms and place, e.g. 'DAP Shanghai' (default: the vendor profile's)"),
    "lead_time": N_("lead time, e.g. '4-6 weeks' (default: the vendor profile's)"),
    "invoice_type": N_("China VAT invoice: special or ordinary ('' for none)"),
}

#: the value's name in `--help` where the option's own name says less
_METAVARS = {"revision": "N", "discount_pct": "PCT", "tax_pct": "PCT", "shipping": "AMOUNT"}


def _decimal(value: str) -> Decimal:
    try:
        number = Decimal(value)
    except InvalidOperation:
        raise argparse.ArgumentTypeError(_("not a number: {value}").format(value=repr(value))) from None
    if not number.is_finite():
        raise argparse.ArgumentTypeError(_("not a number: {value}").format(value=repr(value)))
    return number


def add_quote_arguments(parser: argparse.ArgumentParser) -> None:
    """The quote's field options, and --allow-errors (alias --draft)."""
    types: dict[str, Callable[[str], Any]] = {"text": str, "int": int, "decimal": _decimal}
    group = parser.add_argument_group(_("quote fields"), _("each overrides the build's value for this file only; "
                                                           "the build file is not changed"))
    for option, (_section, _key, kind) in FIELDS.items():
        group.add_argument("--" + option.replace("_", "-"), dest=option, type=types[kind], default=None,
                           choices=("", "special", "ordinary") if option == "invoice_type" else None,
                           metavar=_METAVARS.get(option), help=_(HELP[option]))
    parser.add_argument("--allow-errors", "--draft", dest="allow_errors", action="store_true",
                        help=_("quote a build with errors as a draft marked NOT VALID FOR ORDER"))


def apply_quote_arguments(build: Build, args: argparse.Namespace, currency: str | None,
                          fx: FxTable | None = None) -> None:
    """Write the options given in `args` into `build` (validated: a bad value raises ValueError
    naming the option), plus the quote currency and, from --lang, the quote's language.

    The currency comes first: the build's money inputs are re-based into it, so --shipping and
    the other amounts given on the command line are in the quote's currency."""
    from ..core import validation_text
    from .command import CliError

    if currency:
        from ..core.currency import currency_ops
        from ..store.fx_rates import load_fx

        for op in currency_ops(build, currency, fx if fx is not None else load_fx()):
            op.apply(build)
    updates: dict[str, dict] = {"meta": {}, "commercial": {}}
    for option, (section, name, _kind) in FIELDS.items():
        value = getattr(args, option, None)
        if value is not None:
            updates[section][name] = value
    lang = getattr(args, "lang", None)
    if lang in ("en", "zh_CN"):
        updates["meta"]["language"] = lang
    for section, values in updates.items():
        if not values:
            continue
        current = getattr(build, section)
        try:
            setattr(build, section, type(current).model_validate({**current.model_dump(), **values}))
        except ValueError as exc:
            err = exc.errors()[0] if hasattr(exc, "errors") else {"loc": (), "msg": str(exc)}
            where = "--" + str(err["loc"][0]).replace("_", "-") if err["loc"] else section
            raise CliError(validation_text.msg(err), where) from None
