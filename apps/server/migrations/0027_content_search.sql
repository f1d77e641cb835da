-- Search ranks every item that matches, because ts_rank cannot be read from an index. Reading the
-- matches from `content` itself meant visiting its wide rows (about 580 bytes each, ~11 to a page),
-- once to rank them and once more to count them. This table is a narrow copy of what search reads,
-- for the items search may show (the 'gallery' scope of content.visibility.ts: ready and public):
-- about 40 rows to a page, so the same matches sit on half as many pages, and a page that is not
-- written to stays all-visible, so the count can be answered from the GIN index and the visibility
-- map. Triggers on `content` keep it exact in the same transaction as every change.
CREATE TABLE content_search (
  content_id uuid PRIMARY KEY REFERENCES content(id) ON DELETE CASCADE,
  content_type text NOT NULL,
  created_at timestamptz NOT NULL,
  search_vector tsvector NOT NULL
);
CREATE INDEX content_search_vector_idx ON content_search USING gin (search_vector);

-- The row's search entry follows the row: present exactly while it is ready and public.
CREATE FUNCTION content_search_sync() RETURNS trigger AS $$
BEGIN
  IF NEW.status = 'ready' AND NOT NEW.is_private THEN
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

CREATE TRIGGER content_search_insert_trigger
  AFTER INSERT ON content
  FOR EACH ROW EXECUTE FUNCTION content_search_sync();

-- Progress, counters and the worker's bookkeeping do not touch the entry; deletion cascades.
CREATE TRIGGER content_search_update_trigger
  AFTER UPDATE OF status, is_private, title, description, prompt, tags, content_type, created_at ON content
  FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status
        OR OLD.is_private IS DISTINCT FROM NEW.is_private
        OR OLD.search_vector IS DISTINCT FROM NEW.search_vector
        OR OLD.content_type IS DISTINCT FROM NEW.content_type
        OR OLD.created_at IS DISTINCT FROM NEW.created_at)
  EXECUTE FUNCTION content_search_sync();

INSERT INTO content_search (content_id, content_type, created_at, search_vector)
SELECT id, content_type, created_at, coalesce(search_vector, ''::tsvector)
FROM content
WHERE status = 'ready' AND is_private = false;
