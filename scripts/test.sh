#!/usr/bin/env bash
# `npm test`: every check of the project, packed onto the machine's cores. Lint, the type check and
# the unit and component tests need no build: they start at once, beside the build (a few seconds,
# which leaves a core partly idle), one after the other. After the build the integration tests run,
# then the end-to-end tests; beside them, the proxy tests (real nginx, on the built site). The test
# files wait on servers, nginx and logins part of the time: the steps beside use it, and the
# end-to-end tests start as soon as the integration tests are done, not when the steps beside are.
# Each step beside is printed when the run is over. The run fails when any step fails; every step
# still runs, so one run reports all of them.
set -uo pipefail
cd "$(dirname "$0")/.."

logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT
started=$SECONDS

elapsed() { echo "$((SECONDS - $1)) s"; }

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
beside lint typecheck test:unit &
checks_pid=$!
if npm run --silent build; then
  echo "── build: $(elapsed "$started")"
  beside test:proxy &
  proxy_pid=$!
  tests integration || failed=1
  tests e2e || failed=1
  wait $proxy_pid || failed=1
else
  # Nothing that needs the build runs; the checks that do not still report.
  echo "build FAILED $(elapsed "$started")" >>"$logs/checks"
  failed=1
fi
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
