-- A plan or billing change that starts at the next renewal (a downgrade, a switch of frequency):
-- the subscription keeps the plan in force for the period already paid, and names the one that
-- follows. The renewal applies it before it charges, so the new price and credits start together.
ALTER TABLE subscriptions
  ADD COLUMN pending_plan_id uuid REFERENCES plans(id) ON DELETE SET NULL,
  ADD COLUMN pending_billing_frequency text CHECK (pending_billing_frequency IN ('monthly', 'yearly'));
