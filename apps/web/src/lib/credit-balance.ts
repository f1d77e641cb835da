import { creditsEndpoints, type ReplyOf, type creditsContracts } from '@atelier/shared';
import { api, call } from './api';
import { creditsUpdated } from './session';

/**
 * GET /credits/balance: the signed-in person's balance, read by the credits page and again by the
 * Generate dialog when the server says the balance is short. Each read updates the header's figure.
 */
export const creditBalanceApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCreditBalance: build.query<number, void>({
      query: () => call(creditsEndpoints.balance),
      transformResponse: (reply: ReplyOf<typeof creditsContracts.balance>) => reply.data.credits,
      providesTags: ['Credits'],
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (typeof data === 'number') dispatch(creditsUpdated(data));
      },
    }),
  }),
});

export const { useGetCreditBalanceQuery } = creditBalanceApi;
