"""Changing a build's currency: which codes can be quoted, and the edits that switch a build.

The evaluation converts the build's own money inputs (electricity price, shipping, rent,
typed in `site.input_currency`) into `site.currency` itself, so setting `site.currency`
alone already converts every figure. `currency_ops` goes one step further for the quote
dialog: it re-bases those inputs into the new currency, so the fields the user edits read
in the currency of the quote.
"""

from __future__ import annotations

from decimal import Decimal
from typing import TYPE_CHECKING

from .build import Build
from .evaluate.cost import FxTable
from .input_error import InputError
from .message import Msg
from .money import quantize

if TYPE_CHECKING:   # `check_currency` (every quote) needs no op; `currency_ops` imports them
    from .ops import SetOption

#: money inputs that are not amounts of the minor unit keep this many places when re-based
RATE_QUANTUM = Decimal("0.0001")


class CurrencyError(InputError):
    """A currency that cannot be quoted: unknown, or no exchange rate for it."""


def check_currency(code: str, fx: FxTable) -> str:
    """`code` (upper-cased) when `fx` has a rate for it; `CurrencyError`, one line, otherwise."""
    cur = str(code).strip().upper()
    if len(cur) != 3 or not cur.isalpha():
        raise CurrencyError(Msg("currency.not-iso", code=repr(code)))
    if cur not in fx.per_usd:
        known = ", ".join(sorted(fx.per_usd))
        raise CurrencyError(Msg("currency.no-rate", code=cur, codes=known))
    return cur


def currency_ops(build: Build, currency: str, fx: FxTable) -> list[SetOption]:
    """SetOption edits that switch `build` to `currency`, converting its money inputs."""
    from .ops import SetOption

    cur = check_currency(currency, fx)
    site, com = build.site, build.commercial
    src = site.input_currency

    def conv(amount: Decimal, quantum: Decimal) -> Decimal:
        value = fx.convert(Decimal(amount), src, cur)
        if value is None:   # the inputs' own currency has no rate any more: keep the figures
            raise CurrencyError(Msg("currency.no-rate-inputs", code=src))
        return quantize(value, quantum)

    ops = [SetOption(path="site.currency", value=cur)]
    if src != cur:
        ops += [SetOption(path="site.electricity_price_kwh", value=conv(site.electricity_price_kwh, RATE_QUANTUM)),
                SetOption(path="commercial.shipping", value=conv(com.shipping, fx.quantum(cur)))]
        if com.rent_per_gpu_hour is not None:
            ops.append(SetOption(path="commercial.rent_per_gpu_hour", value=conv(com.rent_per_gpu_hour, RATE_QUANTUM)))
        ops.append(SetOption(path="site.input_currency", value=cur))
    return ops
