import type {
  BillingFrequency,
  CheckoutSession,
  CheckoutSummary,
  CreditPricing,
  CreditProduct,
  CreditProductBody,
  CreditProductUpdateBody,
  CreditPricingBody,
  CreditStats,
  LocalPayBody,
  LocalPayResult,
  Pagination,
  Plan,
  PlanBody,
  PlanUpdateBody,
  PriceCalculation,
  SessionDetails,
  Subscription,
} from '@atelier/shared';
import { api } from '../../app/api';
import { creditsUpdated } from '../auth';

type Reply<T> = { data: T; message?: string };
type SubscriptionReply = { data: Subscription; message: string };

/** Credit packs, pricing, the local checkout, plans and subscriptions. */
export const billingApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCreditProducts: build.query<CreditProduct[], void>({
      query: () => '/credits/products',
      transformResponse: (r: Reply<CreditProduct[]>) => r.data,
      providesTags: [{ type: 'Credits', id: 'PRODUCTS' }],
    }),
    getAdminCreditProducts: build.query<CreditProduct[], void>({
      query: () => '/credits/admin/products',
      transformResponse: (r: Reply<CreditProduct[]>) => r.data,
      providesTags: [{ type: 'Credits', id: 'PRODUCTS' }],
    }),
    getCreditPricing: build.query<CreditPricing, void>({
      query: () => '/credits/pricing',
      transformResponse: (r: Reply<CreditPricing>) => r.data,
      providesTags: [{ type: 'Credits', id: 'PRICING' }],
    }),
    calculatePrice: build.mutation<PriceCalculation, number>({
      query: (credits) => ({ url: '/credits/calculate-price', method: 'POST', body: { credits } }),
      transformResponse: (r: Reply<PriceCalculation>) => r.data,
    }),
    createCreditCheckout: build.mutation<CheckoutSession, { productId: string } | { credits: number }>({
      query: (body) => ({ url: '/credits/embedded-checkout', method: 'POST', body }),
      transformResponse: (r: Reply<CheckoutSession>) => r.data,
    }),
    getCheckoutSession: build.query<SessionDetails, string>({
      query: (id) => `/credits/session/${encodeURIComponent(id)}`,
      transformResponse: (r: Reply<SessionDetails>) => r.data,
      async onQueryStarted(_id, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(creditsUpdated(data.balance));
      },
    }),
    payLocal: build.mutation<LocalPayResult, { sessionId: string; card: LocalPayBody }>({
      query: ({ sessionId, card }) => ({
        url: `/payments/local/sessions/${encodeURIComponent(sessionId)}/pay`,
        method: 'POST',
        body: card,
      }),
      transformResponse: (r: Reply<LocalPayResult>) => r.data,
    }),
    confirmLocal3ds: build.mutation<LocalPayResult, { sessionId: string; approve: boolean }>({
      query: ({ sessionId, approve }) => ({
        url: `/payments/local/sessions/${encodeURIComponent(sessionId)}/confirm-3ds`,
        method: 'POST',
        body: { approve },
      }),
      transformResponse: (r: Reply<LocalPayResult>) => r.data,
    }),
    getMyCheckouts: build.query<CheckoutSummary[], void>({
      query: () => '/billing/checkouts',
      transformResponse: (r: Reply<CheckoutSummary[]>) => r.data,
      providesTags: [{ type: 'Credits', id: 'CHECKOUTS' }],
    }),
    dismissCheckout: build.mutation<Reply<null>, string>({
      query: (id) => ({ url: `/billing/checkouts/${encodeURIComponent(id)}/dismiss`, method: 'POST' }),
      invalidatesTags: [{ type: 'Credits', id: 'CHECKOUTS' }],
    }),

    getActivePlans: build.query<Plan[], void>({
      query: () => '/plans/active',
      transformResponse: (r: Reply<{ plans: Plan[] }>) => r.data.plans,
      providesTags: [{ type: 'Plans', id: 'ACTIVE' }],
    }),
    getPlans: build.query<{ plans: Plan[]; pagination: Pagination }, { page: number; pageSize: number }>({
      query: (params) => ({ url: '/plans', params }),
      transformResponse: (r: Reply<{ plans: Plan[]; pagination: Pagination }>) => r.data,
      providesTags: [{ type: 'Plans', id: 'LIST' }],
    }),
    createPlan: build.mutation<Reply<Plan>, PlanBody>({
      query: (body) => ({ url: '/plans', method: 'POST', body }),
      invalidatesTags: ['Plans'],
    }),
    createPlansBulk: build.mutation<Reply<Plan[]>, PlanBody[]>({
      query: (plans) => ({ url: '/plans/bulk', method: 'POST', body: { plans } }),
      invalidatesTags: ['Plans'],
    }),
    updatePlan: build.mutation<Reply<Plan>, { id: string; body: PlanUpdateBody }>({
      query: ({ id, body }) => ({ url: `/plans/${id}`, method: 'PUT', body }),
      invalidatesTags: ['Plans'],
    }),
    updatePlanStripe: build.mutation<
      Reply<Plan>,
      {
        id: string;
        body: {
          stripeProductId: string | null;
          stripePriceIdMonthly: string | null;
          stripePriceIdYearly: string | null;
        };
      }
    >({
      query: ({ id, body }) => ({ url: `/plans/${id}/stripe`, method: 'PATCH', body }),
      invalidatesTags: ['Plans'],
    }),
    deletePlan: build.mutation<Reply<null>, string>({
      query: (id) => ({ url: `/plans/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Plans'],
    }),

    createProduct: build.mutation<Reply<CreditProduct>, CreditProductBody>({
      query: (body) => ({ url: '/credits/admin/products', method: 'POST', body }),
      invalidatesTags: [{ type: 'Credits', id: 'PRODUCTS' }],
    }),
    updateProduct: build.mutation<Reply<CreditProduct>, { id: string; body: CreditProductUpdateBody }>({
      query: ({ id, body }) => ({ url: `/credits/admin/products/${id}`, method: 'PUT', body }),
      invalidatesTags: [{ type: 'Credits', id: 'PRODUCTS' }],
    }),
    deleteProduct: build.mutation<Reply<null>, string>({
      query: (id) => ({ url: `/credits/admin/products/${id}`, method: 'DELETE' }),
      invalidatesTags: [{ type: 'Credits', id: 'PRODUCTS' }],
    }),
    updatePricing: build.mutation<Reply<CreditPricing>, CreditPricingBody>({
      query: (body) => ({ url: '/credits/admin/pricing', method: 'PUT', body }),
      invalidatesTags: [{ type: 'Credits', id: 'PRICING' }],
    }),
    getCreditStats: build.query<CreditStats, void>({
      query: () => '/credits/admin/stats',
      transformResponse: (r: Reply<{ stats: CreditStats }>) => r.data.stats,
    }),

    getCurrentSubscription: build.query<Subscription | null, void>({
      query: () => '/subscription/current',
      transformResponse: (r: Reply<Subscription | null>) => r.data,
      providesTags: ['Subscription'],
    }),
    subscriptionCheckout: build.mutation<CheckoutSession, { planId: string; frequency: BillingFrequency }>({
      // The spec's embedded checkout reply is used whole, not read from data.
      query: (body) => ({ url: '/subscription/embedded-checkout', method: 'POST', body }),
    }),
    billingPortal: build.mutation<{ url: string }, void>({
      query: () => ({ url: '/subscription/portal', method: 'POST' }),
      transformResponse: (r: Reply<{ url: string }>) => r.data,
    }),
    cancelSubscription: build.mutation<SubscriptionReply, void>({
      query: () => ({ url: '/subscription/cancel', method: 'POST' }),
      invalidatesTags: ['Subscription'],
    }),
    reactivateSubscription: build.mutation<SubscriptionReply, void>({
      query: () => ({ url: '/subscription/reactivate', method: 'POST' }),
      invalidatesTags: ['Subscription'],
    }),
    changePlan: build.mutation<SubscriptionReply, string>({
      query: (planId) => ({ url: '/subscription/change-plan', method: 'POST', body: { planId } }),
      invalidatesTags: ['Subscription'],
    }),
    changeFrequency: build.mutation<SubscriptionReply, BillingFrequency>({
      query: (frequency) => ({ url: '/subscription/change-frequency', method: 'POST', body: { frequency } }),
      invalidatesTags: ['Subscription'],
    }),
  }),
});

export const {
  useGetCreditProductsQuery,
  useGetAdminCreditProductsQuery,
  useGetCreditPricingQuery,
  useCalculatePriceMutation,
  useCreateCreditCheckoutMutation,
  useGetCheckoutSessionQuery,
  useLazyGetCheckoutSessionQuery,
  usePayLocalMutation,
  useConfirmLocal3dsMutation,
  useGetMyCheckoutsQuery,
  useDismissCheckoutMutation,
  useGetActivePlansQuery,
  useGetPlansQuery,
  useCreatePlanMutation,
  useCreatePlansBulkMutation,
  useUpdatePlanMutation,
  useUpdatePlanStripeMutation,
  useDeletePlanMutation,
  useCreateProductMutation,
  useUpdateProductMutation,
  useDeleteProductMutation,
  useUpdatePricingMutation,
  useGetCreditStatsQuery,
  useGetCurrentSubscriptionQuery,
  useSubscriptionCheckoutMutation,
  useBillingPortalMutation,
  useCancelSubscriptionMutation,
  useReactivateSubscriptionMutation,
  useChangePlanMutation,
  useChangeFrequencyMutation,
} = billingApi;
