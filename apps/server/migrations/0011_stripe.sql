-- Stripe (the hosted payment provider): the ids linking our subscriptions to the provider's, and
-- the provider's customer kept per user (the billing portal and later checkouts reuse it).

ALTER TABLE subscriptions ADD COLUMN provider_subscription_id text;
ALTER TABLE subscriptions ADD COLUMN provider_customer_id text;
-- When the provider produced the state last applied: webhooks arrive out of order, and an older
-- customer.subscription.updated must not undo a newer one.
ALTER TABLE subscriptions ADD COLUMN provider_state_at timestamptz;
CREATE UNIQUE INDEX subscriptions_provider_sub_idx
  ON subscriptions (provider, provider_subscription_id)
  WHERE provider_subscription_id IS NOT NULL;

CREATE TABLE payment_customers (
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  provider text NOT NULL,
  customer_id text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, provider)
);
CREATE UNIQUE INDEX payment_customers_customer_idx ON payment_customers (provider, customer_id);
