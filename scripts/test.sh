#!/usr/bin/env bash
# The one test command (`npm test`): typecheck, unit tests, server tests (PGlite; also Postgres when
# TEST_DATABASE_URL is set or a local Postgres answers on 127.0.0.1:5432), then the browser end-to-end suite (scripts/e2e.sh). Every stage runs even
# when an earlier one failed, so one run shows everything; the last line is `N passed, N failed`
# and the exit status is non-zero on any failure.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

# The server suite also runs on the local Postgres when one answers on 127.0.0.1:5432 and TEST_DATABASE_URL
# is not set already (an explicit one always wins); the line below says which way it went.
probe_postgres() {
  if command -v pg_isready >/dev/null 2>&1; then
    pg_isready -q -h 127.0.0.1 -p 5432 -t 3
  elif command -v psql >/dev/null 2>&1; then
    psql -h 127.0.0.1 -p 5432 -U postgres -d test -Atqc 'select 1' >/dev/null 2>&1
  else
    # No client tools: a plain TCP probe (the server suite reports a useful error if it is not Postgres).
    node -e 'const s=require("net").connect(5432,"127.0.0.1");s.setTimeout(3000);s.on("connect",()=>process.exit(0));s.on("error",()=>process.exit(1));s.on("timeout",()=>process.exit(1))'
  fi
}
if [[ -n "${TEST_DATABASE_URL:-}" ]]; then
  echo "--- TEST_DATABASE_URL is set: the server suite also runs against $TEST_DATABASE_URL"
elif probe_postgres; then
  export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:5432/test"
  echo "--- Postgres answers on 127.0.0.1:5432: the server suite also runs against $TEST_DATABASE_URL"
else
  echo "--- no Postgres on 127.0.0.1:5432 and no TEST_DATABASE_URL: the server suite's Postgres variant is SKIPPED (embedded database only)"
fi

REPORTS=".tmp/reports"
mkdir -p "$REPORTS"
rm -f "$REPORTS"/*.json

# Stages that failed without a vitest report saying why (typecheck, a crash, a failed build).
stage_failures=0
failed_stages=()
started=$SECONDS

run_stage() {
  local name="$1"
  shift
  echo
  echo "=== $name ==="
  local t0=$SECONDS rc=0
  "$@" || rc=$?
  echo "=== $name: $([[ $rc == 0 ]] && echo ok || echo "FAILED (exit $rc)") in $((SECONDS - t0)) s ==="
  if [[ $rc != 0 ]]; then
    failed_stages+=("$name")
  fi
  return 0
}

vitest_report_args() {
  echo --reporter=default --reporter=json "--outputFile.json=$REPORTS/$1.json"
}

typecheck() {
  npx tsc --noEmit -p .
}

# The generated PDFs' tests (unit, server, e2e) read their text back with pdftotext.
bash scripts/ensure-poppler.sh || echo "--- pdftotext could not be installed: the PDF tests will fail saying so"
# The server suite's SIP tests (modules/callcenter/kamailio.server.test.ts) talk to a real Kamailio: installed
# before that stage, not only with the browser suite, so a fresh machine's first run does not skip them.
bash scripts/ensure-kamailio.sh || echo "--- Kamailio could not be installed: the server suite's SIP tests are SKIPPED saying so"

# shellcheck disable=SC2046
run_stage typecheck typecheck
# shellcheck disable=SC2046
run_stage unit npx vitest run --project unit --passWithNoTests $(vitest_report_args unit)
# TEST_DATABASE_URL (when set) is inherited: the server suite runs its Postgres variant by itself.
# shellcheck disable=SC2046
run_stage server npx vitest run --project server --passWithNoTests $(vitest_report_args server)
# shellcheck disable=SC2046
run_stage e2e bash scripts/e2e.sh $(vitest_report_args e2e)

# Add up vitest's counts; a failed stage whose report shows no failed test (typecheck, a crash before
# the report, a build error) counts as one failure so the summary never says "0 failed" for a red run.
ELAPSED=$((SECONDS - started)) FAILED_STAGES="${failed_stages[*]:-}" node --input-type=module - "$REPORTS" <<'NODE'
import { readFileSync, existsSync } from 'node:fs'
const dir = process.argv[2]
const failedStages = (process.env.FAILED_STAGES || '').split(' ').filter(Boolean)
let passed = 0, failed = 0, skipped = 0
const lines = []
const failures = []
const firstLine = (text) => String(text ?? '').split('\n').find((l) => l.trim())?.trim().slice(0, 300) ?? ''
for (const stage of ['typecheck', 'unit', 'server', 'e2e']) {
  const file = `${dir}/${stage}.json`
  let p = 0, f = 0, s = 0, failedSuites = 0
  if (existsSync(file)) {
    try {
      const r = JSON.parse(readFileSync(file, 'utf8'))
      p = r.numPassedTests ?? 0
      f = r.numFailedTests ?? 0
      s = (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0)
      failedSuites = r.numFailedTestSuites ?? 0
      // Name what failed here, at the end of the output, where a log cut to its tail still shows it.
      for (const suite of r.testResults ?? []) {
        const file = suite.name?.replace(`${process.cwd()}/`, '')
        const failedTests = (suite.assertionResults ?? []).filter((t) => t.status === 'failed')
        if (failedTests.length === 0 && suite.status === 'failed') failures.push(`  ${stage} ${file}: ${firstLine(suite.message)}`)
        for (const t of failedTests) failures.push(`  ${stage} ${file} > ${t.fullName}: ${firstLine(t.failureMessages?.[0])}`)
      }
    } catch (e) {
      console.log(`(could not read ${file}: ${e.message})`)
    }
  }
  if (failedStages.includes(stage) && f === 0) f = Math.max(1, failedSuites)
  else if (failedSuites > 0 && f === 0) f = failedSuites
  passed += p; failed += f; skipped += s
  if (stage === 'typecheck') {
    if (failedStages.includes(stage)) lines.push(`  typecheck FAILED`)
    else lines.push(`  typecheck ok`)
  } else {
    lines.push(`  ${stage.padEnd(9)} passed ${p}, failed ${f}${s ? `, skipped ${s}` : ''}`)
  }
}
console.log('\nSummary:')
console.log(lines.join('\n'))
if (failedStages.length) console.log(`  failed stages: ${failedStages.join(', ')}`)
if (failures.length) console.log(`Failed tests:\n${failures.join('\n')}`)
console.log(`  total time: ${process.env.ELAPSED} s`)
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`)
NODE

if [[ ${#failed_stages[@]} -gt 0 ]]; then
  exit 1
fi
