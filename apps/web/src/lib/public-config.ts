import { metaEndpoints, type DataOf, type ReplyOf, type metaContracts } from '@atelier/shared';
import { api, call } from './api';

/** GET /config: what this deployment offers (sign-in providers, checkout, signup credits). */
export type PublicConfig = DataOf<typeof metaContracts.config>;

/** The deployment's public settings, read by sign-in, checkout, generation and the signup notes. */
export const publicConfigApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPublicConfig: build.query<PublicConfig, void>({
      query: () => call(metaEndpoints.config),
      transformResponse: (reply: ReplyOf<typeof metaContracts.config>) => reply.data,
      keepUnusedDataFor: 3600,
    }),
  }),
});

export const { useGetPublicConfigQuery } = publicConfigApi;
