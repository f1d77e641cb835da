-- Payments: what can be bought (credit packs, custom amounts via pricing, plans), the checkouts that
-- buy them, the provider events that complete them (recorded once by event id) and subscriptions.
-- Prices are integers in minor units (cents) with an ISO currency code.

CREATE TABLE credit_products (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL,
  credits integer NOT NULL CHECK (credits > 0),
  bonus_credits integer NOT NULL DEFAULT 0 CHECK (bonus_credits >= 0),
  price integer NOT NULL CHECK (price >= 0),
  currency text NOT NULL DEFAULT 'usd',
  is_active boolean NOT NULL DEFAULT true,
  sort_order integer NOT NULL DEFAULT 0,
  stripe_price_id text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX credit_products_active_idx ON credit_products (is_active, sort_order);

-- One row: the price of a custom amount of credits.
CREATE TABLE credit_pricing (
  id integer PRIMARY KEY DEFAULT 1 CHECK (id = 1),
  price_per_credit integer NOT NULL CHECK (price_per_credit > 0),
  currency text NOT NULL DEFAULT 'usd',
  min_credits integer NOT NULL CHECK (min_credits > 0),
  max_credits integer NOT NULL CHECK (max_credits >= min_credits),
  -- [{minCredits, discountPercent}], the highest tier reached applies.
  tiers jsonb NOT NULL DEFAULT '[]'::jsonb,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE plans (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  features jsonb NOT NULL DEFAULT '[]'::jsonb,
  price_monthly integer NOT NULL CHECK (price_monthly >= 0),
  price_yearly integer NOT NULL CHECK (price_yearly >= 0),
  currency text NOT NULL DEFAULT 'usd',
  credits_per_period integer NOT NULL CHECK (credits_per_period >= 0),
  is_active boolean NOT NULL DEFAULT true,
  is_popular boolean NOT NULL DEFAULT false,
  sort_order integer NOT NULL DEFAULT 0,
  stripe_product_id text,
  stripe_price_id_monthly text,
  stripe_price_id_yearly text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX plans_stripe_product_idx ON plans (stripe_product_id) WHERE stripe_product_id IS NOT NULL;

-- A purchase in progress or done. Amount and credits are fixed when it is created.
CREATE TABLE checkouts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('credits', 'subscription')),
  product_id uuid REFERENCES credit_products(id) ON DELETE SET NULL,
  plan_id uuid REFERENCES plans(id) ON DELETE SET NULL,
  billing_frequency text CHECK (billing_frequency IN ('monthly', 'yearly')),
  description text NOT NULL,
  credits integer NOT NULL CHECK (credits >= 0),
  amount integer NOT NULL CHECK (amount >= 0),
  currency text NOT NULL,
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'complete', 'expired', 'declined')),
  provider text NOT NULL,
  provider_session_id text NOT NULL,
  client_secret text NOT NULL,
  decline_message text,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  completed_at timestamptz
);
CREATE UNIQUE INDEX checkouts_session_idx ON checkouts (provider, provider_session_id);
CREATE INDEX checkouts_user_created_idx ON checkouts (user_id, created_at DESC);

CREATE TABLE subscriptions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  plan_id uuid REFERENCES plans(id) ON DELETE SET NULL,
  -- The checkout that started it; a subscription is created once per checkout whichever event comes first.
  checkout_id uuid NOT NULL UNIQUE REFERENCES checkouts(id) ON DELETE CASCADE,
  status text NOT NULL CHECK (status IN ('active', 'trialing', 'past_due', 'canceled', 'incomplete')),
  billing_frequency text NOT NULL CHECK (billing_frequency IN ('monthly', 'yearly')),
  current_period_start timestamptz NOT NULL,
  current_period_end timestamptz NOT NULL,
  cancel_at_period_end boolean NOT NULL DEFAULT false,
  canceled_at timestamptz,
  provider text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX subscriptions_user_idx ON subscriptions (user_id, created_at DESC);
CREATE INDEX subscriptions_due_idx ON subscriptions (current_period_end) WHERE status IN ('active', 'trialing', 'past_due');
-- At most one live subscription per user.
CREATE UNIQUE INDEX subscriptions_one_live_idx ON subscriptions (user_id) WHERE status IN ('active', 'trialing', 'past_due', 'incomplete');

-- Every provider event, recorded once by its id before it changes anything.
CREATE TABLE payment_events (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  provider text NOT NULL,
  provider_event_id text NOT NULL UNIQUE,
  type text NOT NULL,
  checkout_id uuid REFERENCES checkouts(id) ON DELETE SET NULL,
  payload jsonb NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX payment_events_checkout_idx ON payment_events (checkout_id);

-- The local provider's own state: its sessions and the card kept for renewals.
CREATE TABLE local_payment_sessions (
  id text PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  -- The merchant's reference (our checkout id), as a hosted provider keeps client_reference_id.
  reference text NOT NULL,
  -- 'month' or 'year' for a subscription's first payment, else NULL.
  billing_interval text CHECK (billing_interval IN ('month', 'year')),
  client_secret text NOT NULL,
  amount integer NOT NULL,
  currency text NOT NULL,
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'requires_action', 'paid', 'declined', 'expired')),
  card_last4 text,
  card_brand text,
  paid_at timestamptz,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE payment_cards (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  provider text NOT NULL,
  brand text NOT NULL,
  last4 text NOT NULL,
  exp_month integer NOT NULL,
  exp_year integer NOT NULL,
  -- The local test card 4000 0000 0000 0002 saved from a 3-D Secure flow would decline renewals.
  declines_renewals boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX payment_cards_user_idx ON payment_cards (user_id, created_at DESC);

INSERT INTO credit_pricing (id, price_per_credit, currency, min_credits, max_credits, tiers)
VALUES (1, 5, 'usd', 50, 100000, '[{"minCredits":1000,"discountPercent":5},{"minCredits":5000,"discountPercent":10},{"minCredits":20000,"discountPercent":20}]'::jsonb);

INSERT INTO credit_products (name, credits, bonus_credits, price, currency, sort_order) VALUES
  ('Starter pack', 100, 0, 500, 'usd', 1),
  ('Creator pack', 500, 50, 2000, 'usd', 2),
  ('Studio pack', 1200, 200, 4000, 'usd', 3);

INSERT INTO plans (name, description, features, price_monthly, price_yearly, currency, credits_per_period, is_popular, sort_order) VALUES
  ('Starter', 'For trying ideas every week.', '["300 credits every month","All content types","Private content"]'::jsonb, 900, 9000, 'usd', 300, false, 1),
  ('Pro', 'For creators who publish often.', '["1,000 credits every month","All content types and models","Private content","Priority queue"]'::jsonb, 1900, 19000, 'usd', 1000, true, 2),
  ('Studio', 'For teams and heavy use.', '["3,000 credits every month","All content types and models","Private content","Priority queue","Commercial use"]'::jsonb, 4900, 49000, 'usd', 3000, false, 3);
