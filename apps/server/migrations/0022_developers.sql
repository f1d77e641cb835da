-- Personal API keys (Settings → Developers). Only the SHA-256 of a key is stored: keys are 190 bits
-- of randomness, so a fast hash is enough, and the lookup is one unique-index probe.
CREATE TABLE api_keys (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  name text NOT NULL,
  -- 'atl_' and the key's short id, shown in lists; never enough to use the key.
  prefix text NOT NULL,
  token_hash text NOT NULL,
  scopes text[] NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz,
  revoked_at timestamptz,
  revoked_by uuid REFERENCES users(id) ON DELETE SET NULL
);
CREATE UNIQUE INDEX api_keys_token_hash_key ON api_keys (token_hash);
CREATE INDEX api_keys_user_idx ON api_keys (user_id, created_at DESC);

-- Requests counted per key and fixed window, shared by every process.
CREATE TABLE api_key_hits (
  bucket text NOT NULL,
  window_start timestamptz NOT NULL,
  hits integer NOT NULL DEFAULT 0,
  PRIMARY KEY (bucket, window_start)
);

ALTER TABLE admin_audit DROP CONSTRAINT IF EXISTS admin_audit_action_check;
ALTER TABLE admin_audit ADD CONSTRAINT admin_audit_action_check CHECK (action IN ('role_change', 'api_key_revoke'));
