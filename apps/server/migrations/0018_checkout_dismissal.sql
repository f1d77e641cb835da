-- A person may dismiss an unfinished checkout from their purchase history (Billing, "Dismiss").
-- The row stays for the books and for a payment that still arrives; the history just leaves it out.
ALTER TABLE checkouts ADD COLUMN IF NOT EXISTS dismissed_at timestamptz;
