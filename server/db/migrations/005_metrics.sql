-- Real-user metrics (docs/spec.md §9): one row per web-vitals report a browser sends to POST /api/metrics.
-- Nothing ties a row to an account or a client address; `page` is the path the visit began on.
CREATE TABLE web_vitals (
  name            TEXT NOT NULL CHECK (name IN ('LCP', 'INP', 'CLS', 'FCP', 'TTFB')),
  value           REAL NOT NULL CHECK (value >= 0), -- milliseconds; CLS is unitless
  rating          TEXT NOT NULL CHECK (rating IN ('good', 'needs-improvement', 'poor')),
  navigation_type TEXT NOT NULL,
  page            TEXT NOT NULL CHECK (length(page) BETWEEN 1 AND 200),
  metric_id       TEXT NOT NULL, -- web-vitals' id: one per metric per page load
  received_at     INTEGER NOT NULL -- milliseconds since the epoch
) STRICT;

-- Reading figures back is by metric over a period; pruning is by age.
CREATE INDEX web_vitals_by_name_and_time ON web_vitals (name, received_at);
CREATE INDEX web_vitals_by_time ON web_vitals (received_at);
