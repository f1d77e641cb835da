-- Trust and safety: reports and their review, blocks between people, "hidden" as a state on the
-- things people make, and account suspension.

-- One table for every report, whatever it points at (a content item, a comment, a person, a message
-- or a job). target_user_id is the person the target belongs to, read when the report is made, so
-- a suspension knows whom to suspend and deletion knows whose reports these are.
CREATE TABLE reports (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  reporter_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  target_type text NOT NULL,
  target_id uuid NOT NULL,
  target_user_id uuid REFERENCES users(id) ON DELETE SET NULL,
  reason text NOT NULL,
  details text,
  status text NOT NULL DEFAULT 'open',
  action text,
  note text,
  resolved_by uuid REFERENCES users(id) ON DELETE SET NULL,
  resolved_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT reports_target_type_check CHECK (target_type IN ('content', 'comment', 'user', 'message', 'job')),
  CONSTRAINT reports_reason_check CHECK (reason IN ('spam', 'harassment', 'sexual', 'violence', 'hate', 'illegal', 'impersonation', 'other')),
  CONSTRAINT reports_status_check CHECK (status IN ('open', 'actioned', 'dismissed')),
  CONSTRAINT reports_action_check CHECK (action IN ('dismiss', 'hide', 'delete', 'warn', 'suspend')),
  CONSTRAINT reports_details_check CHECK (char_length(details) <= 1000),
  CONSTRAINT reports_note_check CHECK (char_length(note) <= 1000)
);
-- One open report per reporter and target: a repeat finds the first one (ON CONFLICT).
CREATE UNIQUE INDEX reports_open_once_idx ON reports (reporter_id, target_type, target_id) WHERE status = 'open';
CREATE INDEX reports_status_created_idx ON reports (status, created_at DESC);
CREATE INDEX reports_target_idx ON reports (target_type, target_id);
CREATE INDEX reports_target_user_idx ON reports (target_user_id);

-- A block: the blocker keeps the blocked person away. Either side's row stops messages, comments,
-- likes, follows and applications between them.
CREATE TABLE user_blocks (
  blocker_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  blocked_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT user_blocks_pkey PRIMARY KEY (blocker_id, blocked_id),
  CONSTRAINT user_blocks_check CHECK (blocker_id <> blocked_id)
);
CREATE INDEX user_blocks_blocked_idx ON user_blocks (blocked_id);

-- Hidden by a moderator: out of every public list, still there for its owner (with a notice) and admins.
ALTER TABLE content ADD COLUMN hidden_at timestamptz;
ALTER TABLE content_comments ADD COLUMN hidden_at timestamptz;
ALTER TABLE jobs ADD COLUMN hidden_at timestamptz;

-- Search holds what the gallery may show; a hidden item leaves it with the same trigger.
CREATE OR REPLACE FUNCTION content_search_sync() RETURNS trigger AS $$
BEGIN
  IF NEW.status = 'ready' AND NOT NEW.is_private AND NEW.hidden_at IS NULL THEN
    INSERT INTO content_search (content_id, content_type, created_at, search_vector)
    VALUES (NEW.id, NEW.content_type, NEW.created_at, coalesce(NEW.search_vector, ''::tsvector))
    ON CONFLICT (content_id) DO UPDATE
      SET content_type = EXCLUDED.content_type, created_at = EXCLUDED.created_at, search_vector = EXCLUDED.search_vector;
  ELSIF TG_OP = 'UPDATE' THEN
    DELETE FROM content_search WHERE content_id = NEW.id;
  END IF;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;

DROP TRIGGER content_search_update_trigger ON content;
CREATE TRIGGER content_search_update_trigger
  AFTER UPDATE OF status, is_private, hidden_at, title, description, prompt, tags, content_type, created_at ON content
  FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status
        OR OLD.is_private IS DISTINCT FROM NEW.is_private
        OR OLD.hidden_at IS DISTINCT FROM NEW.hidden_at
        OR OLD.search_vector IS DISTINCT FROM NEW.search_vector
        OR OLD.content_type IS DISTINCT FROM NEW.content_type
        OR OLD.created_at IS DISTINCT FROM NEW.created_at)
  EXECUTE FUNCTION content_search_sync();

-- Suspension: from suspended_at until suspended_until (NULL: until an admin lifts it). Past the
-- end date the account is live again without anyone writing anything.
ALTER TABLE users ADD COLUMN suspended_at timestamptz;
ALTER TABLE users ADD COLUMN suspended_until timestamptz;

ALTER TABLE admin_audit DROP CONSTRAINT IF EXISTS admin_audit_action_check;
ALTER TABLE admin_audit ADD CONSTRAINT admin_audit_action_check
  CHECK (action IN ('role_change', 'api_key_revoke', 'report_action', 'suspend', 'unsuspend'));
