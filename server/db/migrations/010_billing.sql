-- Billing like the payment provider's (docs/decisions.md, Billing): a subscription can be set to
-- end at its period's end, can carry a downgrade that starts at its next renewal, keeps the card
-- that paid for it (brand and last four digits only) to renew with, and every charge is an invoice.
ALTER TABLE subscriptions ADD COLUMN cancel_at_period_end INTEGER NOT NULL DEFAULT 0
  CHECK (cancel_at_period_end IN (0, 1));
-- When the customer asked to cancel (seconds); null while the subscription is not set to end.
ALTER TABLE subscriptions ADD COLUMN canceled_at INTEGER;
-- When it lapsed (seconds): status is then 'canceled'.
ALTER TABLE subscriptions ADD COLUMN ended_at INTEGER;
-- A downgrade waiting for the next renewal.
ALTER TABLE subscriptions ADD COLUMN scheduled_price_id TEXT REFERENCES prices(id);
-- The card on file for renewals; a subscription without one lapses at its period's end.
ALTER TABLE subscriptions ADD COLUMN card_brand TEXT;
ALTER TABLE subscriptions ADD COLUMN card_last4 TEXT
  CHECK (card_last4 IS NULL OR (length(card_last4) = 4 AND card_last4 NOT GLOB '*[^0-9]*'));

UPDATE subscriptions SET
  card_brand = (SELECT card_brand FROM checkout_sessions s WHERE s.subscription_id = subscriptions.id),
  card_last4 = (SELECT card_last4 FROM checkout_sessions s WHERE s.subscription_id = subscriptions.id);

-- Every charge, as the provider's invoices: a new subscription, an upgrade's prorated difference,
-- or a renewal. Amounts in minor units; times in seconds.
CREATE TABLE invoices (
  id              TEXT PRIMARY KEY CHECK (id GLOB 'in_?*'),
  uid             TEXT NOT NULL REFERENCES accounts(uid) ON DELETE CASCADE,
  subscription_id TEXT NOT NULL,
  billing_reason  TEXT NOT NULL
    CHECK (billing_reason IN ('subscription_create', 'subscription_update', 'subscription_cycle')),
  created         INTEGER NOT NULL,
  amount_paid     INTEGER NOT NULL CHECK (amount_paid >= 0),
  currency        TEXT NOT NULL,
  price_id        TEXT NOT NULL REFERENCES prices(id),
  product_id      TEXT NOT NULL REFERENCES products(id),
  card_brand      TEXT,
  card_last4      TEXT,
  period_start    INTEGER NOT NULL,
  period_end      INTEGER NOT NULL
) STRICT;

CREATE INDEX invoices_by_customer ON invoices (uid, created);

-- The payments made before this migration, as their invoices.
INSERT INTO invoices (id, uid, subscription_id, billing_reason, created, amount_paid, currency, price_id, product_id,
  card_brand, card_last4, period_start, period_end)
SELECT 'in_' || lower(hex(randomblob(12))), s.uid, s.subscription_id, 'subscription_create', s.completed_at / 1000,
  p.unit_amount, p.currency, p.id, p.product_id, s.card_brand, s.card_last4, s.completed_at / 1000,
  coalesce(sub.current_period_end, s.completed_at / 1000 + 1)
FROM checkout_sessions s
JOIN prices p ON p.id = s.price
LEFT JOIN subscriptions sub ON sub.id = s.subscription_id
WHERE s.status = 'complete' AND s.subscription_id IS NOT NULL;
