-- The table @socket.io/postgres-adapter uses for payloads too large for NOTIFY (DESIGN.md §1
-- scale-out). Created here, under the migration lock, rather than by each process as it starts:
-- two processes creating it at the same moment make one of them fail. IF NOT EXISTS because
-- earlier versions created it at start-up. Unused on the embedded database.
CREATE TABLE IF NOT EXISTS socket_io_attachments (
  id bigserial UNIQUE,
  created_at timestamptz DEFAULT now(),
  payload bytea
);
