-- Renewals are idempotent (docs/billing.md): a subscription is charged once per period, however
-- many pages or workers bring it up to date at once. Before this, concurrent renewals outside a
-- transaction could charge one period several times. Those copies are kept, voided (as the
-- payment provider voids an invoice), and no longer shown; each affected account gets a note.
ALTER TABLE invoices ADD COLUMN voided_at INTEGER; -- seconds; null for a charge that stands

-- An upgrade's proration, as its own lines: the plan it left, and the credit for that plan's
-- unused time (the charge is the new plan's remaining time less this credit). Null elsewhere, and
-- on upgrades paid before this migration.
ALTER TABLE invoices ADD COLUMN previous_price_id TEXT REFERENCES prices(id);
ALTER TABLE invoices ADD COLUMN proration_credit INTEGER CHECK (proration_credit IS NULL OR proration_credit >= 0);

-- Of several charges for one period, the first stands.
CREATE TEMP TABLE duplicate_charges AS
  SELECT i.rowid AS charge, i.uid
  FROM invoices i
  WHERE i.billing_reason IN ('subscription_create', 'subscription_cycle')
    AND EXISTS (
      SELECT 1 FROM invoices first
      WHERE first.subscription_id = i.subscription_id AND first.period_start = i.period_start
        AND first.billing_reason IN ('subscription_create', 'subscription_cycle') AND first.rowid < i.rowid
    );

INSERT INTO migration_notes (version, note, at)
  SELECT 14,
         'Account ' || uid || ': ' || count(*) || ' duplicate renewal charge(s) voided (one charge per period stands).',
         CAST(unixepoch('subsec') * 1000 AS INTEGER)
  FROM duplicate_charges GROUP BY uid ORDER BY uid;

UPDATE invoices SET voided_at = unixepoch() WHERE rowid IN (SELECT charge FROM duplicate_charges);

DROP TABLE temp.duplicate_charges;

-- The guarantee itself: one standing charge per subscription and period start. Renewals insert
-- with INSERT OR IGNORE, so a second worker renewing the same period writes nothing.
CREATE UNIQUE INDEX invoices_one_per_period ON invoices (subscription_id, period_start)
  WHERE billing_reason IN ('subscription_create', 'subscription_cycle') AND voided_at IS NULL;
