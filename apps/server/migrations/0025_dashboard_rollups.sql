-- Rollups the admin dashboards read instead of scanning a year of content and ledger rows
-- (bench/dashboards, figures in bench/RESULTS.md). Triggers keep them in the writer's transaction,
-- so a figure is exact as soon as the write commits, whatever module or statement wrote the row.
--
-- No trigger updates a shared counter row: a hot row would serialise every generation request.
-- Content and ledger triggers only append to *_changes tables (no key, no index, no lock on
-- anything shared); the dashboards add the unfolded changes to the folded days when they read,
-- and a background task folds them into *_daily now and then. The activity rollup is insert-only
-- with ON CONFLICT DO NOTHING, keyed by (user, week): two writes meet only for the same person.
--
-- Days and weeks are UTC; weeks start on Monday, as date_trunc('week') has them.

-- ------------------------------------------------------------------ content per day

CREATE TABLE content_daily (
  day date NOT NULL,
  content_type text NOT NULL,
  model text NOT NULL,
  status text NOT NULL,
  items bigint NOT NULL,
  refunds bigint NOT NULL,
  charged bigint NOT NULL,
  likes bigint NOT NULL,
  comments bigint NOT NULL,
  plays bigint NOT NULL,
  PRIMARY KEY (day, content_type, model, status)
);

-- Signed changes to content_daily not folded yet. Each row adds to (or, negative, takes from) the
-- day of its key; the dashboards read content_daily plus these.
CREATE TABLE content_daily_changes (
  day date NOT NULL,
  content_type text NOT NULL,
  model text NOT NULL,
  status text NOT NULL,
  items bigint NOT NULL,
  refunds bigint NOT NULL,
  charged bigint NOT NULL,
  likes bigint NOT NULL,
  comments bigint NOT NULL,
  plays bigint NOT NULL
);

-- ------------------------------------------------------------------ ledger per day

CREATE TABLE ledger_daily (
  day date NOT NULL,
  kind text NOT NULL,
  entries bigint NOT NULL,
  total bigint NOT NULL,
  PRIMARY KEY (day, kind)
);

CREATE TABLE ledger_daily_changes (
  day date NOT NULL,
  kind text NOT NULL,
  entries bigint NOT NULL,
  total bigint NOT NULL
);

-- ------------------------------------------------------------------ weekly activity

-- A row per person and week in which they created content, for the first 9 weeks after the week
-- they signed up (week offsets 0..8: what the retention cohorts show). The person's signup time
-- and week (users.created_at) are kept here, so a window's cohorts are one range of this table.
-- first_at is the week's first content made at or after signup (null when all of it came
-- before): activation (content within 7 days of signup) reads it from weeks 0 and 1.
CREATE TABLE user_activity_weeks (
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  week date NOT NULL,
  signup_week date NOT NULL,
  signed_up_at timestamptz NOT NULL,
  first_at timestamptz,
  PRIMARY KEY (user_id, week)
);
CREATE INDEX user_activity_weeks_signup_idx ON user_activity_weeks (signed_up_at);
-- Activation reads weeks 0 and 1 only, from this index alone.
CREATE INDEX user_activity_weeks_first_weeks_idx ON user_activity_weeks (signed_up_at, user_id, first_at)
  WHERE week - signup_week <= 7;

-- How many people who signed up on a day were active k weeks after their signup week: the
-- retention cohorts of whole days, without reading each person's weeks. Kept from
-- user_activity_weeks by row triggers, which run only when a person's week is added or removed
-- (not on every content insert), and folded like the other rollups.
CREATE TABLE cohort_daily (
  signup_day date NOT NULL,
  k smallint NOT NULL,
  users bigint NOT NULL,
  PRIMARY KEY (signup_day, k)
);

CREATE TABLE cohort_daily_changes (
  signup_day date NOT NULL,
  k smallint NOT NULL,
  users bigint NOT NULL
);

CREATE FUNCTION cohort_rollups_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    INSERT INTO cohort_daily_changes (signup_day, k, users)
    VALUES ((OLD.signed_up_at AT TIME ZONE 'UTC')::date, (OLD.week - OLD.signup_week) / 7, -1);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO cohort_daily_changes (signup_day, k, users)
    VALUES ((NEW.signed_up_at AT TIME ZONE 'UTC')::date, (NEW.week - NEW.signup_week) / 7, 1);
  END IF;
  RETURN NULL;
END $$;

-- Its triggers are made after the backfill, at the end of this file.

