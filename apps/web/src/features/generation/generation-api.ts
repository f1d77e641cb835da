import {
  LIMITS,
  contentEndpoints,
  generationEndpoints,
  type AspectRatio,
  type Content,
  type ContentRating,
  type ContentStatus,
  type GeneratedContent,
  type GenerationBatch,
  type ContentType,
  type EditRequest,
  type EditResult,
  type ReplyOf,
  type contentContracts,
  type generationContracts,
} from '@atelier/shared';
import { api, call } from '../../lib/api';
import { isInProgress } from './generation-types';

export interface GenerateInput {
  prompt: string;
  contentType: ContentType;
  model: string;
  name?: string;
  isPrivate?: boolean;
  strength?: number;
  seed?: number;
  /** Candidates to make (1-4). */
  count?: number;
  aspectRatio?: AspectRatio;
  negativePrompt?: string;
  categoryId?: string;
  tags?: string[];
  /** A public item this remixes. */
  remixOf?: string;
  referenceImage?: File | null;
  /** Same key for a retry of the same submit, so the server charges once. */
  idempotencyKey: string;
}

export interface EditInput extends EditRequest {
  idempotencyKey: string;
}

const STATUS_ORDER: Record<ContentStatus, number> = { queued: 0, processing: 1, ready: 2, failed: 2 };

/** Status only moves forward (queued, processing, then ready or failed), and progress only grows. */
function isBehind(incoming: Content, current: Content): boolean {
  const step = STATUS_ORDER[incoming.status] - STATUS_ORDER[current.status];
  if (step !== 0) return step < 0;
  return isInProgress(incoming.status) && incoming.progress < current.progress;
}

/** An image goes as multipart with the fields before the file, which is what a streaming parser wants. */
function generateBody({ referenceImage, ...fields }: Omit<GenerateInput, 'idempotencyKey'>): FormData | object {
  if (!referenceImage) return fields;
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (value !== undefined) form.append(key, Array.isArray(value) ? JSON.stringify(value) : String(value));
  }
  form.append('referenceImage', referenceImage);
  return form;
}

export const generationApi = api.injectEndpoints({
  endpoints: (build) => ({
    generateContent: build.mutation<GeneratedContent, GenerateInput>({
      query: ({ idempotencyKey, ...input }) => ({
        ...call(generationEndpoints.generate, { body: generateBody(input) }),
        headers: { 'Idempotency-Key': idempotencyKey },
        timeout: LIMITS.generationTimeoutMs,
      }),
      transformResponse: (reply: ReplyOf<typeof generationContracts.generate>) => reply.data,
      invalidatesTags: ['Credits', { type: 'Content', id: 'LIST' }],
      async onQueryStarted(_input, { dispatch, queryFulfilled }) {
        // The content page opens straight onto the new item instead of waiting for a fetch.
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) {
          const { batch: _batch, ...first } = data;
          await dispatch(generationApi.util.upsertQueryData('getContentById', data.id, first));
        }
      },
    }),
    editContent: build.mutation<EditResult, EditInput>({
      query: ({ idempotencyKey, ...body }) => ({
        ...call(generationEndpoints.edit, { body }),
        headers: { 'Idempotency-Key': idempotencyKey },
        timeout: LIMITS.editTimeoutMs,
      }),
      transformResponse: (reply: ReplyOf<typeof generationContracts.edit>) => reply.data,
      invalidatesTags: ['Credits', { type: 'Content', id: 'LIST' }],
    }),
    getBatch: build.query<GenerationBatch, string>({
      query: (id) => call(generationEndpoints.batch, { params: { id } }),
      transformResponse: (reply: ReplyOf<typeof generationContracts.batch>) => reply.data,
      providesTags: [{ type: 'Content', id: 'LIST' }],
    }),
    getRemixes: build.query<ReplyOf<typeof contentContracts.remixes>, { id: string; page: number }>({
      query: ({ id, page }) => call(contentEndpoints.remixes, { params: { id }, query: { page, pageSize: 12 } }),
      providesTags: [{ type: 'Content', id: 'LIST' }],
    }),
    getContentById: build.query<Content, string>({
      query: (id) => call(contentEndpoints.get, { params: { id } }),
      transformResponse: (reply: ReplyOf<typeof contentContracts.get>) => reply.data,
      providesTags: (_result, _error, id) => [{ type: 'Content', id }],
      // A poll answered before a socket event can land after it; never let it move the item back.
      merge: (current, incoming) => (isBehind(incoming, current) ? current : incoming),
    }),
    updateContentItem: build.mutation<
      Content,
      {
        id: string;
        title?: string;
        description?: string | null;
        isPrivate?: boolean;
        rating?: ContentRating;
        categoryId?: string | null;
        tags?: string[];
      }
    >({
      query: ({ id, ...body }) => call(contentEndpoints.update, { params: { id }, body }),
      transformResponse: (reply: ReplyOf<typeof contentContracts.update>) => reply.data,
      invalidatesTags: [{ type: 'Content', id: 'LIST' }],
      async onQueryStarted({ id }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(generationApi.util.updateQueryData('getContentById', id, () => data));
      },
    }),
    deleteContentItem: build.mutation<{ message: string | null }, string>({
      query: (id) => call(contentEndpoints.remove, { params: { id } }),
      transformResponse: (reply: ReplyOf<typeof contentContracts.remove>) => ({ message: reply.message ?? null }),
      // An item takes its notifications with it (a batch's moves to the next candidate): the bell reads them again.
      invalidatesTags: [
        { type: 'Content', id: 'LIST' },
        { type: 'Notifications', id: 'LIST' },
        { type: 'Notifications', id: 'UNREAD' },
      ],
    }),
  }),
});

export const {
  useGenerateContentMutation,
  useEditContentMutation,
  useGetContentByIdQuery,
  useUpdateContentItemMutation,
  useDeleteContentItemMutation,
  useGetBatchQuery,
  useGetRemixesQuery,
} = generationApi;
