-- The ingest queue: one row per library source (its key), kept across restarts. A job found
-- 'probing' or 'transcoding' at start was cut short by a crash or a kill: it is queued again and
-- its half-made output (under library/.partial/) is deleted, never published.
CREATE TABLE ingest_jobs (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  key TEXT NOT NULL UNIQUE,
  source_path TEXT NOT NULL,
  output_dir TEXT NOT NULL,
  -- JSON: [{ "path": "...", "language": "en" }]
  external_subtitles TEXT NOT NULL DEFAULT '[]',
  state TEXT NOT NULL DEFAULT 'queued'
    CHECK (state IN ('queued', 'probing', 'transcoding', 'ready', 'failed')),
  percent REAL NOT NULL DEFAULT 0,
  reason TEXT,
  attempts INTEGER NOT NULL DEFAULT 0,
  -- JSON: what the job made (kind, duration, renditions, chapters, markers), once ready.
  result TEXT,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);

CREATE INDEX ingest_jobs_by_state ON ingest_jobs (state, id);