-- The rows of these (user, week) pairs, made again from content.
CREATE FUNCTION user_activity_recount(pairs jsonb) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM user_activity_weeks a
  USING jsonb_to_recordset(pairs) AS p(user_id uuid, week date)
  WHERE a.user_id = p.user_id AND a.week = p.week;
  INSERT INTO user_activity_weeks (user_id, week, signup_week, signed_up_at, first_at)
  SELECT p.user_id, p.week, date_trunc('week', u.created_at AT TIME ZONE 'UTC')::date, u.created_at,
         min(c.created_at) FILTER (WHERE c.created_at >= u.created_at)
  FROM (SELECT DISTINCT * FROM jsonb_to_recordset(pairs) AS x(user_id uuid, week date)) p
  JOIN users u ON u.id = p.user_id
  JOIN content c ON c.user_id = p.user_id AND c.created_at >= (p.week::timestamp AT TIME ZONE 'UTC')
                AND c.created_at < ((p.week + 7)::timestamp AT TIME ZONE 'UTC')
  WHERE p.week - date_trunc('week', u.created_at AT TIME ZONE 'UTC')::date BETWEEN 0 AND 56
  GROUP BY p.user_id, p.week, u.created_at
  -- An insert of the same person's week that committed meanwhile made the row again.
  ON CONFLICT (user_id, week) DO UPDATE SET first_at = least(user_activity_weeks.first_at, excluded.first_at);
END $$;

-- ------------------------------------------------------------------ triggers on content

-- A new item adds its week; an earlier first item (only ever from backdated rows) moves first_at.
-- The update locks only that person's row of that week.
CREATE FUNCTION content_rollups_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO content_daily_changes (day, content_type, model, status, items, refunds, charged, likes, comments, plays)
  SELECT (created_at AT TIME ZONE 'UTC')::date, content_type, model, status, count(*),
         count(*) FILTER (WHERE refunded > 0), sum(charged), sum(like_count), sum(comment_count), sum(play_count)
  FROM new_rows GROUP BY 1, 2, 3, 4;
  INSERT INTO user_activity_weeks AS a (user_id, week, signup_week, signed_up_at, first_at)
  SELECT n.user_id, date_trunc('week', n.created_at AT TIME ZONE 'UTC')::date,
         date_trunc('week', u.created_at AT TIME ZONE 'UTC')::date, u.created_at,
         min(n.created_at) FILTER (WHERE n.created_at >= u.created_at)
  FROM new_rows n JOIN users u ON u.id = n.user_id
  WHERE date_trunc('week', n.created_at AT TIME ZONE 'UTC')::date - date_trunc('week', u.created_at AT TIME ZONE 'UTC')::date
        BETWEEN 0 AND 56
  GROUP BY 1, 2, 3, 4
  ON CONFLICT (user_id, week) DO UPDATE SET first_at = excluded.first_at
  WHERE excluded.first_at < a.first_at OR (a.first_at IS NULL AND excluded.first_at IS NOT NULL);
  RETURN NULL;
END $$;

-- A week stays while the person still has content created in it.
CREATE FUNCTION content_rollups_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO content_daily_changes (day, content_type, model, status, items, refunds, charged, likes, comments, plays)
  SELECT (created_at AT TIME ZONE 'UTC')::date, content_type, model, status, -count(*),
         -count(*) FILTER (WHERE refunded > 0), -sum(charged), -sum(like_count), -sum(comment_count), -sum(play_count)
  FROM old_rows GROUP BY 1, 2, 3, 4;
  PERFORM user_activity_recount(jsonb_agg(DISTINCT jsonb_build_object(
    'user_id', o.user_id, 'week', date_trunc('week', o.created_at AT TIME ZONE 'UTC')::date)))
  FROM old_rows o JOIN user_activity_weeks a
    ON a.user_id = o.user_id AND a.week = date_trunc('week', o.created_at AT TIME ZONE 'UTC')::date
  HAVING count(*) > 0;
  RETURN NULL;
END $$;

