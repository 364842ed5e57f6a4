-- E-mails stored before sign-up composed them (NFC, shared/auth/credentials.ts normaliseEmail) are
-- stored composed now, as sign-in looks them up. One whose composed form is already another
-- account's is left as stored, with a note saying why: two accounts are never merged and nothing is
-- deleted (docs/decisions.md, "One identity per person"). Of several loose spellings of one
-- address with no composed account, the oldest account takes it. `normalise_email()` and the
-- notes' logging come from server/db/migrate.ts.
CREATE TABLE migration_notes (
  id      INTEGER PRIMARY KEY,
  version INTEGER NOT NULL, -- the migration that wrote it
  note    TEXT NOT NULL,
  at      INTEGER NOT NULL -- milliseconds since the epoch
) STRICT;

CREATE TEMP TABLE loose_emails AS
  SELECT uid, normalise_email(email) AS composed, created_at FROM accounts WHERE email <> normalise_email(email);

-- Who ends up with each composed address: the account already stored that way, else the oldest loose one.
CREATE TEMP TABLE composed_owners AS
  SELECT composed,
         coalesce(
           (SELECT a.uid FROM accounts a WHERE a.email = g.composed),
           (SELECT l.uid FROM loose_emails l WHERE l.composed = g.composed ORDER BY l.created_at, l.uid LIMIT 1)
         ) AS uid
  FROM (SELECT DISTINCT composed FROM loose_emails) g;

INSERT INTO migration_notes (version, note, at)
  SELECT 13,
         'Account ' || l.uid || ' keeps its e-mail as stored, not composed (NFC): its composed form is account '
           || o.uid || '''s. Sign-in finds account ' || o.uid || ' for that address; resolve it by hand.',
         CAST(unixepoch('subsec') * 1000 AS INTEGER)
  FROM loose_emails l JOIN composed_owners o ON o.composed = l.composed
  WHERE l.uid <> o.uid
  ORDER BY l.created_at, l.uid;

UPDATE accounts SET email = (SELECT l.composed FROM loose_emails l WHERE l.uid = accounts.uid)
  WHERE uid IN (SELECT o.uid FROM composed_owners o JOIN loose_emails l ON l.uid = o.uid);

DROP TABLE temp.composed_owners;
DROP TABLE temp.loose_emails;
