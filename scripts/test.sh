#!/usr/bin/env bash
# The README's test command (`npm test`). Installs nothing: it uses what is present.
#   1. lint, type check, formatting, unused code (knip) and the unit and component tests, all together
#   2. the server's media tests (no database)   3. API tests on embedded PGlite   4. the same API tests on
#   PostgreSQL   5. build (web and server)   6. browser tests in Chromium, two workers, each with its own
#   server started from the build
# Any failing step fails the run; each step's time is printed, and a table of them at the end.
set -euo pipefail
cd "$(dirname "$0")/.."

source scripts/steps.sh
as_root() { if [ "$(id -u)" = 0 ]; then "$@"; elif command -v sudo >/dev/null; then sudo -n "$@"; else "$@"; fi; }
as_postgres() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else sudo -n -u postgres "$@"; fi; }

# Starts (or reuses) the Debian PostgreSQL cluster and prints a TEST_DATABASE_URL for it.
start_postgres() {
  local version port
  read -r version _ port _ < <(pg_lsclusters --no-header 2>/dev/null | head -n1) || true
  if [ -z "${version:-}" ]; then
    version=$(ls /usr/lib/postgresql | sort -V | tail -n1)
    as_root pg_createcluster "$version" main >&2
    read -r version _ port _ < <(pg_lsclusters --no-header | head -n1)
  fi
  if ! pg_ctlcluster "$version" main status >/dev/null 2>&1; then
    as_root pg_ctlcluster "$version" main start >&2
  fi
  for _ in $(seq 1 30); do pg_isready -q -h localhost -p "$port" && break; sleep 1; done
  as_postgres psql -q -p "$port" -c "alter user postgres password 'postgres'" >&2
  as_postgres psql -q -p "$port" -c "create extension if not exists pg_trgm" >&2
  echo "postgres://postgres:postgres@localhost:${port}/postgres"
}

# Single-threaded checks run side by side so both cores work, and the unit tests beside them, as `npm run
# check` does (decisions 189, 194).
together "Lint" "npm run --silent lint" "Type check" "npm run --silent typecheck" \
  "Formatting" "npm run --silent format:check" "Unused code (knip)" "npm run --silent unused" \
  "Unit and component tests" "npm run --silent test:unit"
# The server's tests that measure clips and touch no database (`npm run test:media`), once (decision 335).
step "Media tests (scenes, tracker, 40 proposer; no database)" npm run --silent test:media
# The server's API tests (`npm run test:api`): `server` shares a module graph per worker, `server-mocking`
# isolates the files that vi.mock.
step "API tests on embedded PGlite" env -u TEST_DATABASE_URL npm run --silent test:api
if [ -n "${TEST_DATABASE_URL:-}" ]; then
  step "API tests on PostgreSQL (TEST_DATABASE_URL given)" npm run --silent test:api
elif command -v pg_lsclusters >/dev/null && command -v pg_ctlcluster >/dev/null; then
  TEST_DATABASE_URL=$(start_postgres)
  step "API tests on PostgreSQL (local cluster)" env TEST_DATABASE_URL="$TEST_DATABASE_URL" npm run --silent test:api
else
  printf '\nPostgreSQL is not installed: skipping the PostgreSQL run (.ci/run installs it)\n'
fi

step "Build (web and server)" npm run --silent build
# A failed journey's page as the browser held it (Playwright's error-context.md: the page's accessibility
# snapshot) is printed, so a failure seen only in CI can be read from its log.
browser_tests() {
  npx playwright test && return 0
  local f
  for f in test-results/*/error-context.md; do
    [ -f "$f" ] || continue
    printf '\n\033[1m== Page at the failure: %s\033[0m\n' "$(dirname "$f")"
    sed -n '/^```yaml/,/^```$/p' "$f" | head -n 200
  done
  return 1
}
step "Browser tests" browser_tests
summary
printf '\n\033[1m== All tests passed\033[0m\n'
