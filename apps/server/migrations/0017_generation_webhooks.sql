-- Deliveries of generation vendors' webhooks (Replicate's webhook-id, fal's request id with its
-- timestamp), recorded once: a replayed delivery finds its row and changes nothing.
CREATE TABLE IF NOT EXISTS generation_webhook_deliveries (
  vendor text NOT NULL,
  delivery_id text NOT NULL,
  job_id text NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (vendor, delivery_id)
);
CREATE INDEX IF NOT EXISTS generation_webhook_deliveries_received_idx ON generation_webhook_deliveries (received_at);
