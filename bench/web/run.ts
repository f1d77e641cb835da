/**
 * Web performance: builds the product, starts it on a fresh data directory with the demo gallery,
 * and runs Lighthouse (system Chromium, headless) on four pages in the mobile and desktop presets.
 * Each page is measured BENCH_RUNS times (default 5) per preset and the median run is reported:
 * category scores, LCP/TBT/CLS, the JavaScript the page loaded (transferred, and gzip of the files),
 * and how many screens long the page is. Then, on a phone profile, a signed-in person's own content page
 * (a Lighthouse user flow in a browser holding their session) and the Interaction to Next Paint of
 * opening the Generate dialog from the home page ("Start creating"), BENCH_RUNS times each.
 *
 *   npm run bench:web                   # build, start on 127.0.0.1:3540, measure, stop
 *   BENCH_SKIP_BUILD=1 npm run bench:web
 *   BENCH_RUNS=1 BENCH_PORT=3542 npm run bench:web
 *   BENCH_PRESETS=mobile npm run bench:web   # one preset only
 *   BENCH_PAGES=/gallery,/content npm run bench:web   # some pages only (/, /gallery, /content, /pricing)
 *   BENCH_SKIP_BUILD=1 BENCH_APP_DIR=bench/results/before npm run bench:web   # an earlier build kept aside
 *
 * Results are printed and written to bench/results/web-<time>.json. Never part of `npm test` or CI.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import lighthouse, { startFlow, type Flags, type RunnerResult } from 'lighthouse';
import puppeteer from 'puppeteer-core';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import * as chromeLauncher from 'chrome-launcher';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const PORT = Number(process.env.BENCH_PORT ?? 3540);
const RUNS = Math.max(1, Math.min(Number(process.env.BENCH_RUNS ?? 5), 9));
// Another build to measure (a directory holding apps/server/dist, apps/server/migrations and apps/web/dist).
const APP_DIR = path.resolve(root, process.env.BENCH_APP_DIR ?? '.');
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
// BENCH_PRESETS=mobile measures one preset only (default: both).
const PRESETS = (['mobile', 'desktop'] as const).filter(
  (p) => !process.env.BENCH_PRESETS || process.env.BENCH_PRESETS.split(',').includes(p),
);
const base = `http://127.0.0.1:${PORT}`;

interface RunFigures {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  jsTransferKb: number;
  jsGzipKb: number;
  consoleErrors: string[];
  /** The page's full height in screens of the preset's viewport (from Lighthouse's full-page screenshot). */
  screens: number;
  /** Lighthouse could not finish this run (its figures are left out of the median). */
  failed: boolean;
}

const median = (values: number[]) => {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor((s.length - 1) / 2)]!;
};

function build() {
  if (process.env.BENCH_SKIP_BUILD) return;
  console.log('building…');
  const r = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) throw new Error('build failed');
}

