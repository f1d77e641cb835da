-- Several candidates per prompt, the settings they were made with, and remixes.
-- A batch is the generation module's row; each of its items is an ordinary content row that names it.
CREATE TABLE generation_batches (
  id uuid PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  item_count integer NOT NULL CONSTRAINT generation_batches_item_count_check CHECK (item_count BETWEEN 1 AND 4),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX generation_batches_user_idx ON generation_batches (user_id);

-- The shape and negative prompt asked for (NULL: the renderer chose the shape, no negative prompt).
ALTER TABLE content ADD COLUMN aspect_ratio text;
ALTER TABLE content ADD COLUMN negative_prompt text;
ALTER TABLE content ADD COLUMN batch_id uuid;
ALTER TABLE content ADD CONSTRAINT content_aspect_ratio_check
  CHECK (aspect_ratio IS NULL OR aspect_ratio IN ('1:1', '4:3', '3:4', '3:2', '2:3', '16:9', '9:16'));
ALTER TABLE content ADD CONSTRAINT content_negative_prompt_check
  CHECK (negative_prompt IS NULL OR char_length(negative_prompt) <= 500);
CREATE INDEX content_batch_idx ON content (batch_id) WHERE batch_id IS NOT NULL;
-- The public remixes of an item (children made by generation, not by an edit), newest first.
CREATE INDEX content_remixes_idx ON content (parent_id, created_at DESC)
  WHERE parent_id IS NOT NULL AND edit_operation IS NULL AND status = 'ready' AND is_private = false;
