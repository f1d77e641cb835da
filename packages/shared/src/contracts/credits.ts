import { z } from 'zod';
import {
  calculatePriceBody,
  checkoutSession,
  creditCheckoutBody,
  creditPricing,
  creditPricingBody,
  creditProduct,
  creditProductBody,
  creditProductUpdateBody,
  creditStats,
  priceCalculation,
  sessionDetails,
} from '../schemas/billing.js';
import { idParam, pagination } from '../schemas/common.js';
import {
  adminCreditsBody,
  adminCreditsResult,
  creditBalance,
  creditCheckBody,
  creditCheckResult,
  creditHistoryQuery,
  ledgerEntry,
} from '../schemas/credits.js';
import { contract } from './contract.js';
import { creditsEndpoints as e } from './credits.endpoints.js';

const adminReply = z.object({ data: adminCreditsResult, message: z.string() });
const adminDescription =
  'Recorded in the ledger with the acting admin and the reason. A deduction larger than the balance is refused with 409. ' +
  'An Idempotency-Key header makes a retried call apply once.';
const productReply = z.object({ data: creditProduct, message: z.string().optional() });
const products = z.object({ data: z.array(creditProduct) });

export const creditsContracts = {
  balance: contract(e.balance, {
    tags: ['credits'],
    summary: 'The signed-in user’s credit balance',
    reply: { 200: z.object({ data: creditBalance }) },
  }),
  history: contract(e.history, {
    tags: ['credits'],
    summary: 'The signed-in user’s ledger, newest first',
    query: creditHistoryQuery,
    reply: { 200: z.object({ data: z.array(ledgerEntry), pagination }) },
  }),
  check: contract(e.check, {
    tags: ['credits'],
    summary: 'Whether the balance covers an amount',
    body: creditCheckBody,
    reply: { 200: z.object({ data: creditCheckResult }) },
  }),
  adminAdd: contract(e.adminAdd, {
    tags: ['credits', 'admin'],
    summary: 'Add credits to a user (admin)',
    description: adminDescription,
    body: adminCreditsBody,
    reply: { 200: adminReply },
  }),
  adminDeduct: contract(e.adminDeduct, {
    tags: ['credits', 'admin'],
    summary: 'Deduct credits from a user (admin)',
    description: adminDescription,
    body: adminCreditsBody,
    reply: { 200: adminReply },
  }),
  products: contract(e.products, { tags: ['credits'], summary: 'Active credit packs, in display order', reply: { 200: products } }),
  product: contract(e.product, { tags: ['credits'], summary: 'One active credit pack', params: idParam, reply: { 200: productReply } }),
  pricing: contract(e.pricing, {
    tags: ['credits'],
    summary: 'The price of a custom amount of credits',
    description: 'pricePerCredit is in minor units (cents); the highest tier reached gives its discount.',
    reply: { 200: z.object({ data: creditPricing }) },
  }),
  calculatePrice: contract(e.calculatePrice, {
    tags: ['credits'],
    summary: 'Price breakdown of a custom amount',
    description:
      'subtotal = credits × unitPrice; the discount (percent of the highest tier reached) is rounded half up to a whole minor unit; total = subtotal − discount.',
    body: calculatePriceBody,
    reply: { 200: z.object({ data: priceCalculation }) },
  }),
  checkout: contract(e.checkout, {
    tags: ['credits'],
    summary: 'Start buying a credit pack or a custom amount',
    description: 'Creates a pending checkout (amount fixed now) and a payment session for the embedded checkout.',
    body: creditCheckoutBody,
    reply: { 200: z.object({ data: checkoutSession }) },
  }),
  session: contract(e.session, {
    tags: ['credits'],
    summary: 'A checkout session of yours, reconciled with the payment provider',
    params: z.object({ id: z.string().min(1).max(200) }),
    reply: { 200: z.object({ data: sessionDetails }) },
  }),
  historyCsv: contract(e.historyCsv, {
    tags: ['credits'],
    summary: 'Your whole credit history as CSV',
    reply: {},
    file: { mimeType: 'text/csv', description: 'The ledger as CSV, newest first' },
  }),
  adminStats: contract(e.adminStats, {
    tags: ['credits', 'admin'],
    summary: 'Credit and revenue totals (admin)',
    description: 'Credit totals are in credits; totalRevenue and revenue are minor units of the store currency.',
    reply: { 200: z.object({ data: z.object({ stats: creditStats }) }) },
  }),
  adminProducts: contract(e.adminProducts, {
    tags: ['credits', 'admin'],
    summary: 'Every credit pack, active or not (admin)',
    reply: { 200: products },
  }),
  createProduct: contract(e.createProduct, {
    tags: ['credits', 'admin'],
    summary: 'Create a credit pack (admin)',
    body: creditProductBody,
    reply: { 201: productReply },
  }),
  updateProduct: contract(e.updateProduct, {
    tags: ['credits', 'admin'],
    summary: 'Update a credit pack (admin)',
    params: idParam,
    body: creditProductUpdateBody,
    reply: { 200: productReply },
  }),
  deleteProduct: contract(e.deleteProduct, {
    tags: ['credits', 'admin'],
    summary: 'Delete a credit pack (admin)',
    description: 'Past purchases keep their description, credits and amount.',
    params: idParam,
    reply: { 200: z.object({ data: z.null(), message: z.string() }) },
  }),
  updatePricing: contract(e.updatePricing, {
    tags: ['credits', 'admin'],
    summary: 'Set custom-amount pricing (admin)',
    body: creditPricingBody,
    reply: { 200: z.object({ data: creditPricing, message: z.string() }) },
  }),
} as const;
