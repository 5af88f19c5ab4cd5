"""`configurator store …`, `configurator quotes …`, `configurator prices …`: the team store on the
command line (store/team/; docs/team-store.md). Every command takes `--store URL` (default: the
seat's own SQLite file, or CONFIGURATOR_STORE_URL), `--password-file`, and `--json`.
"""

from __future__ import annotations

import argparse
import json
import sys
from datetime import date
from decimal import Decimal, InvalidOperation
from pathlib import Path
from typing import Any

from ..words.i18n import _
from .command import print_text


def _store_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--store", metavar="URL", help=_("sqlite:///PATH or postgresql://USER@HOST/DB (default: this "
                                                     "seat's own file, or CONFIGURATOR_STORE_URL)"))
    p.add_argument("--password-file", metavar="FILE", help=_("a file holding the PostgreSQL password"))
    p.add_argument("--as", dest="actor", metavar="USER", help=_("act as this user (a SQLite seat only)"))
    p.add_argument("--json", action="store_true", help=_("print JSON instead of text"))
    from ..words.i18n import LANGUAGES

    p.add_argument("--lang", choices=tuple(LANGUAGES), default=argparse.SUPPRESS,
                   help=_("language of the output (default: CONFIGURATOR_LANG or the system locale)"))


def _date(text: str) -> date:
    try:
        return date.fromisoformat(text)
    except ValueError:
        raise argparse.ArgumentTypeError(_("{value}: not a date (YYYY-MM-DD)").format(value=text)) from None


def _pct(text: str) -> Decimal:
    try:
        value = Decimal(text)
    except InvalidOperation:
        value = Decimal(-1)
    if not value.is_finite() or not 0 <= value <= 100:
        raise argparse.ArgumentTypeError(_("{value}: not a percentage from 0 to 100").format(value=text))
    return value


def store_arguments(s: argparse.ArgumentParser) -> None:
    """`configurator store init|migrate|status|users|user-add|mask`."""
    ss = s.add_subparsers(dest="store_command", required=True, parser_class=type(s))
    for name, text in (("init", _("create the store (or bring it to the current schema) and say where it is")),
                       ("migrate", _("bring the store's schema to the current version")),
                       ("status", _("where the store is, its schema, who you are and its quotes by status")),
                       ("sync", _("send the drafts made while the server was unreachable and copy its price "
                                  "lists to this computer")),
                       ("users", _("list the store's users, roles and discount limits"))):
        _store_options(ss.add_parser(name, help=text))
    u = ss.add_parser("user-add", help=_("add or change a user (PostgreSQL: creates the login role)"))
    u.add_argument("name", help=_("the user's login name (lowercase letters, digits, _)"))
    u.add_argument("--role", required=True, help=_("sales, approver, pricing_admin, catalog_admin, technician, viewer"))
    u.add_argument("--limit", type=_pct, metavar="PCT", help=_("largest discount issued without an approver"))
    u.add_argument("--initials", help=_("the user's initials in quote numbers ({user})"))
    u.add_argument("--new-password-file", metavar="FILE", help=_("the new user's password, read from this file"))
    _store_options(u)
    m = ss.add_parser("mask", help=_("set the quote number mask, e.g. QUO/{yy}{mm}/{user}/{seq:03}"))
    m.add_argument("mask", help=_("the mask: {yyyy} {yy} {mm} {user} and one {seq:N}"))
    _store_options(m)


