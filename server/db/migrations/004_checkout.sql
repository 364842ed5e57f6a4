-- Plans, subscriptions and the hosted checkout, in the shapes of the Stripe Firebase extension:
-- products/{id} with products/{id}/prices/{id}, customers/{uid}/subscriptions/{id} and
-- customers/{uid}/checkout_sessions/{id} (docs/spec.md §3, §7).

-- The plans on offer, seeded at start from server/checkout/products-seed.ts. A product or price
-- the seed no longer lists is made inactive, never deleted: subscriptions still point at it.
CREATE TABLE products (
  id          TEXT PRIMARY KEY CHECK (id GLOB 'prod_?*'),
  name        TEXT NOT NULL CHECK (name <> ''),
  description TEXT NOT NULL,
  active      INTEGER NOT NULL CHECK (active IN (0, 1)),
  role        TEXT NOT NULL CHECK (role <> ''), -- the plan key a subscription carries ("standard")
  images      TEXT NOT NULL DEFAULT '[]'        -- JSON array of image URLs
) STRICT;

CREATE TABLE prices (
  id             TEXT PRIMARY KEY CHECK (id GLOB 'price_?*'),
  product_id     TEXT NOT NULL REFERENCES products(id),
  active         INTEGER NOT NULL CHECK (active IN (0, 1)),
  currency       TEXT NOT NULL CHECK (length(currency) = 3 AND currency NOT GLOB '*[^a-z]*'),
  unit_amount    INTEGER NOT NULL CHECK (unit_amount >= 0), -- minor units: 699 is 6.99
  type           TEXT NOT NULL CHECK (type IN ('one_time', 'recurring')),
  interval       TEXT CHECK (interval IN ('day', 'week', 'month', 'year')),
  interval_count INTEGER CHECK (interval_count >= 1),
  CHECK ((type = 'recurring') = (interval IS NOT NULL AND interval_count IS NOT NULL))
) STRICT;

CREATE INDEX prices_by_product ON prices (product_id);

-- Which version of the seed is loaded, so a restart with the same seed writes nothing.
CREATE TABLE product_sources (
  source TEXT PRIMARY KEY,
  hash   TEXT NOT NULL
) STRICT;

-- A customer's current subscription: at most one per account (the primary key), so paying again
-- replaces it. Times are seconds since the epoch, as Firestore Timestamps carry them.
CREATE TABLE subscriptions (
  uid                  TEXT PRIMARY KEY REFERENCES accounts(uid) ON DELETE CASCADE,
  id                   TEXT NOT NULL UNIQUE CHECK (id GLOB 'sub_?*'),
  role                 TEXT NOT NULL,
  status               TEXT NOT NULL CHECK (status IN ('active', 'canceled', 'past_due', 'trialing', 'unpaid')),
  price_id             TEXT NOT NULL REFERENCES prices(id),
  product_id           TEXT NOT NULL REFERENCES products(id),
  created              INTEGER NOT NULL,
  current_period_start INTEGER NOT NULL,
  current_period_end   INTEGER NOT NULL CHECK (current_period_end > current_period_start)
) STRICT;

-- Checkout session requests and the sessions made from them. A request is stored as written
-- (its price may name nothing: that is answered with `error_message`, not refused), then
-- processed: it gets either a session (session_id, url, expires_at) or an error, never both.
-- `status` is 'open' until paid; an open session past expires_at reads as expired.
CREATE TABLE checkout_sessions (
  uid             TEXT NOT NULL REFERENCES accounts(uid) ON DELETE CASCADE,
  id              TEXT NOT NULL CHECK (id <> '' AND id NOT GLOB '*[^A-Za-z0-9]*'),
  price           TEXT NOT NULL,
  success_url     TEXT NOT NULL,
  cancel_url      TEXT NOT NULL,
  origin          TEXT NOT NULL, -- the site's origin when the request was made
  created_at      INTEGER NOT NULL, -- milliseconds since the epoch
  session_id      TEXT UNIQUE CHECK (session_id GLOB 'cs_test_?*'),
  url             TEXT,
  expires_at      INTEGER, -- milliseconds since the epoch
  error_message   TEXT,
  status          TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'complete', 'expired')),
  completed_at    INTEGER,
  subscription_id TEXT,
  card_brand      TEXT, -- of the card that paid; the number itself is never stored
  card_last4      TEXT CHECK (card_last4 IS NULL OR (length(card_last4) = 4 AND card_last4 NOT GLOB '*[^0-9]*')),
  PRIMARY KEY (uid, id),
  CHECK (session_id IS NULL OR error_message IS NULL),
  CHECK ((session_id IS NULL) = (url IS NULL) AND (session_id IS NULL) = (expires_at IS NULL)),
  CHECK (status <> 'complete' OR (session_id IS NOT NULL AND completed_at IS NOT NULL))
) STRICT;

-- Requests still waiting for their asynchronous step (picked up again after a restart).
CREATE INDEX checkout_sessions_pending ON checkout_sessions (created_at)
  WHERE session_id IS NULL AND error_message IS NULL;
