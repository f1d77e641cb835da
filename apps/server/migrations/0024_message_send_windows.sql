-- The send limit (10 messages per 5 s per person), one row per person who typed a message: the
-- times of their sends still inside the window. A send takes its place with one conditional
-- upsert, which waits for a concurrent send of the same person and then re-reads their row, so the
-- limit stays exact across processes without a lock or a count of their messages on every send.
CREATE TABLE message_send_windows (
  author_id uuid PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  recent timestamptz[] NOT NULL
);

-- The sends of the last window, so the limit holds across the switch.
INSERT INTO message_send_windows (author_id, recent)
SELECT author_id, array_agg(created_at ORDER BY created_at)
FROM messages
WHERE author_id IS NOT NULL AND created_at > now() - interval '5 seconds'
GROUP BY author_id;