async function startServer(dataDir: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, [path.join(APP_DIR, 'apps/server/dist/main.js')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_DISABLED: 'true',
      PUBLIC_URL: base,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error('server did not start in 120 s');
    try {
      if ((await fetch(`${base}/api/v1/health`)).ok) return child;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
}

/**
 * Waits until the demo gallery has finished rendering (at least 12 items, and no new one for 5 s), so
 * that the renderer is idle while Lighthouse measures; returns the id of one public item.
 */
async function demoItemId(): Promise<string> {
  const deadline = Date.now() + 300_000;
  let last = -1;
  let stableSince = Date.now();
  for (;;) {
    const res = await fetch(`${base}/api/v1/content?pageSize=100`);
    if (res.ok) {
      const body = (await res.json()) as { data: { id: string; contentType: string }[] };
      if (body.data.length !== last) {
        last = body.data.length;
        stableSince = Date.now();
      } else if (last >= 12 && Date.now() - stableSince >= 5_000) {
        console.log(`demo gallery ready: ${last} items`);
        return (body.data.find((i) => i.contentType === 'photo') ?? body.data[0]!).id;
      }
    }
    if (Date.now() > deadline) throw new Error('the demo content did not finish in 300 s');
    await new Promise((r) => setTimeout(r, 1000));
  }
}

const gzipCache = new Map<string, number>();
async function gzipSize(url: string): Promise<number> {
  const known = gzipCache.get(url);
  if (known !== undefined) return known;
  const res = await fetch(url, { headers: { 'accept-encoding': 'identity' } });
  const size = zlib.gzipSync(Buffer.from(await res.arrayBuffer()), { level: 9 }).length;
  gzipCache.set(url, size);
  return size;
}

/** Full height over viewport height; the width ratio cancels the screenshot's pixel density. */
function pageScreens(lhr: RunnerResult['lhr']): number {
  const shot = lhr.fullPageScreenshot?.screenshot;
  const screen = lhr.configSettings.screenEmulation;
  if (!shot || !screen?.width || !screen.height) return NaN;
  return Number(((shot.height / shot.width) * (screen.width / screen.height)).toFixed(2));
}

async function figures(result: RunnerResult): Promise<RunFigures> {
  const lhr = result.lhr;
  if (lhr.runtimeError)
    console.warn(`  Lighthouse could not measure ${lhr.finalDisplayedUrl}: ${lhr.runtimeError.message}`);
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const num = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  const requests = (
    (lhr.audits['network-requests']?.details as { items?: Record<string, unknown>[] })?.items ?? []
  ).filter((r) => r.resourceType === 'Script' && String(r.url).startsWith(base));
  let transfer = 0;
  let gzip = 0;
  for (const r of requests) {
    transfer += Number(r.transferSize ?? 0);
    gzip += await gzipSize(String(r.url));
  }
  const consoleItems = (
    (lhr.audits['errors-in-console']?.details as { items?: { description?: string }[] })?.items ?? []
  ).map((i) => String(i.description ?? '').slice(0, 200));
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    lcpMs: Math.round(num('largest-contentful-paint')),
    tbtMs: Math.round(num('total-blocking-time')),
    cls: Number(num('cumulative-layout-shift').toFixed(3)),
    jsTransferKb: Number((transfer / 1024).toFixed(1)),
    jsGzipKb: Number((gzip / 1024).toFixed(1)),
    consoleErrors: consoleItems,
    screens: pageScreens(lhr),
    failed: Boolean(lhr.runtimeError),
  };
}

interface Session {
  itemId: string;
  storage: Record<string, string>;
}

/**
 * Registers a person through the API, generates one photo for them and waits until it is ready; returns
 * the item and the browser storage the web app keeps for a signed-in person (its tokens and the saved
 * auth slice, as persist-auth.ts writes them).
 */
async function signedInSession(): Promise<Session> {
  const stamp = Date.now().toString(36);
  const person = {
    fullName: 'Bench Person',
    username: `bench_${stamp}`,
    email: `bench.${stamp}@example.test`,
    password: 'Sunrise2026',
  };
  const json = { 'content-type': 'application/json' };
  const registered = await fetch(`${base}/api/v1/auth/register`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify(person),
  });
  if (registered.status !== 201) throw new Error(`register answered ${registered.status}`);
  const { data } = (await registered.json()) as { data: { user: unknown; accessToken: string; refreshToken: string } };
  const auth = { ...json, authorization: `Bearer ${data.accessToken}` };
  const generated = await fetch(`${base}/api/v1/content/generate`, {
    method: 'POST',
    headers: auth,
    body: JSON.stringify({ contentType: 'photo', prompt: 'A lighthouse on a cliff at dawn', name: 'Lighthouse' }),
  });
  if (generated.status !== 201) throw new Error(`generate answered ${generated.status}`);
  const itemId = ((await generated.json()) as { data: { id: string } }).data.id;
  const deadline = Date.now() + 120_000;
  for (;;) {
    const item = (await (await fetch(`${base}/api/v1/content/${itemId}`, { headers: auth })).json()) as {
      data?: { status?: string };
    };
    if (item.data?.status === 'ready') break;
    if (Date.now() > deadline) throw new Error("the signed-in person's item did not finish in 120 s");
    await new Promise((r) => setTimeout(r, 500));
  }
  const authSlice = { user: data.user, isAuthenticated: true };
  return {
    itemId,
    storage: {
      accessToken: data.accessToken,
      refreshToken: data.refreshToken,
      'persist:root': JSON.stringify({
        auth: JSON.stringify(authSlice),
        _persist: JSON.stringify({ version: -1, rehydrated: true }),
      }),
    },
  };
}

interface SignedInFigures {
  performance: number;
  lcpMs: number;
  tbtMs: number;
  inpMs: number;
}

/**
 * One signed-in run as a Lighthouse user flow on the mobile preset: the person's own content page
 * (navigation), then the home page, where pressing "Start creating" until the Generate dialog shows
 * is measured as a timespan (its Interaction to Next Paint). Storage is kept between steps.
 */
