-- Rate-limit and sign-in back-off counters, shared by every process on this database and kept
-- across restarts (used when REDIS_URL is unset). One row per key; a row whose window has passed
-- starts again at 1 on its next hit and is swept now and then.
CREATE TABLE IF NOT EXISTS rate_limit_counters (
  key text PRIMARY KEY,
  count integer NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX IF NOT EXISTS rate_limit_counters_expires_idx ON rate_limit_counters (expires_at);
