import type { Db } from '../../platform/db/db.js';
import type { TokenService } from '../../platform/http/auth.js';
import type { Mailer } from '../../platform/mail/mailer.js';
import type { AccountLimits } from './account-limits.js';
import type { Realtime } from '../../platform/realtime/realtime.js';
import type { ModuleHooks } from '../../platform/module-hooks.js';

/** What the account services need; tests and the admin CLI build exactly this. */
export interface AuthDeps {
  db: Db;
  clock: () => Date;
  mailer: Mailer;
  tokens: TokenService;
  log?: { error(obj: object, msg?: string): void };
  /** Per-account limits and back-off; none when absent (the admin CLI, RATE_LIMIT_DISABLED). */
  limits?: AccountLimits;
  /** Open sockets follow the session: signing out (or a new password) closes them. Absent in the CLI. */
  realtime?: Pick<Realtime, 'io'>;
  /** What other modules do when an account is created or verified, or its credentials are voided (modules/hooks.ts). */
  hooks?: readonly ModuleHooks[];
}

/** The device a session is opened from, shown in the sessions list. */
export interface ClientInfo {
  userAgent: string | null;
  ip: string | null;
}
