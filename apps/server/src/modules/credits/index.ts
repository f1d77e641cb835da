// The ledger, and no routes: billing serves every `/credits/*` call through this face, since
// billing grants through the ledger and the ledger must not depend on billing.
export {
  adjustCreditsByAdmin,
  announceBalance,
  applyCredits,
  chargeRecorded,
  chargeRefusal,
  checkCredits,
  debitErrorToHttp,
  getBalance,
  getHistory,
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
export { assertChargeAmount, chargeInStatement } from './ledger-charge.repository.js';
export { ledgerKeys, REFERRER_KEY_PREFIX, refereeOfReferrerKey } from './ledger-keys.js';
