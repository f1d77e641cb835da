import { contactBody, type ContactBody } from '@atelier/shared';
import { api } from '../../app/api';

/** The form validates with the same schema the server applies to `POST /contact`. */
export const contactMessageSchema = contactBody;
export type ContactMessage = ContactBody;

export interface ContactReply {
  data: { id: string };
  message?: string;
}

export const contactApi = api.injectEndpoints({
  endpoints: (build) => ({
    sendContactMessage: build.mutation<ContactReply, ContactMessage>({
      query: (body) => ({ url: '/contact', method: 'POST', body }),
    }),
  }),
});

export const { useSendContactMessageMutation } = contactApi;
