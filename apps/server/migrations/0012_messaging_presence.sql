-- Messaging state shared by every API process (DESIGN.md §1 scale-out), so presence and the send
-- limit mean the same thing whichever process a socket landed on.

-- Who typed a message: the sender, or the admin answering as the support account. The send limit
-- (10 per 5 s per person) counts these rows, so it holds across processes without a counter of its own.
ALTER TABLE messages ADD COLUMN author_id uuid REFERENCES users(id) ON DELETE SET NULL;
CREATE INDEX messages_author_recent_idx ON messages (author_id, created_at DESC) WHERE author_id IS NOT NULL;

-- One row per running API process, refreshed by its heartbeat. A process that stops refreshing
-- (crashed, frozen, cut off) is treated as gone after a timeout, and so are its sockets.
CREATE TABLE presence_nodes (
  node_id text PRIMARY KEY,
  last_seen timestamptz NOT NULL DEFAULT now()
);

-- One row per socket that announced itself online; a person is online while any of theirs is on a live node.
CREATE TABLE presence_sockets (
  node_id text NOT NULL REFERENCES presence_nodes(node_id) ON DELETE CASCADE,
  socket_id text NOT NULL,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  connected_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (node_id, socket_id)
);
CREATE INDEX presence_sockets_user_idx ON presence_sockets (user_id);
