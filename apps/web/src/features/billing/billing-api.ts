import {
  creditsEndpoints,
  paymentsEndpoints,
  plansEndpoints,
  subscriptionEndpoints,
  type BillingFrequency,
  type CheckoutSession,
  type CheckoutSummary,
  type CreditPricing,
  type CreditProduct,
  type CreditProductBody,
  type CreditProductUpdateBody,
  type CreditPricingBody,
  type CreditStats,
  type LedgerKind,
  type DataOf,
  type LocalPayBody,
  type LocalPayResult,
  type Plan,
  type PlanBody,
  type PlanChangePreview,
  type PlanUpdateBody,
  type PriceCalculation,
  type ReplyOf,
  type SessionDetails,
  type Subscription,
  type creditsContracts,
  type paymentsContracts,
  type plansContracts,
  type subscriptionContracts,
} from '@atelier/shared';
import { api, call } from '../../lib/api';
import { creditsUpdated } from '../../lib/session';

type SubscriptionReply = ReplyOf<typeof subscriptionContracts.cancel>;

export interface CreditHistoryArgs {
  page: number;
  pageSize: number;
  kind?: LedgerKind;
}

export type CreditHistoryPage = ReplyOf<typeof creditsContracts.history>;

/** The credit ledger, credit packs, pricing, the local checkout, plans and subscriptions. */
export const billingApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCreditHistory: build.query<CreditHistoryPage, CreditHistoryArgs>({
      query: (args) => call(creditsEndpoints.history, { query: args }),
      providesTags: ['Credits'],
    }),
    getCreditProducts: build.query<CreditProduct[], void>({
      query: () => call(creditsEndpoints.products),
      transformResponse: (r: ReplyOf<typeof creditsContracts.products>) => r.data,
      providesTags: [{ type: 'Credits', id: 'PRODUCTS' }],
    }),
    getAdminCreditProducts: build.query<CreditProduct[], void>({
      query: () => call(creditsEndpoints.adminProducts),
      transformResponse: (r: ReplyOf<typeof creditsContracts.adminProducts>) => r.data,
      providesTags: [{ type: 'Credits', id: 'PRODUCTS' }],
    }),
    getCreditPricing: build.query<CreditPricing, void>({
      query: () => call(creditsEndpoints.pricing),
      transformResponse: (r: ReplyOf<typeof creditsContracts.pricing>) => r.data,
      providesTags: [{ type: 'Credits', id: 'PRICING' }],
    }),
    calculatePrice: build.mutation<PriceCalculation, number>({
      query: (credits) => call(creditsEndpoints.calculatePrice, { body: { credits } }),
      transformResponse: (r: ReplyOf<typeof creditsContracts.calculatePrice>) => r.data,
    }),
    createCreditCheckout: build.mutation<CheckoutSession, { productId: string } | { credits: number }>({
      query: (body) => call(creditsEndpoints.checkout, { body }),
      transformResponse: (r: ReplyOf<typeof creditsContracts.checkout>) => r.data,
    }),
    getCheckoutSession: build.query<SessionDetails, string>({
      query: (id) => call(creditsEndpoints.session, { params: { id } }),
      transformResponse: (r: ReplyOf<typeof creditsContracts.session>) => r.data,
      async onQueryStarted(_id, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(creditsUpdated(data.balance));
      },
    }),
    payLocal: build.mutation<LocalPayResult, { sessionId: string; card: LocalPayBody }>({
      query: ({ sessionId, card }) => call(paymentsEndpoints.localPay, { params: { sessionId }, body: card }),
      transformResponse: (r: ReplyOf<typeof paymentsContracts.localPay>) => r.data,
    }),
    confirmLocal3ds: build.mutation<LocalPayResult, { sessionId: string; approve: boolean }>({
      query: ({ sessionId, approve }) => call(paymentsEndpoints.localConfirm3ds, { params: { sessionId }, body: { approve } }),
      transformResponse: (r: ReplyOf<typeof paymentsContracts.localConfirm3ds>) => r.data,
    }),
    getMyCheckouts: build.query<CheckoutSummary[], void>({
      query: () => call(paymentsEndpoints.checkouts),
      transformResponse: (r: ReplyOf<typeof paymentsContracts.checkouts>) => r.data,
      providesTags: [{ type: 'Credits', id: 'CHECKOUTS' }],
    }),
    dismissCheckout: build.mutation<ReplyOf<typeof paymentsContracts.dismissCheckout>, string>({
      query: (id) => call(paymentsEndpoints.dismissCheckout, { params: { id } }),
      invalidatesTags: [{ type: 'Credits', id: 'CHECKOUTS' }],
    }),

    getActivePlans: build.query<Plan[], void>({
      query: () => call(plansEndpoints.active),
      transformResponse: (r: ReplyOf<typeof plansContracts.active>) => r.data.plans,
      providesTags: [{ type: 'Plans', id: 'ACTIVE' }],
    }),
    getPlans: build.query<DataOf<typeof plansContracts.list>, { page: number; pageSize: number }>({
      query: (args) => call(plansEndpoints.list, { query: args }),
      transformResponse: (r: ReplyOf<typeof plansContracts.list>) => r.data,
      providesTags: [{ type: 'Plans', id: 'LIST' }],
    }),
    createPlan: build.mutation<ReplyOf<typeof plansContracts.create>, PlanBody>({
      query: (body) => call(plansEndpoints.create, { body }),
      invalidatesTags: ['Plans'],
    }),
    createPlansBulk: build.mutation<ReplyOf<typeof plansContracts.createBulk>, PlanBody[]>({
      query: (plans) => call(plansEndpoints.createBulk, { body: { plans } }),
      invalidatesTags: ['Plans'],
    }),
    updatePlan: build.mutation<ReplyOf<typeof plansContracts.update>, { id: string; body: PlanUpdateBody }>({
      query: ({ id, body }) => call(plansEndpoints.update, { params: { id }, body }),
      invalidatesTags: ['Plans'],
    }),
    updatePlanStripe: build.mutation<
      ReplyOf<typeof plansContracts.updateStripe>,
      {
        id: string;
        body: {
          stripeProductId: string | null;
          stripePriceIdMonthly: string | null;
          stripePriceIdYearly: string | null;
        };
      }
    >({
      query: ({ id, body }) => call(plansEndpoints.updateStripe, { params: { id }, body }),
      invalidatesTags: ['Plans'],
    }),
    deletePlan: build.mutation<ReplyOf<typeof plansContracts.remove>, string>({
      query: (id) => call(plansEndpoints.remove, { params: { id } }),
      invalidatesTags: ['Plans'],
    }),

    createProduct: build.mutation<ReplyOf<typeof creditsContracts.createProduct>, CreditProductBody>({
      query: (body) => call(creditsEndpoints.createProduct, { body }),
      invalidatesTags: [{ type: 'Credits', id: 'PRODUCTS' }],
    }),
    updateProduct: build.mutation<ReplyOf<typeof creditsContracts.updateProduct>, { id: string; body: CreditProductUpdateBody }>({
      query: ({ id, body }) => call(creditsEndpoints.updateProduct, { params: { id }, body }),
      invalidatesTags: [{ type: 'Credits', id: 'PRODUCTS' }],
    }),
    deleteProduct: build.mutation<ReplyOf<typeof creditsContracts.deleteProduct>, string>({
      query: (id) => call(creditsEndpoints.deleteProduct, { params: { id } }),
      invalidatesTags: [{ type: 'Credits', id: 'PRODUCTS' }],
    }),
    updatePricing: build.mutation<ReplyOf<typeof creditsContracts.updatePricing>, CreditPricingBody>({
      query: (body) => call(creditsEndpoints.updatePricing, { body }),
      invalidatesTags: [{ type: 'Credits', id: 'PRICING' }],
    }),
    getCreditStats: build.query<CreditStats, void>({
      query: () => call(creditsEndpoints.adminStats),
      transformResponse: (r: ReplyOf<typeof creditsContracts.adminStats>) => r.data.stats,
    }),

    getCurrentSubscription: build.query<Subscription | null, void>({
      query: () => call(subscriptionEndpoints.current),
      transformResponse: (r: ReplyOf<typeof subscriptionContracts.current>) => r.data,
      providesTags: ['Subscription'],
    }),
    subscriptionCheckout: build.mutation<CheckoutSession, { planId: string; frequency: BillingFrequency }>({
      // The spec's embedded checkout reply is used whole, not read from data.
      query: (body) => call(subscriptionEndpoints.embeddedCheckout, { body }),
    }),
    billingPortal: build.mutation<DataOf<typeof subscriptionContracts.portal>, void>({
      query: () => call(subscriptionEndpoints.portal),
      transformResponse: (r: ReplyOf<typeof subscriptionContracts.portal>) => r.data,
    }),
    cancelSubscription: build.mutation<SubscriptionReply, void>({
      query: () => call(subscriptionEndpoints.cancel),
      invalidatesTags: ['Subscription'],
    }),
    reactivateSubscription: build.mutation<SubscriptionReply, void>({
      query: () => call(subscriptionEndpoints.reactivate),
      invalidatesTags: ['Subscription'],
    }),
    /** What a plan change would cost now and when it starts; asked afresh each time the confirmation opens. */
    previewPlanChange: build.query<PlanChangePreview, string>({
      query: (planId) => call(subscriptionEndpoints.changePlanPreview, { query: { planId } }),
      transformResponse: (r: ReplyOf<typeof subscriptionContracts.changePlanPreview>) => r.data,
      keepUnusedDataFor: 0,
    }),
    /** `expectedAmount` is the amount due the person confirmed; the server refuses another. */
    changePlan: build.mutation<SubscriptionReply, { planId: string; expectedAmount?: number }>({
      query: (body) => call(subscriptionEndpoints.changePlan, { body }),
      invalidatesTags: ['Subscription', 'Credits'],
    }),
    changeFrequency: build.mutation<SubscriptionReply, BillingFrequency>({
      query: (frequency) => call(subscriptionEndpoints.changeFrequency, { body: { frequency } }),
      invalidatesTags: ['Subscription'],
    }),
  }),
});

export const {
  useGetCreditHistoryQuery,
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
  usePreviewPlanChangeQuery,
  useChangeFrequencyMutation,
} = billingApi;
