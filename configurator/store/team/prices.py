"""Price lists in the store: imported from a distributor's CSV or XLSX, with a currency, a customer
group and validity dates; each part's history across lists.

The file's columns are found by header (case-insensitive): `part_id` (or `part`, `sku`), `price`
(or `unit_price`), optional `cost` and `min_qty` (a tier: the price from that quantity up). Reads
are bounded; an XLSX cell's formula is never evaluated (its cached value is read, a formula
without one is an error naming the cell); a bad row names the file, the row and the column.
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from datetime import date
from decimal import Decimal, InvalidOperation
from pathlib import Path
from typing import Any

from sqlalchemy import and_, insert, or_, select

from ...core.message import Msg
from ..text_files import FileReadError, decode_text, read_bytes
from . import schema as t
from .connect import Store, StoreError, now

MAX_FILE = 16 * 1024 * 1024
MAX_ROWS = 100_000
_HEADERS = {"part_id": ("part_id", "part", "sku", "part id"), "price": ("price", "unit_price", "unit price"),
            "cost": ("cost", "unit_cost", "unit cost"), "min_qty": ("min_qty", "min qty", "qty from", "tier")}


@dataclass(frozen=True)
class PriceRow:
    part_id: str
    price: Decimal
    cost: Decimal | None
    min_qty: int


def _rows_from(path: Path) -> list[list[Any]]:
    try:
        raw = read_bytes(path, max_bytes=MAX_FILE, what="price list")
    except FileReadError as exc:
        raise StoreError(Msg("store.file", file=str(path), detail=exc.where or exc.msg)) from None
    if path.suffix.lower() == ".xlsx":
        return _xlsx_rows(path, raw)
    text = decode_text(raw, str(path))
    rows = []
    for i, row in enumerate(csv.reader(io.StringIO(text))):
        if i > MAX_ROWS:
            raise StoreError(Msg("store.too-many-rows", file=str(path), limit=MAX_ROWS))
        rows.append(list(row))
    return rows


def _xlsx_rows(path: Path, raw: bytes) -> list[list[Any]]:
    """The first sheet's cached values (a formula is never evaluated)."""
    import zipfile
    from xml.etree.ElementTree import ParseError

    from openpyxl import load_workbook
    from openpyxl.utils.exceptions import InvalidFileException

    rows: list[list[Any]] = []
    try:
        book = load_workbook(io.BytesIO(raw), read_only=True, data_only=True)
        for i, row in enumerate(book.worksheets[0].iter_rows(values_only=True)):
            if i > MAX_ROWS:
                raise StoreError(Msg("store.too-many-rows", file=str(path), limit=MAX_ROWS))
            rows.append(list(row))
    # what a damaged or foreign file raises: not a zip, a zip without the workbook's parts, bad XML
    except (zipfile.BadZipFile, InvalidFileException, ParseError, KeyError, IndexError, ValueError, OSError) as exc:
        raise StoreError(Msg("store.file", file=str(path), detail=Msg("store.not-xlsx", kind=type(exc).__name__))) \
            from None
    return rows


def _decimal(value: Any, file: str, row: int, column: str) -> Decimal:
    if isinstance(value, int | float | Decimal) and not isinstance(value, bool):
        number = Decimal(str(value))
    else:
        text = str(value or "").strip().replace(",", "")
        try:
            number = Decimal(text)
        except InvalidOperation:
            raise StoreError(Msg("store.bad-cell", file=file, row=row, column=column, value=text[:40])) from None
    if not number.is_finite() or number < 0 or number >= Decimal("1e13"):
        raise StoreError(Msg("store.bad-cell", file=file, row=row, column=column, value=str(value)[:40]))
    return number.quantize(Decimal("0.01"))


