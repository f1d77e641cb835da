-- A running generation beats while its worker is alive; the sweep hands back an item whose worker
-- went silent (killed, host lost) long before its provider deadline would fail it.
ALTER TABLE content ADD COLUMN heartbeat_at timestamptz;
CREATE INDEX content_processing_heartbeat_idx ON content (heartbeat_at) WHERE status = 'processing';
