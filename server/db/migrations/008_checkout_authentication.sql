-- A payment waiting for 3D Secure authentication (Stripe's test card 4000 0025 0000 3155): the
-- session stays open and holds a single-use token for the confirm/fail step, with the brand and
-- last four digits of the card to charge (card_brand, card_last4). Cleared by either outcome.
ALTER TABLE checkout_sessions ADD COLUMN authentication_token TEXT
  CHECK (authentication_token IS NULL OR authentication_token GLOB 'pi_auth_?*');
