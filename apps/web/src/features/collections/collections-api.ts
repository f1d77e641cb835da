import {
  collectionsEndpoints,
  type CollectionWithFlag,
  type CreateCollectionBody,
  type ReplyOf,
  type UpdateCollectionBody,
  type collectionsContracts,
} from '@atelier/shared';
import { api, call } from '../../lib/api';
import { withCreatedFirst, withRemoved, withReplaced, type CollectionPage } from './collections-cache';

export interface CollectionListArgs {
  page?: number;
  pageSize?: number;
  /** A content id: each collection then says whether it holds that item. */
  contains?: string;
}

const listParams = ({ page = 1, pageSize = 12, contains }: CollectionListArgs) => ({
  page,
  pageSize,
  ...(contains ? { contains } : {}),
});

export const collectionsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getMyCollections: build.query<CollectionPage, CollectionListArgs>({
      query: (args) => call(collectionsEndpoints.list, { query: listParams(args) }),
      providesTags: [{ type: 'Collections', id: 'LIST' }],
    }),

    getUserCollections: build.query<CollectionPage, { userId: string; page?: number; pageSize?: number }>({
      query: ({ userId, page = 1, pageSize = 12 }) => call(collectionsEndpoints.list, { query: { userId, page, pageSize } }),
      providesTags: [{ type: 'Collections', id: 'LIST' }],
    }),

    getCollection: build.query<CollectionWithFlag, string>({
      query: (id) => call(collectionsEndpoints.get, { params: { id } }),
      transformResponse: (reply: ReplyOf<typeof collectionsContracts.get>) => reply.data,
      providesTags: (_r, _e, id) => [{ type: 'Collections', id }],
    }),

    getCollectionItems: build.query<ReplyOf<typeof collectionsContracts.items>, { id: string; page?: number; pageSize?: number }>({
      query: ({ id, page = 1, pageSize = 24 }) => call(collectionsEndpoints.items, { params: { id }, query: { page, pageSize } }),
      providesTags: (_r, _e, { id }) => [{ type: 'Collections', id: `ITEMS-${id}` }],
    }),

    createCollection: build.mutation<CollectionWithFlag, CreateCollectionBody>({
      query: (body) => call(collectionsEndpoints.create, { body }),
      transformResponse: (reply: ReplyOf<typeof collectionsContracts.create>) => reply.data,
      async onQueryStarted(_body, { dispatch, getState, queryFulfilled }) {
        const reply = await queryFulfilled.catch(() => null);
        if (!reply) return;
        const created = reply.data;
        for (const args of collectionsApi.util.selectCachedArgsForQuery(getState(), 'getMyCollections')) {
          if ((args.page ?? 1) !== 1) continue;
          const flagged = args.contains ? { ...created, containsItem: false } : created;
          dispatch(
            collectionsApi.util.updateQueryData('getMyCollections', args, (list) => withCreatedFirst(list, flagged)),
          );
        }
      },
    }),

    updateCollection: build.mutation<CollectionWithFlag, { id: string; body: UpdateCollectionBody }>({
      query: ({ id, body }) => call(collectionsEndpoints.update, { params: { id }, body }),
      transformResponse: (reply: ReplyOf<typeof collectionsContracts.update>) => reply.data,
      async onQueryStarted({ id }, { dispatch, getState, queryFulfilled }) {
        const reply = await queryFulfilled.catch(() => null);
        if (!reply) return;
        for (const args of collectionsApi.util.selectCachedArgsForQuery(getState(), 'getMyCollections')) {
          dispatch(
            collectionsApi.util.updateQueryData('getMyCollections', args, (list) => withReplaced(list, reply.data)),
          );
        }
        dispatch(collectionsApi.util.upsertQueryData('getCollection', id, reply.data));
      },
    }),

    deleteCollection: build.mutation<void, string>({
      query: (id) => call(collectionsEndpoints.remove, { params: { id } }),
      async onQueryStarted(id, { dispatch, getState, queryFulfilled }) {
        const ok = await queryFulfilled.then(() => true).catch(() => false);
        if (!ok) return;
        for (const args of collectionsApi.util.selectCachedArgsForQuery(getState(), 'getMyCollections')) {
          dispatch(collectionsApi.util.updateQueryData('getMyCollections', args, (list) => withRemoved(list, id)));
        }
      },
    }),

    addCollectionItem: build.mutation<CollectionWithFlag, { id: string; itemId: string }>({
      query: ({ id, itemId }) => call(collectionsEndpoints.addItem, { params: { id }, body: { itemId, itemType: 'content' } }),
      transformResponse: (reply: ReplyOf<typeof collectionsContracts.addItem>) => reply.data,
      invalidatesTags: (_r, _e, { id }) => [
        { type: 'Collections', id: 'LIST' },
        { type: 'Collections', id },
        { type: 'Collections', id: `ITEMS-${id}` },
      ],
    }),

    removeCollectionItem: build.mutation<CollectionWithFlag, { id: string; itemId: string }>({
      query: ({ id, itemId }) => call(collectionsEndpoints.removeItem, { params: { id, itemId }, query: { itemType: 'content' } }),
      transformResponse: (reply: ReplyOf<typeof collectionsContracts.removeItem>) => reply.data,
      invalidatesTags: (_r, _e, { id }) => [
        { type: 'Collections', id: 'LIST' },
        { type: 'Collections', id },
        { type: 'Collections', id: `ITEMS-${id}` },
      ],
    }),
  }),
});

export const {
  useGetMyCollectionsQuery,
  useGetUserCollectionsQuery,
  useGetCollectionQuery,
  useGetCollectionItemsQuery,
  useCreateCollectionMutation,
  useUpdateCollectionMutation,
  useDeleteCollectionMutation,
  useAddCollectionItemMutation,
  useRemoveCollectionItemMutation,
} = collectionsApi;
