import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CreditProduct, Plan } from '@atelier/shared';
import { jsonResponse, makeUser, mockServer, renderWithStore, signedInState } from '../../../testing/render-with-store';
import { AdminCreditProductsPage } from './admin-credit-products-page';
import { AdminPlansPage } from './admin-plans-page';

afterEach(() => {
  vi.unstubAllGlobals();
});

const admin = signedInState(makeUser({ role: 'admin' }));

const pack = (id: string, name: string, credits: number, bonusCredits: number, price: number): CreditProduct => ({
  id,
  name,
  credits,
  bonusCredits,
  price,
  currency: 'usd',
  isActive: true,
  sortOrder: 1,
  stripePriceId: null,
});

const plan = (id: string, name: string, priceMonthly: number, isPopular = false): Plan => ({
  id,
  name,
  description: `${name} description`,
  features: [],
  priceMonthly,
  priceYearly: priceMonthly * 10,
  currency: 'usd',
  creditsPerPeriod: 300,
  isActive: true,
  isPopular,
  sortOrder: 1,
  stripeProductId: isPopular ? 'prod_123' : null,
  stripePriceIdMonthly: null,
  stripePriceIdYearly: null,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
});

const stats = {
  totalPurchased: 1650,
  totalRevenue: 4500,
  totalSpent: 20,
  totalRefunded: 0,
  totalGranted: 50,
  activeSubscriptions: 1,
  completedCheckouts: 3,
  purchasesByProduct: [],
};

/** The cells of each body row of the table in `region`, as text. */
function rowsOf(region: HTMLElement): string[][] {
  const table = within(region).getByRole('table');
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent ?? ''),
    );
}

describe('/admin/credit-products', () => {
  it('shows the statistics and every pack, and deletes one after confirmation', async () => {
    let packs = [pack('p1', 'Starter pack', 100, 0, 500), pack('p2', 'Creator pack', 500, 50, 2000)];
    const server = mockServer({
      'GET /credits/admin/stats': () => jsonResponse(200, { data: { stats } }),
      'GET /credits/admin/products': () => jsonResponse(200, { data: packs }),
      'GET /credits/pricing': () =>
        jsonResponse(200, {
          data: { pricePerCredit: 5, currency: 'usd', minCredits: 50, maxCredits: 100000, tiers: [] },
        }),
      'DELETE /credits/admin/products/p1': () => {
        packs = packs.filter((p) => p.id !== 'p1');
        return jsonResponse(200, { data: null, message: 'Credit product deleted' });
      },
    });
    vi.stubGlobal('confirm', () => true);
    const { user } = renderWithStore(<AdminCreditProductsPage />, { preloadedState: admin });

    const section = (await screen.findByRole('heading', { name: 'Credit packs' })).closest('section')!;
    await waitFor(() => expect(within(section).getAllByRole('row')).toHaveLength(3));
    expect(rowsOf(section)).toEqual([
      ['Starter pack', '100', '0', '$5.00', 'Active', 'EditDelete'],
      ['Creator pack', '500', '50', '$20.00', 'Active', 'EditDelete'],
    ]);
    expect(screen.getByText('$45.00')).toBeInTheDocument();

    const starter = within(section).getAllByRole('row')[1]!;
    await user.click(within(starter).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(rowsOf(section)).toHaveLength(1));
    expect(server.callsTo('DELETE', '/credits/admin/products/p1')).toHaveLength(1);
    expect(await screen.findByText('Credit product deleted')).toBeInTheDocument();
  });
});

describe('/admin/plans', () => {
  it('lists plans with both prices, the popular mark and the provider product', async () => {
    mockServer({
      'GET /plans': () =>
        jsonResponse(200, {
          data: {
            plans: [plan('a', 'Starter', 900), plan('b', 'Pro', 1900, true)],
            pagination: { page: 1, pageSize: 100, total: 2, totalPages: 1 },
          },
        }),
    });
    renderWithStore(<AdminPlansPage />, { preloadedState: admin });
    const table = await screen.findByRole('table');
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    expect(rowsOf(table.parentElement!)).toEqual([
      ['Starter', '$9.00', '$90.00', '300', 'Active', '—', 'EditProvider idsDelete'],
      ['Pro ★', '$19.00', '$190.00', '300', 'Active', 'prod_123', 'EditProvider idsDelete'],
    ]);
  });

  it('tells a member the screen is for admins and asks the server nothing', () => {
    const server = mockServer({});
    renderWithStore(<AdminPlansPage />, { preloadedState: signedInState() });
    expect(screen.getByText('Admins only')).toBeInTheDocument();
    expect(server.calls).toHaveLength(0);
  });
});
