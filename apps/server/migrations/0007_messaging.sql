-- Direct messages and the support chat (DESIGN.md §6 "Messaging"). A conversation is one unordered
-- pair of people, stored with the smaller id first so the pair is unique whichever side starts it.
CREATE TABLE conversations (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_a_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  user_b_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  last_message_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT conversations_ordered_pair CHECK (user_a_id < user_b_id)
);
CREATE UNIQUE INDEX conversations_pair_key ON conversations (user_a_id, user_b_id);
CREATE INDEX conversations_user_b_idx ON conversations (user_b_id);

CREATE TABLE messages (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- Storage order: a thread reads in the order its messages were stored, even within one millisecond.
  seq bigint GENERATED ALWAYS AS IDENTITY,
  conversation_id uuid NOT NULL REFERENCES conversations(id) ON DELETE CASCADE,
  sender_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  recipient_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  content text NOT NULL CHECK (char_length(content) BETWEEN 1 AND 2000),
  created_at timestamptz NOT NULL DEFAULT now(),
  read_at timestamptz,
  CONSTRAINT messages_not_to_self CHECK (sender_id <> recipient_id)
);
-- Threads page backwards by seq; unread counts read only unread rows.
CREATE INDEX messages_conversation_idx ON messages (conversation_id, seq DESC);
CREATE INDEX messages_unread_idx ON messages (recipient_id, conversation_id) WHERE read_at IS NULL;
