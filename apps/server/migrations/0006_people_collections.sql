-- People and collections: follows, collections and their items.
CREATE TABLE follows (
  follower_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  following_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (follower_id, following_id),
  CHECK (follower_id <> following_id)
);
CREATE INDEX follows_following_idx ON follows (following_id, created_at DESC);
CREATE INDEX follows_follower_created_idx ON follows (follower_id, created_at DESC);

CREATE TABLE collections (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 100),
  description text,
  is_public boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX collections_user_created_idx ON collections (user_id, created_at DESC);

-- item_type leaves room for other kinds of items; today only content can be saved.
CREATE TABLE collection_items (
  collection_id uuid NOT NULL REFERENCES collections(id) ON DELETE CASCADE,
  item_type text NOT NULL DEFAULT 'content' CHECK (item_type IN ('content')),
  item_id uuid NOT NULL REFERENCES content(id) ON DELETE CASCADE,
  added_at timestamptz NOT NULL DEFAULT now(),
  -- Orders items added in the same instant.
  seq bigint GENERATED ALWAYS AS IDENTITY,
  PRIMARY KEY (collection_id, item_type, item_id)
);
CREATE INDEX collection_items_item_idx ON collection_items (item_id);
CREATE INDEX collection_items_collection_seq_idx ON collection_items (collection_id, seq DESC);

CREATE INDEX users_referred_by_idx ON users (referred_by);
