#!/usr/bin/env bash
# `npm test`: every gate in one command. Makes sure Debian's Chromium is there, then runs
# typecheck, lint, format check, unit and component tests, the server tests on PGlite and on a
# throwaway PostgreSQL (scripts/with-postgres.sh), the fault scenarios on PostgreSQL, build and
# end-to-end tests (with a PostgreSQL of their own for the two-server spec),
# carrying on after a failure so every suite is reported. Each suite's output is shown and
# saved to .tmp/logs/<suite>.log. The last line is exactly `N passed, N failed`; the exit code
# is non-zero if anything failed.
set -uo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

LOG_DIR=.tmp/logs
RESULTS="$LOG_DIR/results.tsv"
VITEST_JSON="$LOG_DIR/vitest.json"
SERVER_PGLITE_JSON="$LOG_DIR/server-pglite.json"
SERVER_POSTGRES_JSON="$LOG_DIR/server-postgres.json"
FAULTS_JSON="$LOG_DIR/faults-postgres.json"
PLAYWRIGHT_JSON="$LOG_DIR/playwright.json"
mkdir -p "$LOG_DIR"
: >"$RESULTS"
rm -f "$VITEST_JSON" "$SERVER_PGLITE_JSON" "$SERVER_POSTGRES_JSON" "$FAULTS_JSON" "$PLAYWRIGHT_JSON"

# Never let a tool fetch a browser; Chromium comes from Debian only.
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
export PW_JSON_OUTPUT="$PLAYWRIGHT_JSON"

STEP=0
TOTAL=10

# run_suite NAME KIND REPORT COMMAND...: prints a header, shows and logs the output, records
# the exit code. KIND is check, vitest or playwright; REPORT is the JSON report (or empty).
run_suite() {
  local name=$1 kind=$2 report=$3
  shift 3
  local log="$LOG_DIR/$name.log" start=$SECONDS status
  STEP=$((STEP + 1))
  echo
  echo "==> [$STEP/$TOTAL] $name: $*"
  "$@" 2>&1 | tee "$log"
  status=${PIPESTATUS[0]}
  if ((status == 0)); then
    echo "<== $name: exit 0 ($((SECONDS - start))s)"
  else
    echo "<== $name: FAILED with exit code $status ($((SECONDS - start))s); log: $log"
  fi
  printf '%s\t%s\t%s\t%s\n' "$name" "$kind" "$status" "$report" >>"$RESULTS"
  return "$status"
}

# start_beside NAME KIND REPORT COMMAND...: run_suite in the background, its output only in its
# log until finish_beside prints it: for a suite that leaves a core mostly idle beside the one
# in front (PGlite's server suite is one WebAssembly thread).
BESIDE_PIDS=()
BESIDE_NAMES=()
start_beside() {
  STEP=$((STEP + 1))
  local step=$STEP
  (STEP=$((step - 1)) run_suite "$@" >"$LOG_DIR/$1.beside" 2>&1) &
  BESIDE_PIDS+=("$!")
  BESIDE_NAMES+=("$1")
}

# finish_beside: waits for the suites start_beside started, and prints each one's output.
finish_beside() {
  local i
  for i in "${!BESIDE_PIDS[@]}"; do
    wait "${BESIDE_PIDS[$i]}"
    cat "$LOG_DIR/${BESIDE_NAMES[$i]}.beside"
    rm -f "$LOG_DIR/${BESIDE_NAMES[$i]}.beside"
  done
  BESIDE_PIDS=()
  BESIDE_NAMES=()
}

# skip_suite NAME REASON: a suite that could not run counts as one failure.
skip_suite() {
  STEP=$((STEP + 1))
  echo
  echo "==> [$STEP/$TOTAL] $1: NOT RUN ($2)"
  printf '%s\tmissing\t1\t%s\n' "$1" "not run: $2" >>"$RESULTS"
}

chromium_ok=1
run_suite chromium-setup setup '' bash scripts/ensure-chromium.sh || chromium_ok=0
# Setting up Chromium is not a test; only a failure is counted (through the e2e suite).
sed -i '/^chromium-setup\t/d' "$RESULTS"

# The checks side by side: each is one process on one core.
start_beside typecheck check '' npm run typecheck
run_suite lint check '' npm run lint
run_suite format check '' npm run format:check
finish_beside
run_suite unit vitest "$VITEST_JSON" \
  npx vitest run --reporter=default --reporter=json --outputFile.json="$VITEST_JSON"

# The same server suite twice, at once: on the embedded database (beside), and on a real
# PostgreSQL, then the fault scenarios on PostgreSQL.
start_beside server-pglite vitest "$SERVER_PGLITE_JSON" env -u DATABASE_URL \
  npx vitest run -c vitest.server.config.ts --reporter=default --reporter=json \
  --outputFile.json="$SERVER_PGLITE_JSON"
run_suite server-postgres vitest "$SERVER_POSTGRES_JSON" bash scripts/with-postgres.sh \
  npx vitest run -c vitest.server.config.ts --reporter=default --reporter=json \
  --outputFile.json="$SERVER_POSTGRES_JSON"
# Faults on PostgreSQL itself (a server killed mid-push, the cluster restarted under load, ...):
# they restart the cluster, so they get one of their own.
run_suite faults-postgres vitest "$FAULTS_JSON" bash scripts/with-postgres.sh \
  npx vitest run -c vitest.faults.config.ts --reporter=default --reporter=json \
  --outputFile.json="$FAULTS_JSON"
finish_beside

build_ok=1
run_suite build check '' npm run build || build_ok=0

if ((build_ok == 0)); then
  skip_suite e2e 'the build failed, so there is no production build to test'
elif ((chromium_ok == 0)); then
  skip_suite e2e '/usr/bin/chromium is missing and could not be installed'
else
  # Inside a throwaway PostgreSQL too: tests/scale.spec.ts runs two servers on it (as
  # E2E_DATABASE_URL; every other spec's server keeps its own embedded database).
  run_suite e2e playwright "$PLAYWRIGHT_JSON" bash scripts/with-postgres.sh \
    bash -c 'E2E_DATABASE_URL="$DATABASE_URL" exec env -u DATABASE_URL npx playwright test'
fi

echo
node scripts/summarise.mjs "$RESULTS"
status=$?
# summarise.mjs exits 0 (all passed) or 1 (something failed); anything else means it could
# not summarise, and the run must still end with a summary line and fail.
if ((status != 0 && status != 1)); then
  echo "0 passed, 1 failed"
  exit 1
fi
exit "$status"
