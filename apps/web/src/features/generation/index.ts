/** Generation's face: a generated item's queries, edits and live updates, and the credit ledger. */
export { GenerationLiveUpdates } from './components/generation-live-updates';
export {
  generationApi,
  useDeleteContentItemMutation,
  useEditContentMutation,
  useGetBatchQuery,
  useGetContentByIdQuery,
  useGetRemixesQuery,
  useGetCreditBalanceQuery,
  useGetCreditHistoryQuery,
  useUpdateContentItemMutation,
} from './generation-api';
export {
  type Content,
  isInProgress,
  LEDGER_KIND_LABELS,
  LEDGER_KINDS,
  type LedgerEntry,
  type LedgerKind,
} from './generation-types';
