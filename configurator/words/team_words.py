"""The team store's refusals and errors (store/team/): codes from the database's rules and the store."""

from __future__ import annotations

from .marks import N_, Entry

WORDS: dict[str, Entry] = {
    "quote.insert-not-draft": N_("a new quote starts as an unnumbered, unapproved draft"),
    "quote.issued-frozen": N_("the quote is issued and frozen: revise it to change it (a new revision keeps its number "
                              "with a letter)"),
    "quote.closed": N_("the quote is closed (won, lost, expired or superseded); its status cannot change"),
    "quote.approval-required": N_("the discount is over the owner's limit: an approver must approve the quote "
                                  "(configurator quotes submit, then approve) before it is issued"),
    "quote.no-number": N_("an issued quote needs a number"),
    "quote.approver-invalid": N_("only an approver can approve a quote, as themselves, and never their own"),
    "snapshot.frozen": N_("an issued quote's PDF and build are kept as issued and cannot be changed"),
    "quote_snapshots.frozen": N_("an issued quote's PDF and build are kept as issued and cannot be changed"),
    "audit.append-only": N_("the audit log is append-only"),
    "audit_log.frozen": N_("the audit log is append-only"),
    "store.permission-denied": N_("the store refused: your role may not do this ({detail})"),
    "store.unreachable": N_("the store cannot be reached: {detail}"),
    "store.failed": N_("the store failed: {detail}"),
    "store.password-file": N_("{file}: cannot read the password file: {detail}"),
    "store.bad-url": N_("{url}: not a store address (sqlite:///PATH or postgresql://USER@HOST/DB)"),
    "store.not-migrated": N_("{url}: the store's schema is not the current one; run configurator store migrate"),
    "store.mask-length": N_("number mask {mask}: at most {limit} characters"),
    "store.mask-seq": N_("number mask {mask}: needs exactly one {{seq}} or {{seq:N}}"),
    "store.mask-token": N_("number mask {mask}: the tokens are {{yyyy}}, {{yy}}, {{mm}}, {{user}} and {{seq:N}}"),
    "store.no-quote": N_("no quote {quote} in the store (or not one you may see)"),
    "store.bad-move": N_("quote {quote} is {status}: it cannot become {to}"),
    "store.not-approver": N_("{user} is not an approver"),
    "store.own-approval": N_("{user} cannot approve their own quote"),
    "store.bad-outcome": N_("{outcome}: a quote closes as won, lost or expired"),
    "store.no-snapshot": N_("quote {quote} has no issued PDF"),
    "store.bad-user-name": N_("{user}: a user name is lowercase letters, digits and _, at most 63"),
    "store.bad-role": N_("{role}: not a role ({roles})"),
    "store.file": N_("{file}: cannot read the price list: {detail}"),
    "store.not-xlsx": N_("not a readable XLSX ({kind})"),
    "store.too-many-rows": N_("{file}: more than {limit} rows"),
    "store.bad-cell": N_("{file}: row {row}, column {column}: {value} is not a valid value"),
    "store.duplicate-row": N_("{file}: rows {first} and {later} both price {part} from {qty} units; which one is meant "
                              "cannot be told"),
    "store.no-header": N_("{file}: empty: the first row must name the columns (part_id, price, cost, min_qty)"),
    "store.no-column": N_("{file}: no {column} column in the first row"),
    "store.bad-currency": N_("{currency}: not a three-letter currency code"),
    "store.bad-validity": N_("valid to {valid_to} is before valid from {valid_from}"),
    "store.server-only": N_("the server {server} cannot be reached: a quote becomes {to} only there (numbers and "
                            "approvals are the server's). Your drafts are kept on this computer and sent when it "
                            "is reachable (configurator store sync)"),
    "store.offline-not-here": N_("the server {server} cannot be reached and quote {quote} is not among the drafts "
                                 "kept on this computer"),
}
