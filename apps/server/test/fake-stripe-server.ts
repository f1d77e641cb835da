import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for the parts of Stripe's API the adapter calls (customers, Checkout Sessions,
 * billing portal sessions, subscriptions), answering in Stripe's shapes. The real SDK talks to it
 * through STRIPE_API_URL, so tests see exactly what the adapter sent; nothing reaches stripe.com.
 */

export interface ReceivedRequest {
  method: string;
  path: string;
  query: Record<string, unknown>;
  body: Record<string, unknown>;
  idempotencyKey: string | undefined;
}

type Json = Record<string, unknown>;

const id = (prefix: string) => `${prefix}_${randomBytes(8).toString('hex')}`;
const nowSeconds = () => Math.floor(Date.now() / 1000);

/** Stripe's form encoding (`a[b][0][c]=v`) back into objects; numeric keys become arrays. */
export function parseForm(text: string): Json {
  const root: Json = {};
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const parts = rawKey.replace(/\]/g, '').split('[');
    let node: Record<string, unknown> = root;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) {
        node[part] = value;
        return;
      }
      const nextIsIndex = /^\d+$/.test(parts[i + 1] ?? '');
      node[part] ??= nextIsIndex ? [] : {};
      node = node[part] as Record<string, unknown>;
    });
  }
  return root;
}

export interface FakeSubscription extends Json {
  id: string;
  object: 'subscription';
  status: string;
  customer: string;
  cancel_at_period_end: boolean;
  canceled_at: number | null;
  ended_at: number | null;
  metadata: Record<string, string>;
  items: { object: 'list'; data: FakeSubscriptionItem[] };
}

interface FakeSubscriptionItem extends Json {
  id: string;
  object: 'subscription_item';
  current_period_start: number;
  current_period_end: number;
  price: { id: string; object: 'price'; product: string; unit_amount: number | null; currency: string; recurring: { interval: string } | null };
}

export class FakeStripeServer {
  readonly requests: ReceivedRequest[] = [];
  readonly customers = new Map<string, Json>();
  readonly sessions = new Map<string, Json>();
  readonly subscriptions = new Map<string, FakeSubscription>();
  private server: http.Server | null = null;
  url = '';

