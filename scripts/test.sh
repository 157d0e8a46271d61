#!/usr/bin/env bash
# `npm test`: every check of the project, packed onto the machine's cores. After the build (a few
# seconds), the integration tests run, then the end-to-end tests; beside them, from the start, the
# proxy tests (real nginx), lint, the type check and the unit and component tests, one after the
# other. The test files wait on servers, nginx and logins part of the time: the steps beside use it,
# and the end-to-end tests start as soon as the integration tests are done, not when the steps
# beside are (those waited on the proxy tests' last seconds, with both cores idle). Each step beside
# is printed when the run is over. The run fails when any step fails; every step still runs, so one
# run reports all of them.
set -uo pipefail
cd "$(dirname "$0")/.."

logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT
started=$SECONDS

elapsed() { echo "$((SECONDS - $1)) s"; }

npm run --silent build || {
  echo "npm test: the build failed" >&2
  exit 1
}
echo "── build: $(elapsed "$started")"

# Runs the named npm scripts one after the other, each logged; fails when one failed.
beside() {
  local failed=0
  for step in "$@"; do
    local begun=$SECONDS
    if npm run --silent "$step" >"$logs/$step.log" 2>&1; then status=ok; else status=FAILED failed=1; fi
    echo "$step $status $(elapsed "$begun")" >>"$logs/checks"
  done
  return $failed
}
# Runs one vitest project in the foreground, its output shown and kept for the summary.
tests() {
  local begun=$SECONDS status=ok
  npx vitest run --project "$1" 2>&1 | tee "$logs/$1.log" || status=FAILED
  echo "$1 $status $(elapsed "$begun")" >>"$logs/checks"
  [ $status = ok ]
}

failed=0
beside test:proxy lint typecheck test:unit &
checks_pid=$!
tests integration || failed=1
tests e2e || failed=1
wait $checks_pid || failed=1
for step in test:proxy lint typecheck test:unit; do
  echo "── npm run $step, beside the tests above:"
  cat "$logs/$step.log" 2>/dev/null
done

# The summary comes last, so a log cut to its tail still says which step and which tests failed.
echo "── summary"
sed 's/^/   /' "$logs/checks"
for project in integration e2e; do
  # vitest marks each failed test with FAIL in its closing list; colours stripped for grep.
  sed 's/\x1b\[[0-9;]*m//g' "$logs/$project.log" | grep -E '^ *FAIL ' | sort -u | head -40
done
if [ $failed -ne 0 ]; then
  echo "npm test: failed (the steps marked FAILED above)" >&2
  exit 1
fi
echo "── npm test: all passed in $(elapsed "$started")"
