-- Community side of content: categories, tags, full-text search, likes, comments and plays.
CREATE TABLE categories (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL,
  slug text NOT NULL,
  description text,
  parent_id uuid REFERENCES categories(id) ON DELETE SET NULL,
  is_active boolean NOT NULL DEFAULT true,
  sort_order integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (parent_id IS NULL OR parent_id <> id)
);
CREATE UNIQUE INDEX categories_slug_key ON categories (slug);
CREATE INDEX categories_parent_idx ON categories (parent_id, sort_order, name);

ALTER TABLE content ADD COLUMN category_id uuid REFERENCES categories(id) ON DELETE SET NULL;
ALTER TABLE content ADD COLUMN tags text[] NOT NULL DEFAULT '{}';
-- Kept by the trigger below: array_to_string is not immutable, so a generated column cannot use it.
ALTER TABLE content ADD COLUMN search_vector tsvector;

CREATE FUNCTION content_search_vector_update() RETURNS trigger AS $$
BEGIN
  NEW.search_vector :=
    setweight(to_tsvector('english', coalesce(NEW.title, '')), 'A') ||
    setweight(to_tsvector('english', coalesce(array_to_string(NEW.tags, ' '), '')), 'B') ||
    setweight(to_tsvector('english', coalesce(NEW.description, '')), 'C') ||
    setweight(to_tsvector('english', coalesce(NEW.prompt, '')), 'D');
  RETURN NEW;
END
$$ LANGUAGE plpgsql;

CREATE TRIGGER content_search_vector_trigger
  BEFORE INSERT OR UPDATE OF title, description, prompt, tags ON content
  FOR EACH ROW EXECUTE FUNCTION content_search_vector_update();

UPDATE content SET title = title;

CREATE INDEX content_search_idx ON content USING gin (search_vector);
CREATE INDEX content_tags_idx ON content USING gin (tags);
CREATE INDEX content_category_idx ON content (category_id);
-- Public lists filter on status and privacy and page by recency.
CREATE INDEX content_status_private_created_idx ON content (status, is_private, created_at DESC, id DESC);
CREATE INDEX content_type_created_idx ON content (content_type, created_at DESC) WHERE status = 'ready' AND is_private = false;

CREATE TABLE content_likes (
  content_id uuid NOT NULL REFERENCES content(id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (content_id, user_id)
);
CREATE INDEX content_likes_user_idx ON content_likes (user_id);
CREATE INDEX content_likes_created_idx ON content_likes (created_at DESC);

CREATE TABLE content_comments (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  content_id uuid NOT NULL REFERENCES content(id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  parent_id uuid REFERENCES content_comments(id) ON DELETE CASCADE,
  body text NOT NULL CHECK (char_length(body) BETWEEN 1 AND 2000),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX content_comments_top_idx ON content_comments (content_id, created_at DESC) WHERE parent_id IS NULL;
CREATE INDEX content_comments_parent_idx ON content_comments (parent_id, created_at);
CREATE INDEX content_comments_created_idx ON content_comments (created_at DESC);

-- One row per play: the count lives on content; these rows feed the trending sort.
CREATE TABLE content_plays (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  content_id uuid NOT NULL REFERENCES content(id) ON DELETE CASCADE,
  user_id uuid REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX content_plays_content_created_idx ON content_plays (content_id, created_at DESC);
CREATE INDEX content_plays_created_idx ON content_plays (created_at DESC);
