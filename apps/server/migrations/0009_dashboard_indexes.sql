-- Dashboards aggregate by creation time over whole tables; these keep the range scans indexed.
CREATE INDEX IF NOT EXISTS content_created_idx ON content (created_at);
CREATE INDEX IF NOT EXISTS content_model_created_idx ON content (model, created_at);
CREATE INDEX IF NOT EXISTS credit_ledger_created_kind_idx ON credit_ledger (created_at, kind);
CREATE INDEX IF NOT EXISTS credit_ledger_actor_idx ON credit_ledger (actor_id, created_at DESC) WHERE actor_id IS NOT NULL;
CREATE INDEX IF NOT EXISTS users_created_idx ON users (created_at);
CREATE INDEX IF NOT EXISTS users_referred_by_idx ON users (referred_by) WHERE referred_by IS NOT NULL;

-- Administrative actions that are not credit changes (those are in credit_ledger with actor_id).
CREATE TABLE admin_audit (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  actor_id uuid REFERENCES users(id) ON DELETE SET NULL,
  target_user_id uuid REFERENCES users(id) ON DELETE SET NULL,
  action text NOT NULL CHECK (action IN ('role_change')),
  details jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX admin_audit_created_idx ON admin_audit (created_at DESC);
