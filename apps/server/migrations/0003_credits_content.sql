-- Append-only credit ledger: users.credits always equals the sum of a user's deltas, and both
-- change in one transaction (see modules/credits/credits.service.ts).
CREATE TABLE credit_ledger (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- Orders rows written in the same instant; created_at alone can tie.
  seq bigint GENERATED ALWAYS AS IDENTITY,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  delta integer NOT NULL CHECK (delta <> 0),
  kind text NOT NULL CHECK (kind IN (
    'signup_grant', 'generation_charge', 'refund', 'admin_add', 'admin_deduct',
    'purchase', 'subscription_grant', 'referral_bonus'
  )),
  reason text,
  reference text,
  -- No foreign key: the ledger keeps pointing at content that was later deleted.
  content_id uuid,
  actor_id uuid REFERENCES users(id) ON DELETE SET NULL,
  idempotency_key text NOT NULL,
  balance_after integer NOT NULL CHECK (balance_after >= 0),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX credit_ledger_idempotency_key ON credit_ledger (idempotency_key);
CREATE INDEX credit_ledger_user_seq_idx ON credit_ledger (user_id, seq DESC);
CREATE INDEX credit_ledger_content_idx ON credit_ledger (content_id);

CREATE TABLE content (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  title text NOT NULL,
  description text,
  prompt text NOT NULL,
  model text NOT NULL,
  content_type text NOT NULL CHECK (content_type IN ('photo', 'video', 'loops', 'illustration', 'gif', 'vector')),
  status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'processing', 'ready', 'failed')),
  progress integer NOT NULL DEFAULT 0 CHECK (progress BETWEEN 0 AND 100),
  is_private boolean NOT NULL DEFAULT false,
  seed integer NOT NULL,
  strength integer NOT NULL DEFAULT 50 CHECK (strength BETWEEN 0 AND 100),
  width integer,
  height integer,
  duration_ms integer,
  -- Storage keys, not URLs: the storage adapter turns them into URLs when a reply is shaped.
  media_key text,
  preview_key text,
  thumbnail_key text,
  poster_key text,
  reference_key text,
  mime_type text,
  cost integer NOT NULL CHECK (cost >= 0),
  charged integer NOT NULL DEFAULT 0 CHECK (charged >= 0),
  refunded integer NOT NULL DEFAULT 0 CHECK (refunded >= 0),
  failure_reason text,
  parent_id uuid REFERENCES content(id) ON DELETE SET NULL,
  edit_operation text CHECK (edit_operation IN ('upscale', 'crop', 'recolour', 'variation')),
  edit_params jsonb,
  idempotency_key text,
  -- The worker run that owns a processing item; a late or duplicate run cannot overwrite it.
  run_id uuid,
  attempts integer NOT NULL DEFAULT 0,
  job_id text,
  enqueued_at timestamptz,
  started_at timestamptz,
  like_count integer NOT NULL DEFAULT 0 CHECK (like_count >= 0),
  comment_count integer NOT NULL DEFAULT 0 CHECK (comment_count >= 0),
  play_count integer NOT NULL DEFAULT 0 CHECK (play_count >= 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  completed_at timestamptz
);
CREATE UNIQUE INDEX content_user_idempotency_key ON content (user_id, idempotency_key) WHERE idempotency_key IS NOT NULL;
CREATE INDEX content_user_created_idx ON content (user_id, created_at DESC);
CREATE INDEX content_public_created_idx ON content (created_at DESC) WHERE status = 'ready' AND is_private = false;
CREATE INDEX content_pending_idx ON content (status, started_at) WHERE status IN ('queued', 'processing');
CREATE INDEX content_parent_idx ON content (parent_id);
