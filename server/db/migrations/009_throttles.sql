-- The sign-in and sign-up throttles' attempts and the metrics rate limit's windows, in the
-- database rather than in one process's memory, so that every worker of a cluster counts against
-- the same limits (docs/decisions.md, "Shared state across workers"). `scope` names the throttle
-- (sign-in-email, sign-in-client, sign-up-client, metrics-client); `key` is an e-mail or an address.
CREATE TABLE throttle_attempts (
  id    INTEGER PRIMARY KEY,
  scope TEXT NOT NULL,
  key   TEXT NOT NULL,
  at    INTEGER NOT NULL -- milliseconds since the epoch
) STRICT;
CREATE INDEX throttle_attempts_by_key ON throttle_attempts (scope, key, at);
CREATE INDEX throttle_attempts_by_time ON throttle_attempts (at);

CREATE TABLE rate_windows (
  scope TEXT NOT NULL,
  key   TEXT NOT NULL,
  start INTEGER NOT NULL, -- milliseconds since the epoch
  hits  INTEGER NOT NULL,
  PRIMARY KEY (scope, key)
) STRICT, WITHOUT ROWID;
CREATE INDEX rate_windows_by_start ON rate_windows (start);
