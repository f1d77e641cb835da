export { creditsRoutes } from './credits.routes.js';
export {
  announceBalance,
  applyCredits,
  debitErrorToHttp,
  grantSignupCredits,
  IdempotencyKeyReuseError,
} from './credits.service.js';
export {
  allEntriesOf,
  entryKeysOf,
  findEntryByKey,
  ledgerTotalsByKind,
  readBalance,
  sumOfEntries,
} from './credits.repository.js';
export { ledgerKeys, REFERRER_KEY_PREFIX, refereeOfReferrerKey, type LedgerKey } from './ledger-keys.js';
