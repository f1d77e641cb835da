import client from 'prom-client';

/**
 * The process's Prometheus metrics. Counters and histograms live in one registry per process
 * (the ledger, the worker and the sockets increment them wherever they run); values that are
 * read at scrape time (queue depth, pool usage) are added per app by `scrapeRegistry`.
 */
export const registry = new client.Registry();
client.collectDefaultMetrics({ register: registry, prefix: 'atelier_process_' });

export const httpRequestDuration = new client.Histogram({
  name: 'atelier_http_request_duration_seconds',
  help: 'HTTP requests by method, route pattern and status code',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

export const generationJobs = new client.Counter({
  name: 'atelier_generation_jobs_total',
  help: 'Generation runs finished by this process, by model and outcome (ready, failed, requeued)',
  labelNames: ['model', 'outcome'] as const,
  registers: [registry],
});

export const generationDuration = new client.Histogram({
  name: 'atelier_generation_duration_seconds',
  help: 'Time from claiming an item to its outcome, by model and outcome',
  labelNames: ['model', 'outcome'] as const,
  buckets: [0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600],
  registers: [registry],
});

export const creditsGranted = new client.Counter({
  name: 'atelier_credits_granted_total',
  help: 'Credits added to balances, by ledger kind (signup_grant, purchase, refund, …)',
  labelNames: ['kind'] as const,
  registers: [registry],
});

export const creditsSpent = new client.Counter({
  name: 'atelier_credits_spent_total',
  help: 'Credits taken from balances, by ledger kind',
  labelNames: ['kind'] as const,
  registers: [registry],
});

export const refunds = new client.Counter({
  name: 'atelier_refunds_total',
  help: 'Generation charges refunded (one per failed item)',
  registers: [registry],
});

export const socketsConnected = new client.Gauge({
  name: 'atelier_sockets_connected',
  help: 'Socket.IO connections open on this process',
  registers: [registry],
});

export const messagesSent = new client.Counter({
  name: 'atelier_messages_sent_total',
  help: 'Direct messages stored and delivered',
  registers: [registry],
});

export const checkoutOutcomes = new client.Counter({
  name: 'atelier_checkout_outcomes_total',
  help: 'Checkouts reaching an outcome: paid, declined or expired',
  labelNames: ['outcome'] as const,
  registers: [registry],
});

export const unhandledRejections = new client.Counter({
  name: 'atelier_unhandled_rejections_total',
  help: 'Promise rejections nothing handled; logged, and the process kept serving',
  registers: [registry],
});

export const rateLimitFallbacks = new client.Counter({
  name: 'atelier_rate_limit_fallbacks_total',
  help: 'Rate-limit hits counted in this process alone because the shared store (Redis) did not answer',
  registers: [registry],
});

/** A ledger row was written (call only for a new row). */
export function countLedger(kind: string, delta: number): void {
  if (delta > 0) creditsGranted.inc({ kind }, delta);
  else creditsSpent.inc({ kind }, -delta);
  if (kind === 'refund') refunds.inc();
}

export interface ScrapeSources {
  /** Items waiting in the generation queue and the age in seconds of the oldest one. */
  queueDepth?: () => Promise<{ depth: number; oldestAgeSeconds: number }>;
  /** Content items still pending, by status and model. */
  pendingItems?: () => Promise<{ status: string; model: string; count: number }[]>;
  /** PostgreSQL pool usage; absent on the embedded database. */
  pool?: () => { total: number; idle: number; waiting: number };
}

/** Gauges read at scrape time from this app's own database and queue. */
export function scrapeRegistry(sources: ScrapeSources): client.Registry {
  const local = new client.Registry();
  if (sources.queueDepth) {
    const read = sources.queueDepth;
    let last: Promise<{ depth: number; oldestAgeSeconds: number } | null> | null = null;
    // Both gauges come from one query per scrape; a failed read keeps their last values (readiness
    // names the database as the cause) instead of failing the whole scrape.
    const once = () =>
      (last ??= read()
        .catch(() => null)
        .finally(() => setTimeout(() => (last = null), 0)));
    new client.Gauge({
      name: 'atelier_generation_queue_depth',
      help: 'Generation jobs waiting to be picked up',
      registers: [local],
      async collect() {
        const value = await once();
        if (value) this.set(value.depth);
      },
    });
    new client.Gauge({
      name: 'atelier_generation_queue_oldest_age_seconds',
      help: 'Age of the oldest generation job still waiting (0 when none)',
      registers: [local],
      async collect() {
        const value = await once();
        if (value) this.set(value.oldestAgeSeconds);
      },
    });
  }
  if (sources.pendingItems) {
    const read = sources.pendingItems;
    new client.Gauge({
      name: 'atelier_generation_items',
      help: 'Content items not yet finished, by status (queued, processing) and model',
      labelNames: ['status', 'model'] as const,
      registers: [local],
      async collect() {
        this.reset();
        const rows = await read().catch(() => []);
        for (const row of rows) this.set({ status: row.status, model: row.model }, row.count);
      },
    });
  }
  if (sources.pool) {
    const read = sources.pool;
    new client.Gauge({
      name: 'atelier_db_pool_connections',
      help: 'PostgreSQL pool connections by state (total, idle, waiting clients)',
      labelNames: ['state'] as const,
      registers: [local],
      collect() {
        const p = read();
        this.set({ state: 'total' }, p.total);
        this.set({ state: 'idle' }, p.idle);
        this.set({ state: 'waiting' }, p.waiting);
      },
    });
  }
  return local;
}

/** The text a scrape receives: process metrics then this app's scrape-time gauges. */
export async function renderMetrics(local: client.Registry): Promise<{ contentType: string; body: string }> {
  const merged = client.Registry.merge([registry, local]);
  return { contentType: registry.contentType, body: await merged.metrics() };
}