def read_price_file(path: Path) -> list[PriceRow]:
    """The rows of a distributor's CSV/XLSX price list."""
    rows = _rows_from(path)
    if not rows:
        raise StoreError(Msg("store.no-header", file=str(path)))
    header = [str(h or "").strip().lower() for h in rows[0]]
    where: dict[str, int] = {}
    for key, names in _HEADERS.items():
        for i, h in enumerate(header):
            if h in names:
                where[key] = i
                break
    for needed in ("part_id", "price"):
        if needed not in where:
            raise StoreError(Msg("store.no-column", file=str(path), column=needed))
    out: list[PriceRow] = []
    seen: dict[tuple[str, int], int] = {}      # (part, min_qty) -> its row
    for n, row in enumerate(rows[1:], 2):
        cells = list(row) + [None] * (len(header) - len(row))
        part = str(cells[where["part_id"]] or "").strip()
        if not part:
            continue
        if len(part) > 128 or part.startswith(("=", "+", "-", "@")):
            raise StoreError(Msg("store.bad-cell", file=str(path), row=n, column="part_id", value=part[:40]))
        price = _decimal(cells[where["price"]], str(path), n, "price")
        cost = (None if "cost" not in where or cells[where["cost"]] in (None, "")
                else _decimal(cells[where["cost"]], str(path), n, "cost"))
        qty = 1 if "min_qty" not in where or cells[where["min_qty"]] in (None, "") else \
            int(_decimal(cells[where["min_qty"]], str(path), n, "min_qty"))
        if qty < 1:
            raise StoreError(Msg("store.bad-cell", file=str(path), row=n, column="min_qty", value=str(qty)))
        if (part, qty) in seen:
            raise StoreError(Msg("store.duplicate-row", file=str(path), part=part, qty=qty, first=seen[part, qty], later=n))
        seen[part, qty] = n
        out.append(PriceRow(part, price, cost, qty))
    return out


def import_price_list(store: Store, path: Path, *, name: str, currency: str, customer_group: str = "default",
                      valid_from: date | None = None, valid_to: date | None = None) -> int:
    """Store a price list read from `path`; returns its id. A pricing admin's job (PostgreSQL grants)."""
    if len(currency) != 3 or not currency.isalpha():
        raise StoreError(Msg("store.bad-currency", currency=currency[:10]))
    if valid_from and valid_to and valid_to < valid_from:
        raise StoreError(Msg("store.bad-validity", valid_from=str(valid_from), valid_to=str(valid_to)))
    rows = read_price_file(path)
    with store.begin() as conn:
        list_id = conn.execute(insert(t.price_lists).values(
            name=name[:200], currency=currency.upper(), customer_group=customer_group[:64], valid_from=valid_from,
            valid_to=valid_to, source=path.name[:500], imported_at=now(), imported_by=store.actor)
            .returning(t.price_lists.c.id)).scalar_one()
        if rows:
            conn.execute(insert(t.price_entries), [
                {"price_list_id": list_id, "part_id": r.part_id, "min_qty": r.min_qty, "price": r.price,
                 "cost": r.cost} for r in rows])
        if store.dialect == "sqlite":
            from .quotes import _audit
            _audit(store, conn, "insert", "price_lists", str(list_id), name=name, rows=len(rows))
        return int(list_id)


def price_history(store: Store, *, part_id: str | None = None, customer_group: str | None = None,
                  on: date | None = None, limit: int = 1000) -> list[dict[str, Any]]:
    """Prices (never cost) by list, newest validity first; `on`: only lists valid that day."""
    query = (select(t.price_entries.c.part_id, t.price_entries.c.min_qty, t.price_entries.c.price,
                    t.price_lists.c.name, t.price_lists.c.currency, t.price_lists.c.customer_group,
                    t.price_lists.c.valid_from, t.price_lists.c.valid_to, t.price_lists.c.imported_at)
             .join(t.price_lists, t.price_lists.c.id == t.price_entries.c.price_list_id))
    if part_id:
        query = query.where(t.price_entries.c.part_id == part_id)
    if customer_group:
        query = query.where(t.price_lists.c.customer_group == customer_group)
    if on:
        query = query.where(and_(or_(t.price_lists.c.valid_from.is_(None), t.price_lists.c.valid_from <= on),
                                 or_(t.price_lists.c.valid_to.is_(None), t.price_lists.c.valid_to >= on)))
    query = query.order_by(t.price_entries.c.part_id, t.price_lists.c.valid_from.desc(),
                           t.price_entries.c.min_qty).limit(limit)
    with store.begin() as conn:
        return [{"part_id": r.part_id, "min_qty": r.min_qty, "price": str(r.price), "list": r.name,
                 "currency": r.currency, "customer_group": r.customer_group,
                 "valid_from": r.valid_from.isoformat() if r.valid_from else None,
                 "valid_to": r.valid_to.isoformat() if r.valid_to else None} for r in conn.execute(query)]
