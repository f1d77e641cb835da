-- Notifications (DESIGN.md §12): one row per person and group. A group is what one line of the
-- panel says: one comment, one reply, one follow... and the likes of one item on one day, which
-- are one row updated in place ("A, B and 12 others liked X"). The request that causes one only
-- queues a job; the notifications module's worker writes these rows.
CREATE TABLE notifications (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('comment', 'reply', 'like', 'follow', 'remix', 'application', 'application-status', 'generation', 'mention', 'moderation')),
  -- (kind, subject, day) for likes; (kind, source) for the rest.
  group_key text NOT NULL,
  subject_type text NOT NULL CHECK (subject_type IN ('content', 'user', 'job', 'application')),
  subject_id uuid NOT NULL,
  -- What made it, when one thing did (a comment): deleting it withdraws the unread notification.
  source_id uuid,
  -- Who did it, newest first (every liker of the group, so an unlike can take theirs back).
  actor_ids uuid[] NOT NULL DEFAULT '{}'::uuid[],
  excerpt text,
  refunded integer,
  read_at timestamptz,
  -- Waiting for the next email of its kind to this person, since then.
  email_pending_since timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX notifications_user_group_key ON notifications (user_id, group_key);
CREATE INDEX notifications_user_updated_idx ON notifications (user_id, updated_at DESC, id DESC);
CREATE INDEX notifications_unread_idx ON notifications (user_id) WHERE read_at IS NULL;
CREATE INDEX notifications_email_pending_idx ON notifications (email_pending_since) WHERE email_pending_since IS NOT NULL;
CREATE INDEX notifications_subject_idx ON notifications (subject_id);
CREATE INDEX notifications_source_idx ON notifications (source_id) WHERE source_id IS NOT NULL;

-- A person's choices per kind; a kind without a row has the defaults (NOTIFICATION_EMAIL_DEFAULTS).
CREATE TABLE notification_settings (
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('comment', 'reply', 'like', 'follow', 'remix', 'application', 'application-status', 'generation', 'mention', 'moderation')),
  in_app boolean NOT NULL,
  email boolean NOT NULL,
  PRIMARY KEY (user_id, kind)
);
