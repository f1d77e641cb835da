import type { ChatUser, ConversationPage, MessagePage } from '@atelier/shared';
import { api } from '../../app/api';

export interface ThreadPageArgs {
  userId: string;
  before?: string;
  limit?: number;
  asSupport?: boolean;
}

export const messagingApi = api.injectEndpoints({
  endpoints: (build) => ({
    getConversations: build.query<ConversationPage, { page?: number; pageSize?: number } | void>({
      query: (args) => ({
        url: '/messages/conversations',
        params: { page: args?.page ?? 1, pageSize: args?.pageSize ?? 50 },
      }),
      providesTags: [{ type: 'Conversations', id: 'LIST' }],
    }),
    getSupportInbox: build.query<
      ConversationPage & { supportUser: ChatUser },
      { page?: number; pageSize?: number } | void
    >({
      query: (args) => ({
        url: '/messages/support/inbox',
        params: { page: args?.page ?? 1, pageSize: args?.pageSize ?? 50 },
      }),
      providesTags: [{ type: 'Conversations', id: 'SUPPORT' }],
    }),
    getUnreadCount: build.query<number, void>({
      query: () => '/messages/unread-count',
      transformResponse: (body: { data: { count: number } }) => body.data.count,
      providesTags: [{ type: 'Conversations', id: 'UNREAD' }],
    }),
    getChatPartner: build.query<ChatUser & { isOnline: boolean }, string>({
      query: (userId) => `/messages/users/${encodeURIComponent(userId)}`,
      transformResponse: (body: { data: ChatUser & { isOnline: boolean } }) => body.data,
    }),
    getSupportUser: build.query<ChatUser, void>({
      query: () => '/messages/support',
      transformResponse: (body: { data: { supportUser: ChatUser } }) => body.data.supportUser,
    }),
    // Threads are held in component state (live merges); this only fetches pages on demand.
    getThreadPage: build.query<MessagePage, ThreadPageArgs>({
      query: ({ userId, before, limit = 30, asSupport }) => ({
        url: `/messages/conversations/${encodeURIComponent(userId)}/messages`,
        params: { limit, ...(before ? { before } : {}), ...(asSupport ? { asSupport: 'true' } : {}) },
      }),
      keepUnusedDataFor: 0,
    }),
    markConversationRead: build.mutation<
      { count: number; readAt: string | null },
      { userId: string; asSupport?: boolean }
    >({
      query: ({ userId, asSupport }) => ({
        url: `/messages/conversations/${encodeURIComponent(userId)}/read`,
        method: 'POST',
        params: asSupport ? { asSupport: 'true' } : {},
      }),
      transformResponse: (body: { data: { count: number; readAt: string | null } }) => body.data,
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
