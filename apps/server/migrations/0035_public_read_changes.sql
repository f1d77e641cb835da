-- Public reads are cached in every API process (platform/cache/public-reads.ts). Every change to
-- what they show NOTIFYs `atelier_public_reads` in the writer's own transaction, so each process
-- hears it at commit, whichever process or worker wrote it. Progress, play counts, heartbeats,
-- balances and sign-ins do not: they are not what a cached public page shows. PostgreSQL sends one
-- notification per transaction for identical payloads, so a statement of many rows sends one.
CREATE FUNCTION public_reads_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('atelier_public_reads', TG_TABLE_NAME);
  RETURN NULL;
END
$$;

-- A new item shows once it is ready and public (an upload; a generation's item on its update).
CREATE TRIGGER content_public_reads_insert
  AFTER INSERT ON content
  FOR EACH ROW WHEN (NEW.status = 'ready' AND NEW.is_private = false)
  EXECUTE FUNCTION public_reads_changed();

CREATE TRIGGER content_public_reads_update
  AFTER UPDATE ON content
  FOR EACH ROW
  WHEN ((OLD.status, OLD.is_private, OLD.hidden_at, OLD.title, OLD.description, OLD.tags, OLD.category_id,
         OLD.like_count, OLD.comment_count, OLD.content_type, OLD.media_key, OLD.preview_key,
         OLD.thumbnail_key, OLD.poster_key, OLD.user_id, OLD.created_at)
        IS DISTINCT FROM
        (NEW.status, NEW.is_private, NEW.hidden_at, NEW.title, NEW.description, NEW.tags, NEW.category_id,
         NEW.like_count, NEW.comment_count, NEW.content_type, NEW.media_key, NEW.preview_key,
         NEW.thumbnail_key, NEW.poster_key, NEW.user_id, NEW.created_at))
  EXECUTE FUNCTION public_reads_changed();

CREATE TRIGGER content_public_reads_delete
  AFTER DELETE ON content
  FOR EACH STATEMENT EXECUTE FUNCTION public_reads_changed();

-- A profile edit, a suspension, a deletion, a role or verification change.
CREATE TRIGGER users_public_reads_update
  AFTER UPDATE ON users
  FOR EACH ROW
  WHEN ((OLD.full_name, OLD.username, OLD.avatar, OLD.bio, OLD.website, OLD.location, OLD.settings,
         OLD.deleted_at, OLD.suspended_at, OLD.suspended_until, OLD.is_verified, OLD.role)
        IS DISTINCT FROM
        (NEW.full_name, NEW.username, NEW.avatar, NEW.bio, NEW.website, NEW.location, NEW.settings,
         NEW.deleted_at, NEW.suspended_at, NEW.suspended_until, NEW.is_verified, NEW.role))
  EXECUTE FUNCTION public_reads_changed();

CREATE TRIGGER users_public_reads_delete
  AFTER DELETE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION public_reads_changed();

-- Follower counts on profiles.
CREATE TRIGGER follows_public_reads
  AFTER INSERT OR DELETE ON follows
  FOR EACH STATEMENT EXECUTE FUNCTION public_reads_changed();

-- Category pages: names, the tree, which are active.
CREATE TRIGGER categories_public_reads
  AFTER INSERT OR UPDATE OR DELETE ON categories
  FOR EACH STATEMENT EXECUTE FUNCTION public_reads_changed();
