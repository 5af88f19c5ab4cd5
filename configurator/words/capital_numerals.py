"""Amounts in capital Chinese numerals (大写), as a CNY quote or invoice prints its total.

    rmb_upper(Decimal("123456"))     -> "人民币壹拾贰万叁仟肆佰伍拾陆元整"
    rmb_upper(Decimal("1005.07"))    -> "人民币壹仟零伍元零柒分"

Rules (the usual 财务大写 convention, e.g. http://tool.12333si.com/rmb/261.html): digits
壹…玖, units 拾佰仟 inside each group of four, 万 and 亿 between groups; one 零 for any run
of zeros between non-zero digits; "整" when there are no 角 and 分; a 零 before the 分 when
the 角 is zero and the 元 part is not.
"""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal

DIGITS = "零壹贰叁肆伍陆柒捌玖"
SMALL = ("", "拾", "佰", "仟")
BIG = ("", "万", "亿", "万亿")
MAX_YUAN = 10 ** 16


def _group(n: int) -> str:
    """0 < n < 10000 in capitals, with 零 for inner zero runs (leading zeros left to the caller)."""
    out = ""
    zero = False
    for pos in range(3, -1, -1):
        d = n // 10 ** pos % 10
        if d == 0:
            zero = bool(out)
            continue
        if zero:
            out += "零"
            zero = False
        out += DIGITS[d] + SMALL[pos]
    return out


def _yuan(n: int) -> str:
    if n == 0:
        return ""
    groups: list[int] = []
    while n:
        groups.append(n % 10000)
        n //= 10000
    out = ""
    need_zero = False
    for i in range(len(groups) - 1, -1, -1):
        g = groups[i]
        if g == 0:
            need_zero = bool(out)
            continue
        if out and (need_zero or g < 1000):
            out += "零"
        out += _group(g) + BIG[i]
        need_zero = False
    return out


def rmb_upper(amount: Decimal) -> str:
    """`amount` (yuan, ≥ 0, rounded half-up to the fen) written in capitals with 人民币 … 元."""
    value = Decimal(amount).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)
    if value < 0 or value >= MAX_YUAN:
        raise ValueError(f"amount {amount} out of range for capital numerals")
    fen_total = int(value * 100)
    yuan, jiao, fen = fen_total // 100, fen_total // 10 % 10, fen_total % 10
    text = _yuan(yuan)
    if yuan:
        text += "元"
    if jiao == 0 and fen == 0:
        return "人民币" + (text or "零元") + "整"
    if jiao:
        text += DIGITS[jiao] + "角"
    elif yuan:
        text += "零"
    if fen:
        text += DIGITS[fen] + "分"
    else:
        text += "整"
    return "人民币" + text