  async start(): Promise<void> {
    this.server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const target = new URL(req.url ?? '/', 'http://fake');
        const received: ReceivedRequest = {
          method: req.method ?? 'GET',
          path: target.pathname,
          query: parseForm(target.search.slice(1)),
          body: parseForm(Buffer.concat(chunks).toString('utf8')),
          idempotencyKey: req.headers['idempotency-key'] as string | undefined,
        };
        this.requests.push(received);
        const [status, payload] = this.route(received);
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
        res.end(JSON.stringify(payload));
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    const { port } = this.server.address() as AddressInfo;
    this.url = `http://127.0.0.1:${port}`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** Requests to one endpoint, e.g. `received('POST', '/v1/checkout/sessions')`. */
  received(method: string, pathPrefix: string): ReceivedRequest[] {
    return this.requests.filter((r) => r.method === method && r.path.startsWith(pathPrefix));
  }

  private notFound(what: string): [number, Json] {
    return [404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}` } }];
  }

  private route(r: ReceivedRequest): [number, Json] {
    const parts = r.path.split('/').filter(Boolean);
    if (r.method === 'POST' && r.path === '/v1/customers') {
      const customer = { id: id('cus'), object: 'customer', email: r.body.email ?? null, name: r.body.name ?? null, metadata: r.body.metadata ?? {} };
      this.customers.set(customer.id, customer);
      return [200, customer];
    }
    if (r.method === 'POST' && r.path === '/v1/checkout/sessions') return [200, this.createSession(r.body)];
    if (r.method === 'GET' && parts[1] === 'checkout' && parts[2] === 'sessions' && parts[3]) {
      const session = this.sessions.get(parts[3]);
      if (!session) return this.notFound('checkout.session');
      const expand = Object.values((r.query.expand as Json | undefined) ?? {});
      if (expand.includes('subscription') && typeof session.subscription === 'string') {
        return [200, { ...session, subscription: this.subscriptions.get(session.subscription) ?? session.subscription }];
      }
      return [200, session];
    }
    if (r.method === 'POST' && r.path === '/v1/billing_portal/sessions') {
      return [200, { id: id('bps'), object: 'billing_portal.session', customer: r.body.customer, return_url: r.body.return_url, url: `https://billing.stripe.test/p/${id('session')}` }];
    }
    if (parts[1] === 'subscriptions' && parts[2]) {
      const sub = this.subscriptions.get(parts[2]);
      if (!sub) return this.notFound('subscription');
      if (r.method === 'GET') return [200, sub];
      if (r.method === 'POST') return [200, this.updateSubscription(sub, r.body)];
    }
    return [404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${r.method}: ${r.path})` } }];
  }

  private createSession(body: Json): Json {
    const sessionId = id('cs_test');
    const uiMode = String(body.ui_mode ?? 'hosted_page');
    const session: Json = {
      id: sessionId,
      object: 'checkout.session',
      mode: body.mode,
      ui_mode: uiMode,
      status: 'open',
      payment_status: 'unpaid',
      client_reference_id: body.client_reference_id ?? null,
      customer: body.customer ?? null,
      metadata: body.metadata ?? {},
      subscription: null,
      client_secret: uiMode === 'hosted_page' ? null : `${sessionId}_secret_${randomBytes(6).toString('hex')}`,
      url: uiMode === 'hosted_page' ? `https://checkout.stripe.test/c/pay/${sessionId}` : null,
      return_url: body.return_url ?? null,
      success_url: body.success_url ?? null,
      created: nowSeconds(),
      // Kept to build the subscription when the session is paid.
      _line_items: body.line_items,
      _subscription_data: body.subscription_data ?? null,
    };
    this.sessions.set(sessionId, session);
    return session;
  }

  private updateSubscription(sub: FakeSubscription, body: Json): FakeSubscription {
    if (body.cancel_at_period_end !== undefined) sub.cancel_at_period_end = body.cancel_at_period_end === 'true';
    if (body.metadata) sub.metadata = { ...sub.metadata, ...(body.metadata as Record<string, string>) };
    const items = body.items as Json[] | undefined;
    const change = items?.[0];
    const item = sub.items.data[0];
    if (change && item) {
      if (typeof change.price === 'string') item.price = { ...item.price, id: change.price, unit_amount: null };
      const data = change.price_data as Json | undefined;
      if (data) {
        const interval = String((data.recurring as Json).interval);
        const oldInterval = item.price.recurring?.interval;
        item.price = { id: id('price'), object: 'price', product: String(data.product), unit_amount: Number(data.unit_amount), currency: String(data.currency), recurring: { interval } };
        // Changing the interval restarts the billing cycle now, as Stripe does.
        if (interval !== oldInterval) {
          const start = nowSeconds();
          item.current_period_start = start;
          item.current_period_end = start + (interval === 'year' ? 365 : 30) * 86400;
        }
      }
    }
    return sub;
  }

  /**
   * The customer paid (or, with `paid: false`, submitted a payment still in flight) in the
   * embedded checkout: the session completes and, for a subscription, Stripe's subscription exists.
   */
  completeSession(sessionId: string, opts: { paid?: boolean; periodStart?: number } = {}): Json {
    const session = this.sessions.get(sessionId);
    if (!session) throw new Error(`no fake session ${sessionId}`);
    session.status = 'complete';
    session.payment_status = opts.paid === false ? 'unpaid' : 'paid';
    if (session.mode === 'subscription' && !session.subscription) {
      const line = ((session._line_items as Json[] | undefined) ?? [])[0] ?? {};
      const data = line.price_data as Json | undefined;
      const interval = String((data?.recurring as Json | undefined)?.interval ?? 'month');
      const start = opts.periodStart ?? nowSeconds();
      const sub: FakeSubscription = {
        id: id('sub'),
        object: 'subscription',
        status: 'active',
        customer: String(session.customer),
        cancel_at_period_end: false,
        canceled_at: null,
        ended_at: null,
        metadata: { ...(((session._subscription_data as Json | null)?.metadata as Record<string, string> | undefined) ?? {}) },
        items: {
          object: 'list',
          data: [
            {
              id: id('si'),
              object: 'subscription_item',
              current_period_start: start,
              current_period_end: start + (interval === 'year' ? 365 : 30) * 86400,
              price: {
                id: typeof line.price === 'string' ? line.price : id('price'),
                object: 'price',
                product: id('prod'),
                unit_amount: data ? Number(data.unit_amount) : null,
                currency: String(data?.currency ?? 'usd'),
                recurring: { interval },
              },
            },
          ],
        },
      };
      this.subscriptions.set(sub.id, sub);
      session.subscription = sub.id;
    }
    return this.publicSession(session);
  }

  /** The session as Stripe would put it in an event (no private test fields). */
  publicSession(session: Json): Json {
    const { _line_items: _l, _subscription_data: _s, ...rest } = session;
    return rest;
  }

  sessionById(sessionId: string): Json {
    const session = this.sessions.get(sessionId);
    if (!session) throw new Error(`no fake session ${sessionId}`);
    return this.publicSession(session);
  }

  subscriptionOfSession(sessionId: string): FakeSubscription {
    const subId = this.sessions.get(sessionId)?.subscription;
    const sub = typeof subId === 'string' ? this.subscriptions.get(subId) : undefined;
    if (!sub) throw new Error(`session ${sessionId} has no subscription`);
    return sub;
  }

  /** A paid invoice of a subscription for one service period (optionally only prorations). */
  invoice(sub: FakeSubscription, period: { start: number; end: number }, opts: { reason?: string; prorationOnly?: boolean; status?: string } = {}): Json {
    const lineParent = (proration: boolean) => ({
      type: 'subscription_item_details',
      invoice_item_details: null,
      subscription_item_details: { subscription: sub.id, subscription_item: sub.items.data[0]?.id ?? null, proration, invoice_item: null, proration_details: null },
    });
    return {
      id: id('in'),
      object: 'invoice',
      status: opts.status ?? 'paid',
      billing_reason: opts.reason ?? 'subscription_cycle',
      customer: sub.customer,
      period_start: period.start,
      period_end: period.end,
      parent: {
        type: 'subscription_details',
        quote_details: null,
        subscription_details: { subscription: sub.id, metadata: { ...sub.metadata } },
      },
      lines: {
        object: 'list',
        has_more: false,
        data: [{ id: id('il'), object: 'line_item', period, parent: lineParent(opts.prorationOnly ?? false) }],
      },
    };
  }
}

/** A Stripe event around an object, as delivered to a webhook endpoint. */
export function stripeEvent(type: string, object: Json, opts: { id?: string; created?: number } = {}): Json {
  return {
    id: opts.id ?? id('evt'),
    object: 'event',
    api_version: '2026-10-28.endive',
    created: opts.created ?? nowSeconds(),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  };
}
