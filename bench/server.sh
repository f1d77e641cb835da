#!/usr/bin/env bash
# Every server scenario, one after another, on PostgreSQL: `npm run bench`.
# The figures each issue asks for, in one run, with the machine's load before each scenario.
#   BENCH_PG_URL            PostgreSQL server (default postgres://postgres@127.0.0.1:5432/postgres);
#                           each scenario creates and drops its own atelier_bench_* database
#   BENCH_DASHBOARD_USERS   users for the dashboards scenario (default 100000, with 10 content rows each)
# Each scenario's own BENCH_* settings pass through; see bench/README.md.
set -euo pipefail
cd "$(dirname "$0")/.."
export NODE_ENV=production
export BENCH_PG_URL="${BENCH_PG_URL:-postgres://postgres@127.0.0.1:5432/postgres}"

run() {
  echo
  echo "== $1 ($(date -u +%H:%M:%S) UTC, load average $(cut -d' ' -f1-3 /proc/loadavg))"
  shift
  "$@"
}

run "per-request overhead" npx tsx bench/overhead/run.ts
run "gallery pages and search" npx tsx bench/gallery/run.ts
run "generation accept" npx tsx bench/generation/run.ts
run "messaging" npx tsx bench/messaging/run.ts
run "social loop" npx tsx bench/social/run.ts
run "dashboards" env BENCH_USERS="${BENCH_DASHBOARD_USERS:-100000}" BENCH_CONTENT_PER_USER="${BENCH_CONTENT_PER_USER:-10}" \
  BENCH_REPEAT="${BENCH_REPEAT:-10}" npx tsx bench/dashboards/run.ts
echo
echo "== done ($(date -u +%H:%M:%S) UTC, load average $(cut -d' ' -f1-3 /proc/loadavg))"
