/** The ledger table, for read-only joins in other modules' statements; rows are written only through the functions below. */
export { creditLedger as creditLedgerTable } from './credits.schema.js';
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
export { ledgerByBucket, ledgerTotalsOfUser } from './credits-reads.repository.js';
export { assertChargeAmount, chargeInStatement } from './ledger-charge.repository.js';
export { ledgerKeys, REFERRER_KEY_PREFIX, refereeOfReferrerKey } from './ledger-keys.js';