def quotes_arguments(q: argparse.ArgumentParser) -> None:
    """`configurator quotes list|create|submit|approve|reject|issue|revise|duplicate|show|close`."""
    qs = q.add_subparsers(dest="quotes_command", required=True, parser_class=type(q))
    ql = qs.add_parser("list", help=_("quotes you may see, newest first"))
    ql.add_argument("--status", help=_("only quotes in this status (draft, submitted, approved, issued, won, …)"))
    ql.add_argument("--customer", help=_("only this customer's quotes"))
    ql.add_argument("--owner", help=_("only this user's quotes"))
    _store_options(ql)
    qc = qs.add_parser("create", help=_("a draft quote from a build file (priced by the catalog)"))
    qc.add_argument("build", help=_("build file to quote"))
    qc.add_argument("--title", help=_("the quote's title (default: the build's name)"))
    qc.add_argument("--customer", help=_("the customer (created in the store if new)"))
    _store_options(qc)
    qu = qs.add_parser("update", help=_("re-price a draft quote from a build file (also offline)"))
    qu.add_argument("quote", help=_("quote number or id"))
    qu.add_argument("build", help=_("build file to quote"))
    _store_options(qu)
    for name, text in (("submit", _("ask an approver to approve the quote")),
                       ("approve", _("approve a submitted quote (approvers)")),
                       ("reject", _("send a submitted quote back")),
                       ("issue", _("give the quote its number and freeze its PDF")),
                       ("revise", _("a new draft revision of an issued quote")),
                       ("duplicate", _("a new draft quote from this one")),
                       ("show", _("the quote, its revisions and its audit trail"))):
        qq = qs.add_parser(name, help=text)
        qq.add_argument("quote", help=_("quote number or id"))
        if name == "show":
            qq.add_argument("--pdf", metavar="OUT", help=_("write the issued PDF, as issued, to OUT"))
        _store_options(qq)
    qe = qs.add_parser("close", help=_("close an issued quote as won, lost or expired"))
    qe.add_argument("quote", help=_("quote number or id"))
    qe.add_argument("--outcome", required=True, choices=("won", "lost", "expired"), help=_("how the quote ended"))
    _store_options(qe)


def prices_arguments(p: argparse.ArgumentParser) -> None:
    """`configurator prices import|list`."""
    ps = p.add_subparsers(dest="prices_command", required=True, parser_class=type(p))
    pi = ps.add_parser("import", help=_("import a price list (columns part_id, price, cost, min_qty)"))
    pi.add_argument("file", help=_("the distributor's CSV or XLSX file"))
    pi.add_argument("--name", required=True, help=_("the price list's name"))
    pi.add_argument("--currency", required=True, help=_("its currency (ISO 4217, e.g. USD, CNY)"))
    pi.add_argument("--group", default="default", help=_("the customer group it prices"))
    pi.add_argument("--valid-from", type=_date, help=_("first day it is valid (YYYY-MM-DD)"))
    pi.add_argument("--valid-to", type=_date, help=_("last day it is valid (YYYY-MM-DD)"))
    _store_options(pi)
    pl = ps.add_parser("list", help=_("prices by list, newest first (never cost)"))
    pl.add_argument("--part", help=_("only this part's prices"))
    pl.add_argument("--group", help=_("only this customer group's lists"))
    pl.add_argument("--on", type=_date, help=_("only lists valid on this date"))
    _store_options(pl)


def _open(args: argparse.Namespace) -> Any:
    from ..store.team.connect import open_store

    return open_store(args.store, password_file=args.password_file, actor=args.actor)


def _open_seat(args: argparse.Namespace) -> tuple[Any, Any]:
    """(store, seat): on PostgreSQL a seat with its local copy (store/team/offline.py), the store
    being the server while it can be reached, else the copy (said on stderr); on SQLite no seat."""
    from ..store.team.connect import default_url
    from ..store.team.offline import Seat, is_server
    from ..words.render import say

    url = args.store or default_url()
    if not is_server(url):
        return _open(args), None
    seat = Seat(url, password_file=args.password_file, create=True)
    if not seat.connect():
        assert seat.reason is not None
        print(_("configurator: offline: {reason}; working on this computer's copy").format(reason=say(seat.reason)),
              file=sys.stderr)
    return seat.store, seat


def _close(store: Any, seat: Any) -> None:
    (seat or store).close()


def _seat_state(seat: Any) -> dict[str, Any]:
    when = seat.synced_at()
    return {"online": seat.online, "waiting": [q.id for q in seat.waiting()],
            "prices_synced_at": when.isoformat() if when else None}


def _seat_text(state: dict[str, Any]) -> list[str]:
    return [_("server: reachable") if state["online"] else _("server: unreachable (working on this computer's copy)"),
            _("price lists synced: {when}").format(when=state["prices_synced_at"] or _("never")),
            _("quotes waiting to sync: {n}").format(n=len(state["waiting"]))]


