import { contactBody, contactEndpoints, type ContactBody, type ReplyOf, type contactContracts } from '@atelier/shared';
import { api, call } from '../../lib/api';

/** The form validates with the same schema the server applies to `POST /contact`. */
export const contactMessageSchema = contactBody;
export type ContactMessage = ContactBody;

export type ContactReply = ReplyOf<typeof contactContracts.send>;

export const contactApi = api.injectEndpoints({
  endpoints: (build) => ({
    sendContactMessage: build.mutation<ContactReply, ContactMessage>({
      query: (body) => call(contactEndpoints.send, { body }),
    }),
  }),
});

export const { useSendContactMessageMutation } = contactApi;
