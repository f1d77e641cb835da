-- Mature content: every item carries a rating, `general` or `mature` (content.visibility.ts reads
-- it: visitors and people without settings.showMature never see a mature item in any list).
ALTER TABLE content ADD COLUMN rating text NOT NULL DEFAULT 'general';
ALTER TABLE content ADD CONSTRAINT content_rating_check CHECK (rating IN ('general', 'mature'));

-- Search's narrow copy carries the rating too, so a visitor's search leaves mature items out while
-- ranking (pages stay full and totals exact), and a person who opted in still finds them.
ALTER TABLE content_search ADD COLUMN rating text NOT NULL DEFAULT 'general';

CREATE OR REPLACE FUNCTION content_search_sync() RETURNS trigger AS $$
BEGIN
  IF NEW.status = 'ready' AND NOT NEW.is_private AND NEW.hidden_at IS NULL THEN
    INSERT INTO content_search (content_id, content_type, created_at, search_vector, rating)
    VALUES (NEW.id, NEW.content_type, NEW.created_at, coalesce(NEW.search_vector, ''::tsvector), NEW.rating)
    ON CONFLICT (content_id) DO UPDATE
      SET content_type = EXCLUDED.content_type, created_at = EXCLUDED.created_at,
          search_vector = EXCLUDED.search_vector, rating = EXCLUDED.rating;
  ELSIF TG_OP = 'UPDATE' THEN
    DELETE FROM content_search WHERE content_id = NEW.id;
  END IF;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;

DROP TRIGGER content_search_update_trigger ON content;
CREATE TRIGGER content_search_update_trigger
  AFTER UPDATE OF status, is_private, hidden_at, rating, title, description, prompt, tags, content_type, created_at ON content
  FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status
        OR OLD.is_private IS DISTINCT FROM NEW.is_private
        OR OLD.hidden_at IS DISTINCT FROM NEW.hidden_at
        OR OLD.rating IS DISTINCT FROM NEW.rating
        OR OLD.search_vector IS DISTINCT FROM NEW.search_vector
        OR OLD.content_type IS DISTINCT FROM NEW.content_type
        OR OLD.created_at IS DISTINCT FROM NEW.created_at)
  EXECUTE FUNCTION content_search_sync();

ALTER TABLE admin_audit DROP CONSTRAINT IF EXISTS admin_audit_action_check;
ALTER TABLE admin_audit ADD CONSTRAINT admin_audit_action_check
  CHECK (action IN ('role_change', 'api_key_revoke', 'report_action', 'suspend', 'unsuspend', 'set_rating'));