def _sync(args: argparse.Namespace) -> int:
    from ..store.team.connect import StoreError, default_url
    from ..store.team.offline import Seat, is_server
    from ..words.render import say

    url = args.store or default_url()
    if not is_server(url):
        return _out(args, {"synced": False}, _("this seat's store is its own file: nothing to sync"))
    seat = Seat(url, password_file=args.password_file, create=True)
    try:
        try:
            result = seat.sync()
        except StoreError as exc:
            print(f"configurator: {say(exc.msg)}", file=sys.stderr)
            print(_("configurator: quotes waiting on this computer: {n}").format(n=len(seat.waiting())), file=sys.stderr)
            return 2
        failed = {k: say(v) for k, v in result.failed.items()}
        data = {"sent": result.sent, "already_sent": result.kept, "failed": failed,
                "price_lists": result.price_lists, "synced_at": result.at.isoformat()}
        _out(args, data, "\n".join([
            _("drafts sent: {sent} (already on the server: {kept}); price lists copied: {lists}").format(
                sent=result.sent, kept=result.kept, lists=result.price_lists),
            *(_("refused {id}: {reason}").format(id=k, reason=v) for k, v in failed.items())]))
        return 2 if failed else 0
    finally:
        seat.close()


def _fail(exc: Any) -> int:
    from ..words.render import say

    print(f"configurator: {say(exc.msg)}", file=sys.stderr)
    return 2


def _out(args: argparse.Namespace, data: Any, text: str) -> int:
    if args.json:
        json.dump(data, sys.stdout, indent=2, ensure_ascii=False, default=str)
        sys.stdout.write("\n")
    else:
        print_text(text)
    return 0


def run_store(args: argparse.Namespace) -> int:
    from ..store.team import connect, users
    from ..store.team.connect import StoreError

    if args.store_command == "sync":
        return _sync(args)
    try:
        store, seat = _open_seat(args) if args.store_command == "status" else (_open(args), None)
        try:
            cmd = args.store_command
            if seat is not None and not seat.online:
                state = _seat_state(seat)
                return _out(args, {"store": seat.shown, "engine": "postgresql", **state},
                            "\n".join([_("store: {url} ({engine})").format(url=seat.shown, engine="postgresql"),
                                       *_seat_text(state)]))
            if cmd == "user-add":
                password = connect._password(args.new_password_file) if args.new_password_file else None
                users.add_user(store, args.name, args.role, discount_limit_pct=args.limit, initials=args.initials,
                               password=password)
                return _out(args, {"user": args.name, "role": args.role},
                            _("user {name}: {role}").format(name=args.name, role=args.role))
            if cmd == "mask":
                users.set_number_mask(store, args.mask)
                return _out(args, {"mask": args.mask}, _("quote numbers now follow {mask}").format(mask=args.mask))
            if cmd == "users":
                rows = users.users(store)
                return _out(args, rows, "\n".join(
                    f"{r['name']:<16} {r['role']:<14} {r['initials']:<5} "
                    + (_("limit {pct} %").format(pct=r["discount_limit_pct"]) if r["discount_limit_pct"] is not None
                       else _("no limit")) for r in rows))
            from ..store.team import quotes

            counts: dict[str, int] = {}
            for q in quotes.find(store, limit=100_000):
                counts[q.status] = counts.get(q.status, 0) + 1
            data = {"store": store.url_shown, "engine": store.dialect, "schema": connect.revision(store.engine),
                    "current_schema": connect.head(), "user": store.actor, "quotes": counts}
            if seat is not None:
                data.update(_seat_state(seat))
            return _out(args, data, "\n".join([
                _("store: {url} ({engine})").format(url=store.url_shown, engine=store.dialect),
                _("schema: {rev} (current {head})").format(rev=data["schema"], head=data["current_schema"]),
                _("you: {user}").format(user=store.actor),
                _("quotes: {counts}").format(counts=", ".join(f"{k} {v}" for k, v in sorted(counts.items())) or "0"),
                *(_seat_text(data) if seat is not None else [])]))
        finally:
            _close(store, seat)
    except StoreError as exc:
        return _fail(exc)


