"""The rules in the database: an issued quote is frozen, a price change voids an approval, a
discount over the owner's limit cannot be issued without an approver, snapshots and the audit log
cannot be changed; on PostgreSQL also the roles, their grants, row-level security, the audit
triggers and the margin view readable only to approvers and pricing admins.

Revision ID: 0002
Revises: 0001
Create Date: 2026-12-05
"""

from __future__ import annotations

from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None

#: the columns whose change re-prices a quote (and voids its approval)
_PRICED = ("build_json", "subtotal", "discount_pct", "total", "currency")
_CLOSED = "('issued', 'won', 'lost', 'expired', 'superseded')"


def _changed(old: str = "OLD", new: str = "NEW", op_: str = "IS NOT") -> str:
    return " OR ".join(f"{new}.{c} {op_} {old}.{c}" for c in _PRICED)


_SQLITE = [
    # a new quote is a draft, unnumbered and unapproved (duplicates included)
    """CREATE TRIGGER quotes_insert_draft BEFORE INSERT ON quotes
       WHEN NEW.status <> 'draft' OR NEW.approved_by IS NOT NULL OR NEW.number IS NOT NULL
       BEGIN SELECT RAISE(ABORT, 'quote.insert-not-draft'); END""",
    f"""CREATE TRIGGER quotes_frozen BEFORE UPDATE ON quotes
       WHEN OLD.status IN {_CLOSED} AND ({_changed()} OR NEW.number IS NOT OLD.number
            OR NEW.approved_by IS NOT OLD.approved_by)
       BEGIN SELECT RAISE(ABORT, 'quote.issued-frozen'); END""",
    """CREATE TRIGGER quotes_closed_moves BEFORE UPDATE OF status ON quotes
       WHEN (OLD.status = 'issued' AND NEW.status NOT IN ('issued', 'won', 'lost', 'expired', 'superseded'))
         OR (OLD.status IN ('won', 'lost', 'expired', 'superseded') AND NEW.status IS NOT OLD.status)
       BEGIN SELECT RAISE(ABORT, 'quote.closed'); END""",
    f"""CREATE TRIGGER quotes_issue_needs_approval BEFORE UPDATE OF status ON quotes
       WHEN NEW.status = 'issued' AND OLD.status <> 'issued'
        AND (NEW.approved_by IS NULL OR {_changed()})
        AND NEW.discount_pct > COALESCE((SELECT discount_limit_pct FROM users WHERE name = NEW.owner), 1000)
       BEGIN SELECT RAISE(ABORT, 'quote.approval-required'); END""",
    """CREATE TRIGGER quotes_issue_needs_number BEFORE UPDATE OF status ON quotes
       WHEN NEW.status = 'issued' AND OLD.status <> 'issued' AND NEW.number IS NULL
       BEGIN SELECT RAISE(ABORT, 'quote.no-number'); END""",
    f"""CREATE TRIGGER quotes_void_approval AFTER UPDATE ON quotes
       WHEN NEW.approved_by IS NOT NULL AND NEW.approved_by IS OLD.approved_by AND ({_changed()})
       BEGIN UPDATE quotes SET approved_by = NULL, approved_at = NULL,
             status = CASE WHEN status = 'approved' THEN 'draft' ELSE status END WHERE id = NEW.id; END""",
    """CREATE TRIGGER snapshots_frozen BEFORE UPDATE ON quote_snapshots
       BEGIN SELECT RAISE(ABORT, 'snapshot.frozen'); END""",
    """CREATE TRIGGER snapshots_kept BEFORE DELETE ON quote_snapshots
       BEGIN SELECT RAISE(ABORT, 'snapshot.frozen'); END""",
    """CREATE TRIGGER audit_append_only BEFORE UPDATE ON audit_log
       BEGIN SELECT RAISE(ABORT, 'audit.append-only'); END""",
    """CREATE TRIGGER audit_kept BEFORE DELETE ON audit_log
       BEGIN SELECT RAISE(ABORT, 'audit.append-only'); END""",
]

_ROLES = ("cfg_sales", "cfg_approver", "cfg_pricing_admin", "cfg_catalog_admin", "cfg_technician", "cfg_viewer")
_ALL = ", ".join(_ROLES)

