import { messagingEndpoints as m, type DataOf, type ReplyOf, type messagingContracts } from '@atelier/shared';
import { api, call } from '../../lib/api';

type C = typeof messagingContracts;

export interface ThreadPageArgs {
  userId: string;
  before?: string;
  limit?: number;
  asSupport?: boolean;
}

export const messagingApi = api.injectEndpoints({
  endpoints: (build) => ({
    getConversations: build.query<ReplyOf<C['conversations']>, { page?: number; pageSize?: number } | void>({
      query: (args) => call(m.conversations, { query: { page: args?.page ?? 1, pageSize: args?.pageSize ?? 50 } }),
      providesTags: [{ type: 'Conversations', id: 'LIST' }],
    }),
    getSupportInbox: build.query<ReplyOf<C['supportInbox']>, { page?: number; pageSize?: number } | void>({
      query: (args) => call(m.supportInbox, { query: { page: args?.page ?? 1, pageSize: args?.pageSize ?? 50 } }),
      providesTags: [{ type: 'Conversations', id: 'SUPPORT' }],
    }),
    getUnreadCount: build.query<number, void>({
      query: () => call(m.unreadCount),
      transformResponse: (body: ReplyOf<C['unreadCount']>) => body.data.count,
      providesTags: [{ type: 'Conversations', id: 'UNREAD' }],
    }),
    getChatPartner: build.query<DataOf<C['partner']>, string>({
      query: (userId) => call(m.partner, { params: { userId } }),
      transformResponse: (body: ReplyOf<C['partner']>) => body.data,
    }),
    getSupportUser: build.query<DataOf<C['support']>['supportUser'], void>({
      query: () => call(m.support),
      transformResponse: (body: ReplyOf<C['support']>) => body.data.supportUser,
    }),
    // Threads are held in component state (live merges); this only fetches pages on demand.
    getThreadPage: build.query<ReplyOf<C['thread']>, ThreadPageArgs>({
      query: ({ userId, before, limit = 30, asSupport }) =>
        call(m.thread, { params: { userId }, query: { limit, before, asSupport: asSupport ? 'true' : undefined } }),
      keepUnusedDataFor: 0,
    }),
    markConversationRead: build.mutation<DataOf<C['markRead']>, { userId: string; asSupport?: boolean }>({
      query: ({ userId, asSupport }) => call(m.markRead, { params: { userId }, query: { asSupport: asSupport ? 'true' : undefined } }),
      transformResponse: (body: ReplyOf<C['markRead']>) => body.data,
      invalidatesTags: (result) =>
        result && result.count > 0
          ? [
              { type: 'Conversations', id: 'LIST' },
              { type: 'Conversations', id: 'SUPPORT' },
              { type: 'Conversations', id: 'UNREAD' },
            ]
          : [],
    }),
  }),
});

export const {
  useGetConversationsQuery,
  useGetSupportInboxQuery,
  useGetUnreadCountQuery,
  useGetSupportUserQuery,
  useGetChatPartnerQuery,
  useLazyGetThreadPageQuery,
  useMarkConversationReadMutation,
} = messagingApi;
