"""The quote's fields on the command line: `configurator quote --contact … --tax-pct 13 …`.

Each option overrides one field of the build's `meta` / `commercial` (core/build.py) for this
quote only; the build file is not changed. Kept free of reportlab so `--help` stays fast.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from decimal import Decimal, InvalidOperation
from typing import Any

from ..core import validation_text
from ..core.build import Build
from ..core.fx import FxTable
from ..i18n import _
from .settings import QuoteError


class UnorderableError(QuoteError):
    """A build with errors, quoted without `draft`: the message lists the errors, one per line."""


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
    for option, (_section, _key, kind) in FIELDS.items():
        parser.add_argument("--" + option.replace("_", "-"), dest=option, type=types[kind], default=None,
                            choices=("", "special", "ordinary") if option == "invoice_type" else None)
    parser.add_argument("--allow-errors", "--draft", dest="allow_errors", action="store_true",
                        help=_("quote a build with errors as a draft marked NOT VALID FOR ORDER"))


def apply_quote_arguments(build: Build, args: argparse.Namespace, currency: str | None,
                          fx: FxTable | None = None) -> None:
    """Write the options given in `args` into `build` (validated: a bad value raises ValueError
    naming the option), plus the quote currency and, from --lang, the quote's language.

    The currency comes first: the build's money inputs are re-based into it, so --shipping and
    the other amounts given on the command line are in the quote's currency."""
    if currency:
        from ..core.currency import currency_ops
        from ..io.fx_io import load_fx

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
            raise QuoteError(f"{where}: {validation_text.message(err)}") from None