def _quote_text(q: Any) -> str:
    number = q.number or _("(draft {id})").format(id=q.id[:8])
    rev = f" rev {q.revision}" if q.revision else ""
    return (f"{number:<24} {q.status:<10} {q.owner:<12} {q.customer or '-':<20} "
            f"{q.currency} {q.total:>14,}  {q.discount_pct}%{rev}  {q.title}")


def _evaluator(catalog: Any) -> Any:
    from ..store.loaded_evaluator import default_evaluator

    return default_evaluator(catalog, [])


def run_quotes(args: argparse.Namespace) -> int:
    from ..formats.team_quotes import draft_quote, issue_quote, update_quote
    from ..store.team import quotes
    from ..store.team.connect import StoreError

    try:
        store, seat = _open_seat(args)
        try:
            cmd = args.quotes_command
            if cmd == "list":
                found = quotes.find(store, status=args.status, customer=args.customer, owner=args.owner)
                return _out(args, [q.to_json() for q in found], "\n".join(_quote_text(q) for q in found)
                            or _("no quotes"))
            if cmd in ("create", "update"):
                from ..store.build_files import load_build
                from ..store.catalogs import default_catalog

                catalog = default_catalog()
                build = load_build(args.build, catalog)
                evaluation = _evaluator(catalog).evaluate(build)
                if cmd == "update":
                    q = update_quote(seat or store, args.quote, build, evaluation)
                else:
                    q = draft_quote(seat or store, build, evaluation, customer=args.customer,
                                    title=args.title or build.meta.name or Path(args.build).stem)
                if seat is not None and not seat.online:
                    print(_("configurator: the draft is kept on this computer and sent to the server by "
                            "configurator store sync"), file=sys.stderr)
            elif cmd == "issue":
                q = issue_quote(store, args.quote)
            elif cmd == "close":
                q = quotes.close(store, args.quote, args.outcome)
            elif cmd == "show":
                q = quotes.get(store, args.quote)
                revs = quotes.revisions(store, args.quote)
                try:
                    trail = quotes.audit_trail(store, entity_id=q.id)
                except StoreError:          # a sales engineer's role does not read the audit log
                    trail = []
                if args.pdf:
                    pdf, _build, _version = quotes.snapshot(store, args.quote)
                    from ..store.safe_write import atomic_write

                    atomic_write(Path(args.pdf), pdf)
                data = {**q.to_json(), "revisions": [r.to_json() for r in revs], "audit": trail}
                text = "\n".join([_quote_text(q), _("revisions:"), *("  " + _quote_text(r) for r in revs),
                                  _("audit:"), *(f"  {a['at']}  {a['actor']:<12} {a['action']:<7} {a['detail']}"
                                                  for a in trail)])
                return _out(args, data, text)
            else:
                q = getattr(quotes, cmd)(store, args.quote)
            return _out(args, q.to_json(), _quote_text(q))
        finally:
            _close(store, seat)
    except StoreError as exc:
        return _fail(exc)


def run_prices(args: argparse.Namespace) -> int:
    from ..store.team import prices
    from ..store.team.connect import StoreError

    try:
        store = _open(args)
        try:
            if args.prices_command == "import":
                list_id = prices.import_price_list(store, Path(args.file), name=args.name, currency=args.currency,
                                                   customer_group=args.group, valid_from=args.valid_from,
                                                   valid_to=args.valid_to)
                return _out(args, {"price_list": list_id},
                            _("imported price list {name} ({id})").format(name=args.name, id=list_id))
            rows = prices.price_history(store, part_id=args.part, customer_group=args.group, on=args.on)
            return _out(args, rows, "\n".join(
                f"{r['part_id']:<32} {r['min_qty']:>4}+ {r['currency']} {r['price']:>12}  {r['list']} "
                f"({r['valid_from'] or '…'} – {r['valid_to'] or '…'}, {r['customer_group']})" for r in rows)
                or _("no prices"))
        finally:
            store.close()
    except StoreError as exc:
        return _fail(exc)
