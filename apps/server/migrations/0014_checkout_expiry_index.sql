-- The checkout expiry sweep (billing.service.ts expireStaleCheckouts) runs every minute in each
-- worker process; this keeps it to the few unfinished checkouts instead of reading every purchase.
CREATE INDEX IF NOT EXISTS checkouts_unfinished_expiry_idx ON checkouts (expires_at)
  WHERE status IN ('open', 'declined');
