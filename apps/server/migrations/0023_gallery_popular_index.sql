-- The gallery sorted by popularity, read page after page by cursor: (score, created_at, id) in the
-- order the list is sorted, over public ready items only, so the next page after a cursor starts
-- from the index instead of sorting every public item again.
CREATE INDEX IF NOT EXISTS content_public_popular_idx ON content ((like_count + play_count) DESC, created_at DESC, id DESC)
  WHERE status = 'ready' AND is_private = false;
