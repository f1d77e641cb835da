import {
  LIMITS,
  type Content,
  type ContentStatus,
  type ContentType,
  type EditRequest,
  type EditResult,
  type LedgerEntry,
  type LedgerKind,
  type Pagination,
} from '@atelier/shared';
import { api } from '../../app/api';
import { creditsUpdated } from '../auth';
import { isInProgress } from './generation-types';

interface Envelope<T> {
  data: T;
  message?: string;
}

export interface GenerateInput {
  prompt: string;
  contentType: ContentType;
  model: string;
  name?: string;
  isPrivate?: boolean;
  strength?: number;
  seed?: number;
  referenceImage?: File | null;
  /** Same key for a retry of the same submit, so the server charges once. */
  idempotencyKey: string;
}

export interface EditInput extends EditRequest {
  idempotencyKey: string;
}

export interface CreditHistoryArgs {
  page: number;
  pageSize: number;
  kind?: LedgerKind;
}

export interface CreditHistoryPage {
  data: LedgerEntry[];
  pagination: Pagination;
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
    if (value !== undefined) form.append(key, String(value));
  }
  form.append('referenceImage', referenceImage);
  return form;
}

export const generationApi = api.injectEndpoints({
  endpoints: (build) => ({
    generateContent: build.mutation<Content, GenerateInput>({
      query: ({ idempotencyKey, ...input }) => ({
        url: '/content/generate',
        method: 'POST',
        body: generateBody(input),
        headers: { 'Idempotency-Key': idempotencyKey },
        timeout: LIMITS.generationTimeoutMs,
      }),
      transformResponse: (reply: Envelope<Content>) => reply.data,
      invalidatesTags: ['Credits', { type: 'Content', id: 'LIST' }],
      async onQueryStarted(_input, { dispatch, queryFulfilled }) {
        // The content page opens straight onto the new item instead of waiting for a fetch.
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) await dispatch(generationApi.util.upsertQueryData('getContentById', data.id, data));
      },
    }),
    editContent: build.mutation<EditResult, EditInput>({
      query: ({ idempotencyKey, ...body }) => ({
        url: '/content/edit',
        method: 'POST',
        body,
        headers: { 'Idempotency-Key': idempotencyKey },
        timeout: LIMITS.editTimeoutMs,
      }),
      transformResponse: (reply: Envelope<EditResult>) => reply.data,
      invalidatesTags: ['Credits', { type: 'Content', id: 'LIST' }],
    }),
    getContentById: build.query<Content, string>({
      query: (id) => `/content/${encodeURIComponent(id)}`,
      transformResponse: (reply: Envelope<Content>) => reply.data,
      providesTags: (_result, _error, id) => [{ type: 'Content', id }],
      // A poll answered before a socket event can land after it; never let it move the item back.
      merge: (current, incoming) => (isBehind(incoming, current) ? current : incoming),
    }),
    updateContentItem: build.mutation<
      Content,
      { id: string; title?: string; description?: string | null; isPrivate?: boolean }
    >({
      query: ({ id, ...body }) => ({ url: `/content/${encodeURIComponent(id)}`, method: 'PUT', body }),
      transformResponse: (reply: Envelope<Content>) => reply.data,
      invalidatesTags: [{ type: 'Content', id: 'LIST' }],
      async onQueryStarted({ id }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(generationApi.util.updateQueryData('getContentById', id, () => data));
      },
    }),
    deleteContentItem: build.mutation<{ message: string | null }, string>({
      query: (id) => ({ url: `/content/${encodeURIComponent(id)}`, method: 'DELETE' }),
      transformResponse: (reply: Envelope<null>) => ({ message: reply.message ?? null }),
      invalidatesTags: [{ type: 'Content', id: 'LIST' }],
    }),
    getCreditBalance: build.query<number, void>({
      query: () => '/credits/balance',
      transformResponse: (reply: Envelope<{ credits: number }>) => reply.data.credits,
      providesTags: ['Credits'],
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (typeof data === 'number') dispatch(creditsUpdated(data));
      },
    }),
    getCreditHistory: build.query<CreditHistoryPage, CreditHistoryArgs>({
      query: ({ page, pageSize, kind }) => ({
        url: '/credits/history',
        params: kind ? { page, pageSize, kind } : { page, pageSize },
      }),
      providesTags: ['Credits'],
    }),
  }),
});

export const {
  useGenerateContentMutation,
  useEditContentMutation,
  useGetContentByIdQuery,
  useUpdateContentItemMutation,
  useDeleteContentItemMutation,
  useGetCreditBalanceQuery,
  useGetCreditHistoryQuery,
} = generationApi;
