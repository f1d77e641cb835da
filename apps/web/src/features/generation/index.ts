/** Generation's face: a generated item's queries, edits and live updates. */
export { GenerationLiveUpdates } from './components/generation-live-updates';
export {
  generationApi,
  useDeleteContentItemMutation,
  useEditContentMutation,
  useGetBatchQuery,
  useGetContentByIdQuery,
  useGetRemixesQuery,
  useUpdateContentItemMutation,
} from './generation-api';
export { type Content, isInProgress } from './generation-types';