async function signedInRun(port: number, session: Session): Promise<SignedInFigures> {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` });
  const page = await browser.newPage();
  try {
    await page.goto(`${base}/about-us`);
    await page.evaluate((entries: Record<string, string>) => {
      const storage = (globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } }).localStorage;
      for (const [key, value] of Object.entries(entries)) storage.setItem(key, value);
    }, session.storage);
    const flow = await startFlow(page, { flags: { disableStorageReset: true, logLevel: 'error' } });
    await flow.navigate(`${base}/content/${session.itemId}`, { name: 'own content page' });
    await page.goto(`${base}/`);
    await page.locator('::-p-aria(Start creating)').wait();
    await flow.startTimespan({ name: 'open the Generate dialog' });
    await page.locator('::-p-aria(Start creating)').click();
    await page.waitForSelector('[role="dialog"]', { visible: true });
    await new Promise((r) => setTimeout(r, 500));
    await flow.endTimespan();
    const [navigation, timespan] = (await flow.createFlowResult()).steps.map((step) => step.lhr);
    const num = (lhr: typeof navigation, id: string) => lhr?.audits[id]?.numericValue ?? NaN;
    return {
      performance: Math.round((navigation?.categories.performance?.score ?? 0) * 100),
      lcpMs: Math.round(num(navigation, 'largest-contentful-paint')),
      tbtMs: Math.round(num(navigation, 'total-blocking-time')),
      inpMs: Math.round(num(timespan, 'interaction-to-next-paint')),
    };
  } finally {
    await page.close();
    await browser.disconnect();
  }
}

async function main() {
  build();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-bench-web-'));
  let server: ChildProcess | null = null;
  let chrome: chromeLauncher.LaunchedChrome | null = null;
  try {
    server = await startServer(dataDir);
    const id = await demoItemId();
    const wanted = process.env.BENCH_PAGES?.split(',');
    const pages = ['/', '/gallery', `/content/${id}`, '/pricing'].filter(
      (p) => !wanted || wanted.includes(p.replace(id, '').replace(/\/$/, '') || '/'),
    );
    chrome = await chromeLauncher.launch({
      chromePath: CHROME_PATH,
      chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
    });
    const flags: Flags = { port: chrome.port, output: 'json', logLevel: 'error' };
    const report: Record<string, Record<string, RunFigures & { runs: number[]; lcpRuns: number[] }>> = {};
    for (const preset of PRESETS) {
      report[preset] = {};
      for (const page of pages) {
        const runs: RunFigures[] = [];
        for (let i = 0; i < RUNS; i++) {
          const result = await lighthouse(`${base}${page}`, flags, preset === 'desktop' ? desktopConfig : undefined);
          if (!result) throw new Error(`no Lighthouse result for ${page}`);
          runs.push(await figures(result));
        }
        // The median run by performance score; its own metrics are reported, so they belong together.
        // Runs Lighthouse could not finish are left out, unless every run failed.
        const counted = runs.some((r) => !r.failed) ? runs.filter((r) => !r.failed) : runs;
        const byPerf = [...counted].sort((a, b) => a.performance - b.performance);
        const mid = byPerf[Math.floor((byPerf.length - 1) / 2)]!;
        report[preset][page] = {
          ...mid,
          lcpMs: median(counted.map((r) => r.lcpMs)),
          tbtMs: median(counted.map((r) => r.tbtMs)),
          cls: median(counted.map((r) => r.cls)),
          runs: runs.map((r) => r.performance),
          lcpRuns: runs.map((r) => r.lcpMs),
        };
        const f = report[preset][page];
        const each = (value: (r: RunFigures) => string) => runs.map((r) => (r.failed ? '—' : value(r))).join(', ');
        console.log(
          `${preset.padEnd(7)} ${page.replace(id, '<id>').padEnd(14)} perf ${String(f.performance).padStart(3)} (runs ${each((r) => String(r.performance))})` +
            `  a11y ${f.accessibility}  bp ${f.bestPractices}  seo ${f.seo}` +
            `  LCP ${(f.lcpMs / 1000).toFixed(1)} s (runs ${each((r) => (r.lcpMs / 1000).toFixed(1))})` +
            `  TBT ${f.tbtMs} ms  CLS ${f.cls}` +
            `  JS ${f.jsGzipKb} KB gzip (${f.jsTransferKb} KB sent)  ${f.screens} screens long` +
            (f.consoleErrors.length ? `\n        console: ${f.consoleErrors.join(' | ')}` : ''),
        );
      }
    }
    // Signed in, on a phone: the person's own content page and the Generate dialog's opening.
    let signedIn: (SignedInFigures & { runs: number[]; inpRuns: number[] }) | null = null;
    if (PRESETS.includes('mobile') && !wanted) {
      const session = await signedInSession();
      const runs: SignedInFigures[] = [];
      for (let i = 0; i < RUNS; i++) runs.push(await signedInRun(chrome.port, session));
      signedIn = {
        performance: median(runs.map((r) => r.performance)),
        lcpMs: median(runs.map((r) => r.lcpMs)),
        tbtMs: median(runs.map((r) => r.tbtMs)),
        inpMs: median(runs.map((r) => r.inpMs)),
        runs: runs.map((r) => r.performance),
        inpRuns: runs.map((r) => r.inpMs),
      };
      console.log(
        `mobile  signed in, own content page perf ${signedIn.performance} (runs ${signedIn.runs.join(', ')})` +
          `  LCP ${(signedIn.lcpMs / 1000).toFixed(1)} s  TBT ${signedIn.tbtMs} ms;` +
          ` Generate dialog INP ${signedIn.inpMs} ms (runs ${signedIn.inpRuns.join(', ')})`,
      );
    }
    const outDir = path.join(root, 'bench/results');
    fs.mkdirSync(outDir, { recursive: true });
    const file = path.join(outDir, `web-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
    fs.writeFileSync(file, JSON.stringify({ runs: RUNS, load: os.loadavg(), report, signedIn }, null, 2));
    console.log(
      `load average: ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}; written to ${path.relative(root, file)}`,
    );
  } finally {
    await chrome?.kill();
    if (server) {
      server.kill('SIGTERM');
      await new Promise((r) => server!.once('exit', r));
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
