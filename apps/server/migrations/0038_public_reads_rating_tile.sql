-- The cached public reads (0035) also change when an item's rating (0033: a mature item leaves
-- visitors' lists) or its tile still (0037: the 640-pixel picture in its srcset) changes.
DROP TRIGGER content_public_reads_update ON content;
CREATE TRIGGER content_public_reads_update
  AFTER UPDATE ON content
  FOR EACH ROW
  WHEN ((OLD.status, OLD.is_private, OLD.hidden_at, OLD.title, OLD.description, OLD.tags, OLD.category_id,
         OLD.like_count, OLD.comment_count, OLD.content_type, OLD.media_key, OLD.preview_key,
         OLD.thumbnail_key, OLD.poster_key, OLD.user_id, OLD.created_at, OLD.rating, OLD.tile_key)
        IS DISTINCT FROM
        (NEW.status, NEW.is_private, NEW.hidden_at, NEW.title, NEW.description, NEW.tags, NEW.category_id,
         NEW.like_count, NEW.comment_count, NEW.content_type, NEW.media_key, NEW.preview_key,
         NEW.thumbnail_key, NEW.poster_key, NEW.user_id, NEW.created_at, NEW.rating, NEW.tile_key))
  EXECUTE FUNCTION public_reads_changed();