-- Status, refunds, charges and counters change after a row is made; the day takes the old values
-- out and the new ones in. The trigger's WHEN keeps the function out of every other update
-- (progress, heartbeats, titles).
CREATE FUNCTION content_rollups_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO content_daily_changes (day, content_type, model, status, items, refunds, charged, likes, comments, plays)
  VALUES ((OLD.created_at AT TIME ZONE 'UTC')::date, OLD.content_type, OLD.model, OLD.status, -1,
          -(OLD.refunded > 0)::int, -OLD.charged, -OLD.like_count, -OLD.comment_count, -OLD.play_count),
         ((NEW.created_at AT TIME ZONE 'UTC')::date, NEW.content_type, NEW.model, NEW.status, 1,
          (NEW.refunded > 0)::int, NEW.charged, NEW.like_count, NEW.comment_count, NEW.play_count);
  IF OLD.user_id IS DISTINCT FROM NEW.user_id OR OLD.created_at IS DISTINCT FROM NEW.created_at THEN
    PERFORM user_activity_recount(jsonb_build_array(
      jsonb_build_object('user_id', OLD.user_id, 'week', date_trunc('week', OLD.created_at AT TIME ZONE 'UTC')::date),
      jsonb_build_object('user_id', NEW.user_id, 'week', date_trunc('week', NEW.created_at AT TIME ZONE 'UTC')::date)));
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER content_rollups_insert AFTER INSERT ON content
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION content_rollups_inserted();
CREATE TRIGGER content_rollups_delete AFTER DELETE ON content
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION content_rollups_deleted();
CREATE TRIGGER content_rollups_update AFTER UPDATE ON content FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.content_type IS DISTINCT FROM NEW.content_type
        OR OLD.model IS DISTINCT FROM NEW.model OR OLD.created_at IS DISTINCT FROM NEW.created_at
        OR OLD.user_id IS DISTINCT FROM NEW.user_id OR (OLD.refunded > 0) IS DISTINCT FROM (NEW.refunded > 0)
        OR OLD.charged IS DISTINCT FROM NEW.charged OR OLD.like_count IS DISTINCT FROM NEW.like_count
        OR OLD.comment_count IS DISTINCT FROM NEW.comment_count OR OLD.play_count IS DISTINCT FROM NEW.play_count)
  EXECUTE FUNCTION content_rollups_updated();

-- ------------------------------------------------------------------ a person's signup time

-- The product never moves a signup; imports and fixtures may. The person's weeks are then counted
-- again from their content.
CREATE FUNCTION user_activity_signup_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM user_activity_weeks WHERE user_id = NEW.id;
  PERFORM user_activity_recount(jsonb_agg(DISTINCT jsonb_build_object(
    'user_id', NEW.id, 'week', date_trunc('week', c.created_at AT TIME ZONE 'UTC')::date)))
  FROM content c WHERE c.user_id = NEW.id
  HAVING count(*) > 0;
  RETURN NULL;
END $$;

CREATE TRIGGER user_activity_signup_moved AFTER UPDATE OF created_at ON users FOR EACH ROW
  WHEN (OLD.created_at IS DISTINCT FROM NEW.created_at) EXECUTE FUNCTION user_activity_signup_moved();

-- ------------------------------------------------------------------ triggers on the ledger

CREATE FUNCTION ledger_rollups_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO ledger_daily_changes (day, kind, entries, total)
  SELECT (created_at AT TIME ZONE 'UTC')::date, kind, count(*), sum(delta) FROM new_rows GROUP BY 1, 2;
  RETURN NULL;
END $$;

CREATE FUNCTION ledger_rollups_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO ledger_daily_changes (day, kind, entries, total)
  SELECT (created_at AT TIME ZONE 'UTC')::date, kind, -count(*), -sum(delta) FROM old_rows GROUP BY 1, 2;
  RETURN NULL;
END $$;

-- Ledger rows are only inserted by the product; this keeps the days right if one is ever corrected.
CREATE FUNCTION ledger_rollups_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO ledger_daily_changes (day, kind, entries, total)
  VALUES ((OLD.created_at AT TIME ZONE 'UTC')::date, OLD.kind, -1, -OLD.delta),
         ((NEW.created_at AT TIME ZONE 'UTC')::date, NEW.kind, 1, NEW.delta);
  RETURN NULL;
END $$;

CREATE TRIGGER ledger_rollups_insert AFTER INSERT ON credit_ledger
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ledger_rollups_inserted();
CREATE TRIGGER ledger_rollups_delete AFTER DELETE ON credit_ledger
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION ledger_rollups_deleted();
CREATE TRIGGER ledger_rollups_update AFTER UPDATE ON credit_ledger FOR EACH ROW
  WHEN (OLD.created_at IS DISTINCT FROM NEW.created_at OR OLD.kind IS DISTINCT FROM NEW.kind
        OR OLD.delta IS DISTINCT FROM NEW.delta)
  EXECUTE FUNCTION ledger_rollups_updated();

-- ------------------------------------------------------------------ people per signup day

-- Accounts by UTC day of signup, role, verification and deletion: sign-up series, cohort sizes,
-- the verified share and the role split without reading every account.
CREATE TABLE users_daily (
  day date NOT NULL,
  role text NOT NULL,
  is_verified boolean NOT NULL,
  is_deleted boolean NOT NULL,
  users bigint NOT NULL,
  PRIMARY KEY (day, role, is_verified, is_deleted)
);

CREATE TABLE users_daily_changes (
  day date NOT NULL,
  role text NOT NULL,
  is_verified boolean NOT NULL,
  is_deleted boolean NOT NULL,
  users bigint NOT NULL
);

