-- Indexes measured by bench/dashboards and bench/gallery (figures in bench/RESULTS.md).
--
-- Dashboards aggregate content, ledger and users by creation time. With the columns the aggregates
-- read carried in the index, a window of a day, a week or a month is an index-only scan of that
-- window instead of a visit to every table page holding one of its rows.
CREATE INDEX IF NOT EXISTS content_created_cover_idx ON content (created_at)
  INCLUDE (status, content_type, model, like_count, comment_count, play_count, charged, refunded);
-- The covering index has the same key: the plain one would only cost writes.
DROP INDEX IF EXISTS content_created_idx;

-- Sums of one ledger kind over a window (credits spent, refunded, purchased).
CREATE INDEX IF NOT EXISTS credit_ledger_kind_created_idx ON credit_ledger (kind, created_at) INCLUDE (delta);

-- Signups, verified share and role split over a window, from the index alone.
CREATE INDEX IF NOT EXISTS users_created_cover_idx ON users (created_at) INCLUDE (role, is_verified, deleted_at);
DROP INDEX IF EXISTS users_created_idx;

-- Series group rows by date_trunc(<bucket>, created_at AT TIME ZONE 'UTC'). Without statistics on
-- that expression the planner guesses one group per row, and then neither aggregates in parallel
-- nor sizes its hash table well; with them a year of weekly buckets is 53 groups, as it is.
CREATE STATISTICS IF NOT EXISTS content_created_hour_stat ON (date_trunc('hour', created_at AT TIME ZONE 'UTC')) FROM content;
CREATE STATISTICS IF NOT EXISTS content_created_day_stat ON (date_trunc('day', created_at AT TIME ZONE 'UTC')) FROM content;
CREATE STATISTICS IF NOT EXISTS content_created_week_stat ON (date_trunc('week', created_at AT TIME ZONE 'UTC')) FROM content;
CREATE STATISTICS IF NOT EXISTS content_created_month_stat ON (date_trunc('month', created_at AT TIME ZONE 'UTC')) FROM content;
CREATE STATISTICS IF NOT EXISTS credit_ledger_created_hour_stat ON (date_trunc('hour', created_at AT TIME ZONE 'UTC')) FROM credit_ledger;
CREATE STATISTICS IF NOT EXISTS credit_ledger_created_day_stat ON (date_trunc('day', created_at AT TIME ZONE 'UTC')) FROM credit_ledger;
CREATE STATISTICS IF NOT EXISTS credit_ledger_created_week_stat ON (date_trunc('week', created_at AT TIME ZONE 'UTC')) FROM credit_ledger;
CREATE STATISTICS IF NOT EXISTS credit_ledger_created_month_stat ON (date_trunc('month', created_at AT TIME ZONE 'UTC')) FROM credit_ledger;
CREATE STATISTICS IF NOT EXISTS users_created_hour_stat ON (date_trunc('hour', created_at AT TIME ZONE 'UTC')) FROM users;
CREATE STATISTICS IF NOT EXISTS users_created_day_stat ON (date_trunc('day', created_at AT TIME ZONE 'UTC')) FROM users;
CREATE STATISTICS IF NOT EXISTS users_created_week_stat ON (date_trunc('week', created_at AT TIME ZONE 'UTC')) FROM users;
CREATE STATISTICS IF NOT EXISTS users_created_month_stat ON (date_trunc('month', created_at AT TIME ZONE 'UTC')) FROM users;