_POSTGRES = [
    f"""DO $$ DECLARE r text; BEGIN
          FOREACH r IN ARRAY ARRAY{list(_ROLES)!r} LOOP
            IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = r) THEN
              EXECUTE format('CREATE ROLE %I NOLOGIN', r);
            END IF;
          END LOOP; END $$""",
    f"GRANT USAGE ON SCHEMA public TO {_ALL}",
    f"GRANT SELECT ON alembic_version, settings, users, customers, price_lists, baselines TO {_ALL}",
    # cost is not granted to sales engineers, technicians, viewers or catalog admins: column privileges
    "GRANT SELECT (id, price_list_id, part_id, min_qty, price) ON price_entries "
    "TO cfg_sales, cfg_technician, cfg_viewer, cfg_catalog_admin",
    "GRANT SELECT ON price_entries TO cfg_approver, cfg_pricing_admin",
    "GRANT INSERT, UPDATE, DELETE ON price_lists, price_entries TO cfg_pricing_admin",
    "GRANT INSERT, UPDATE ON customers TO cfg_sales, cfg_approver",
    "GRANT INSERT, UPDATE ON baselines TO cfg_technician",
    "GRANT SELECT, INSERT ON quotes, quote_lines, quote_snapshots TO cfg_sales",
    "GRANT DELETE ON quote_lines TO cfg_sales",
    "GRANT UPDATE (title, customer_id, status, currency, build_json, subtotal, discount_pct, total, number, "
    "issued_at, updated_at, updated_by) ON quotes TO cfg_sales",
    "GRANT SELECT ON quotes, quote_lines, quote_snapshots TO cfg_approver, cfg_viewer, cfg_pricing_admin, "
    "cfg_technician",
    "GRANT UPDATE (status, approved_by, approved_at, updated_at, updated_by) ON quotes TO cfg_approver",
    "GRANT SELECT, INSERT, UPDATE ON counters TO cfg_sales",
    "GRANT SELECT ON audit_log TO cfg_approver, cfg_viewer, cfg_pricing_admin",
    f"GRANT USAGE ON ALL SEQUENCES IN SCHEMA public TO {_ALL}",
    # who sees which quote: a sales engineer their own, the others all (reading)
    "ALTER TABLE quotes ENABLE ROW LEVEL SECURITY",
    "CREATE POLICY sales_own ON quotes TO cfg_sales USING (owner = session_user) WITH CHECK (owner = session_user)",
    "CREATE POLICY others_read ON quotes FOR SELECT TO cfg_approver, cfg_viewer, cfg_pricing_admin, cfg_technician "
    "USING (true)",
    "CREATE POLICY approver_decides ON quotes FOR UPDATE TO cfg_approver USING (status IN ('submitted', 'approved')) "
    "WITH CHECK (owner <> session_user)",
    "ALTER TABLE quote_lines ENABLE ROW LEVEL SECURITY",
    "CREATE POLICY sales_own_lines ON quote_lines TO cfg_sales USING (EXISTS (SELECT 1 FROM quotes q "
    "WHERE q.id = quote_id AND q.owner = session_user))",
    "CREATE POLICY others_read_lines ON quote_lines FOR SELECT TO cfg_approver, cfg_viewer, cfg_pricing_admin, "
    "cfg_technician USING (true)",
    "ALTER TABLE quote_snapshots ENABLE ROW LEVEL SECURITY",
    "CREATE POLICY sales_own_snapshots ON quote_snapshots TO cfg_sales USING (EXISTS (SELECT 1 FROM quotes q "
    "WHERE q.id = quote_id AND q.owner = session_user))",
    "CREATE POLICY others_read_snapshots ON quote_snapshots FOR SELECT TO cfg_approver, cfg_viewer, "
    "cfg_pricing_admin, cfg_technician USING (true)",
    # the quote's rules, whoever writes: the same as SQLite's triggers, plus who may approve
    f"""CREATE FUNCTION cfg_quotes_guard() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER
        SET search_path = public AS $$
        DECLARE priced boolean; lim numeric;
        BEGIN
          NEW.updated_by := session_user;
          IF TG_OP = 'INSERT' THEN
            IF NEW.status <> 'draft' OR NEW.approved_by IS NOT NULL OR NEW.number IS NOT NULL THEN
              RAISE EXCEPTION 'quote.insert-not-draft';
            END IF;
            RETURN NEW;
          END IF;
          priced := {_changed(op_="IS DISTINCT FROM")};
          IF OLD.status IN {_CLOSED} THEN
            IF priced OR NEW.number IS DISTINCT FROM OLD.number OR NEW.approved_by IS DISTINCT FROM OLD.approved_by THEN
              RAISE EXCEPTION 'quote.issued-frozen';
            END IF;
            IF (OLD.status = 'issued' AND NEW.status NOT IN {_CLOSED})
               OR (OLD.status <> 'issued' AND NEW.status <> OLD.status) THEN
              RAISE EXCEPTION 'quote.closed';
            END IF;
          END IF;
          IF priced AND NEW.approved_by IS NOT DISTINCT FROM OLD.approved_by THEN
            NEW.approved_by := NULL; NEW.approved_at := NULL;
            IF NEW.status = 'approved' THEN NEW.status := 'draft'; END IF;
          END IF;
          IF NEW.approved_by IS NOT NULL AND NEW.approved_by IS DISTINCT FROM OLD.approved_by
             AND (NEW.approved_by <> session_user OR NEW.owner = session_user
                  OR NOT pg_has_role(session_user, 'cfg_approver', 'member')) THEN
            RAISE EXCEPTION 'quote.approver-invalid';
          END IF;
          IF NEW.status = 'issued' AND OLD.status <> 'issued' THEN
            SELECT discount_limit_pct INTO lim FROM users WHERE name = NEW.owner;
            IF NEW.approved_by IS NULL AND lim IS NOT NULL AND NEW.discount_pct > lim THEN
              RAISE EXCEPTION 'quote.approval-required';
            END IF;
            IF NEW.number IS NULL THEN RAISE EXCEPTION 'quote.no-number'; END IF;
          END IF;
          RETURN NEW;
        END $$""",
    "CREATE TRIGGER quotes_guard BEFORE INSERT OR UPDATE ON quotes FOR EACH ROW EXECUTE FUNCTION cfg_quotes_guard()",
    """CREATE FUNCTION cfg_frozen() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION '%.frozen', TG_TABLE_NAME; END $$""",
    "CREATE TRIGGER snapshots_frozen BEFORE UPDATE OR DELETE ON quote_snapshots "
    "FOR EACH ROW EXECUTE FUNCTION cfg_frozen()",
    "CREATE TRIGGER audit_append_only BEFORE UPDATE OR DELETE ON audit_log FOR EACH ROW EXECUTE FUNCTION cfg_frozen()",
    # every change, with who and when: written by the database (nobody is granted INSERT on audit_log)
    """CREATE FUNCTION cfg_audit() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER
        SET search_path = public AS $$
        DECLARE row jsonb; key text;
        BEGIN
          row := CASE WHEN TG_OP = 'DELETE' THEN to_jsonb(OLD) ELSE to_jsonb(NEW) END;
          key := COALESCE(row->>'id', row->>'name', row->>'serial', row->>'key', row->>'quote_id', '');
          INSERT INTO audit_log (at, actor, action, entity, entity_id, detail)
          VALUES (now(), session_user, lower(TG_OP), TG_TABLE_NAME, key,
                  (row - 'cost' - 'build_json' - 'pdf' - 'data')::text);
          RETURN NULL;
        END $$""",
    *(f"CREATE TRIGGER {t}_audit AFTER INSERT OR UPDATE OR DELETE ON {t} FOR EACH ROW EXECUTE FUNCTION cfg_audit()"
      for t in ("quotes", "quote_snapshots", "price_lists", "price_entries", "customers", "users", "baselines",
                "settings")),
    # cost and margin of a quote: the latest price list in its currency that prices each line
    """CREATE VIEW quote_margins AS
        SELECT q.id, q.number, q.total, c.cost, q.total - c.cost AS margin
        FROM quotes q
        JOIN LATERAL (
          SELECT SUM(l.qty * (SELECT e.cost FROM price_entries e JOIN price_lists p ON p.id = e.price_list_id
                              WHERE e.part_id = l.part_id AND p.currency = q.currency AND e.min_qty <= l.qty
                              ORDER BY p.valid_from DESC NULLS LAST, e.min_qty DESC LIMIT 1)) AS cost
          FROM quote_lines l WHERE l.quote_id = q.id) c ON true""",
    "GRANT SELECT ON quote_margins TO cfg_approver, cfg_pricing_admin",
]


def upgrade() -> None:
    statements = _POSTGRES if op.get_bind().dialect.name == "postgresql" else _SQLITE
    for sql in statements:
        op.execute(sql)


def downgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        op.execute("DROP VIEW IF EXISTS quote_margins")
        for t in ("quotes", "quote_snapshots", "price_lists", "price_entries", "customers", "users", "baselines",
                  "settings"):
            op.execute(f"DROP TRIGGER IF EXISTS {t}_audit ON {t}")
        op.execute("DROP TRIGGER IF EXISTS quotes_guard ON quotes")
        op.execute("DROP TRIGGER IF EXISTS snapshots_frozen ON quote_snapshots")
        op.execute("DROP TRIGGER IF EXISTS audit_append_only ON audit_log")
        op.execute("DROP FUNCTION IF EXISTS cfg_audit, cfg_frozen, cfg_quotes_guard")
        return
    for sql in _SQLITE:
        op.execute(f"DROP TRIGGER IF EXISTS {sql.split()[2]}")
