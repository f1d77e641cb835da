import {
  notificationsEndpoints as n,
  type ReplyOf,
  type UpdateNotificationSettingsBody,
  type notificationsContracts,
} from '@atelier/shared';
import { api, call } from '../../lib/api';

type C = typeof notificationsContracts;

export const notificationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getNotificationsUnread: build.query<number, void>({
      query: () => call(n.unreadCount),
      transformResponse: (body: ReplyOf<C['unreadCount']>) => body.data.unread,
      providesTags: [{ type: 'Notifications', id: 'UNREAD' }],
    }),
    /** One page; the panel keeps the pages it has shown and asks for the next by cursor. */
    getNotifications: build.query<ReplyOf<C['list']>, { cursor?: string } | void>({
      query: (args) => call(n.list, { query: { cursor: args?.cursor, limit: 20 } }),
      providesTags: [{ type: 'Notifications', id: 'LIST' }],
    }),
    markNotificationRead: build.mutation<number, string>({
      query: (id) => call(n.read, { params: { id } }),
      transformResponse: (body: ReplyOf<C['read']>) => body.data.unread,
      invalidatesTags: [{ type: 'Notifications', id: 'LIST' }],
    }),
    markAllNotificationsRead: build.mutation<number, void>({
      query: () => call(n.readAll),
      transformResponse: (body: ReplyOf<C['readAll']>) => body.data.unread,
      invalidatesTags: [{ type: 'Notifications', id: 'LIST' }],
    }),
    getNotificationSettings: build.query<ReplyOf<C['settings']>, void>({
      query: () => call(n.settings),
      providesTags: [{ type: 'Notifications', id: 'SETTINGS' }],
    }),
    updateNotificationSettings: build.mutation<ReplyOf<C['updateSettings']>, UpdateNotificationSettingsBody>({
      query: (body) => call(n.updateSettings, { body }),
      invalidatesTags: [{ type: 'Notifications', id: 'SETTINGS' }],
    }),
    /** From an email's link: no sign-in, the token says whose emails of which kind stop. */
    unsubscribeNotifications: build.mutation<ReplyOf<C['unsubscribe']>, string>({
      query: (token) => call(n.unsubscribe, { query: { token } }),
      invalidatesTags: [{ type: 'Notifications', id: 'SETTINGS' }],
    }),
  }),
});

export const {
  useGetNotificationsUnreadQuery,
  useGetNotificationsQuery,
  useMarkNotificationReadMutation,
  useMarkAllNotificationsReadMutation,
  useGetNotificationSettingsQuery,
  useUpdateNotificationSettingsMutation,
  useUnsubscribeNotificationsMutation,
} = notificationsApi;