CREATE FUNCTION users_rollups_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO users_daily_changes (day, role, is_verified, is_deleted, users)
  SELECT (created_at AT TIME ZONE 'UTC')::date, role, is_verified, deleted_at IS NOT NULL, count(*)
  FROM new_rows GROUP BY 1, 2, 3, 4;
  RETURN NULL;
END $$;

CREATE FUNCTION users_rollups_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO users_daily_changes (day, role, is_verified, is_deleted, users)
  SELECT (created_at AT TIME ZONE 'UTC')::date, role, is_verified, deleted_at IS NOT NULL, -count(*)
  FROM old_rows GROUP BY 1, 2, 3, 4;
  RETURN NULL;
END $$;

CREATE FUNCTION users_rollups_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO users_daily_changes (day, role, is_verified, is_deleted, users)
  VALUES ((OLD.created_at AT TIME ZONE 'UTC')::date, OLD.role, OLD.is_verified, OLD.deleted_at IS NOT NULL, -1),
         ((NEW.created_at AT TIME ZONE 'UTC')::date, NEW.role, NEW.is_verified, NEW.deleted_at IS NOT NULL, 1);
  RETURN NULL;
END $$;

CREATE TRIGGER users_rollups_insert AFTER INSERT ON users
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION users_rollups_inserted();
CREATE TRIGGER users_rollups_delete AFTER DELETE ON users
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION users_rollups_deleted();
-- Balance and profile updates do not match the WHEN, so they never call the function.
CREATE TRIGGER users_rollups_update AFTER UPDATE ON users FOR EACH ROW
  WHEN (OLD.created_at IS DISTINCT FROM NEW.created_at OR OLD.role IS DISTINCT FROM NEW.role
        OR OLD.is_verified IS DISTINCT FROM NEW.is_verified OR (OLD.deleted_at IS NULL) IS DISTINCT FROM (NEW.deleted_at IS NULL))
  EXECUTE FUNCTION users_rollups_updated();

-- ------------------------------------------------------------------ backfill

-- The triggers above exist before these reads: CREATE TRIGGER locks each table against writes
-- until this migration commits, so no row is missed or counted twice.
INSERT INTO content_daily (day, content_type, model, status, items, refunds, charged, likes, comments, plays)
SELECT (created_at AT TIME ZONE 'UTC')::date, content_type, model, status, count(*),
       count(*) FILTER (WHERE refunded > 0), sum(charged), sum(like_count), sum(comment_count), sum(play_count)
FROM content GROUP BY 1, 2, 3, 4;

INSERT INTO ledger_daily (day, kind, entries, total)
SELECT (created_at AT TIME ZONE 'UTC')::date, kind, count(*), sum(delta) FROM credit_ledger GROUP BY 1, 2;

INSERT INTO users_daily (day, role, is_verified, is_deleted, users)
SELECT (created_at AT TIME ZONE 'UTC')::date, role, is_verified, deleted_at IS NOT NULL, count(*) FROM users GROUP BY 1, 2, 3, 4;

INSERT INTO user_activity_weeks (user_id, week, signup_week, signed_up_at, first_at)
SELECT c.user_id, date_trunc('week', c.created_at AT TIME ZONE 'UTC')::date,
       date_trunc('week', u.created_at AT TIME ZONE 'UTC')::date, u.created_at,
       min(c.created_at) FILTER (WHERE c.created_at >= u.created_at)
FROM content c JOIN users u ON u.id = c.user_id
WHERE date_trunc('week', c.created_at AT TIME ZONE 'UTC')::date - date_trunc('week', u.created_at AT TIME ZONE 'UTC')::date
      BETWEEN 0 AND 56
GROUP BY 1, 2, 3, 4;

INSERT INTO cohort_daily (signup_day, k, users)
SELECT (signed_up_at AT TIME ZONE 'UTC')::date, (week - signup_week) / 7, count(*) FROM user_activity_weeks GROUP BY 1, 2;

-- Only content triggers write user_activity_weeks, and they wait for this migration's locks, so
-- the cohort triggers can start after the cohort backfill.
CREATE TRIGGER cohort_rollups_insert_delete AFTER INSERT OR DELETE ON user_activity_weeks
  FOR EACH ROW EXECUTE FUNCTION cohort_rollups_changed();
CREATE TRIGGER cohort_rollups_update AFTER UPDATE ON user_activity_weeks FOR EACH ROW
  WHEN (OLD.signed_up_at IS DISTINCT FROM NEW.signed_up_at OR OLD.week IS DISTINCT FROM NEW.week
        OR OLD.signup_week IS DISTINCT FROM NEW.signup_week)
  EXECUTE FUNCTION cohort_rollups_changed();
