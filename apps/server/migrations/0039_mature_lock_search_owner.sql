-- A vendor's own safety check (fal's has_nsfw_concepts, a Replicate model's nsfw output) rates the
-- finished item mature and fixes it there: its owner cannot lower the rating (content.service.ts),
-- an admin still sets either (moderation's setRating, which clears the mark when it lowers it).
ALTER TABLE content ADD COLUMN rating_locked_at timestamptz;
ALTER TABLE content ADD CONSTRAINT content_rating_locked_check CHECK (rating_locked_at IS NULL OR rating = 'mature');

-- Search's narrow copy carries the owner too, so a search leaves out the items of people the viewer
-- blocked and of suspended accounts while it ranks and counts (content.visibility.ts's ownersShownTo):
-- pages stay full and the total counts only what the pages can show.
ALTER TABLE content_search ADD COLUMN user_id uuid;
UPDATE content_search cs SET user_id = c.user_id FROM content c WHERE c.id = cs.content_id;
ALTER TABLE content_search ALTER COLUMN user_id SET NOT NULL;

CREATE OR REPLACE FUNCTION content_search_sync() RETURNS trigger AS $$
BEGIN
  IF NEW.status = 'ready' AND NOT NEW.is_private AND NEW.hidden_at IS NULL THEN
    INSERT INTO content_search (content_id, content_type, created_at, search_vector, rating, user_id)
    VALUES (NEW.id, NEW.content_type, NEW.created_at, coalesce(NEW.search_vector, ''::tsvector), NEW.rating, NEW.user_id)
    ON CONFLICT (content_id) DO UPDATE
      SET content_type = EXCLUDED.content_type, created_at = EXCLUDED.created_at,
          search_vector = EXCLUDED.search_vector, rating = EXCLUDED.rating, user_id = EXCLUDED.user_id;
  ELSIF TG_OP = 'UPDATE' THEN
    DELETE FROM content_search WHERE content_id = NEW.id;
  END IF;
  RETURN NULL;
END
$$ LANGUAGE plpgsql;

DROP TRIGGER content_search_update_trigger ON content;
CREATE TRIGGER content_search_update_trigger
  AFTER UPDATE OF status, is_private, hidden_at, rating, user_id, title, description, prompt, tags, content_type, created_at ON content
  FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status
        OR OLD.is_private IS DISTINCT FROM NEW.is_private
        OR OLD.hidden_at IS DISTINCT FROM NEW.hidden_at
        OR OLD.rating IS DISTINCT FROM NEW.rating
        OR OLD.user_id IS DISTINCT FROM NEW.user_id
        OR OLD.search_vector IS DISTINCT FROM NEW.search_vector
        OR OLD.content_type IS DISTINCT FROM NEW.content_type
        OR OLD.created_at IS DISTINCT FROM NEW.created_at)
  EXECUTE FUNCTION content_search_sync();
