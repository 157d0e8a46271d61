#!/usr/bin/env bash
# `npm test`: every check of the project, packed onto the machine's cores. After the build (a few
# seconds), the integration tests run, and beside them lint, the type check and the unit and
# component tests, one after the other; then the end-to-end tests, and beside them the proxy tests
# (real nginx; they mostly wait). The tests spread their files over the cores but spend part of their
# time waiting on servers and the browser: the steps beside them use that time. Each step beside is
# printed when the run is over. The run fails when any step fails; every step still runs, so one run
# reports all of them.
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
lane=0
beside lint typecheck test:unit &
checks_pid=$!
begun=$SECONDS
npx vitest run --project integration || lane=1
echo "── integration tests: $(elapsed "$begun")"
wait $checks_pid
checks_status=$?

beside test:proxy &
proxy_pid=$!
begun=$SECONDS
npx vitest run --project e2e || lane=1
echo "── e2e tests: $(elapsed "$begun")"
wait $proxy_pid || checks_status=1
for step in lint typecheck test:unit test:proxy; do
  echo "── npm run $step ($(grep "^$step " "$logs/checks" | cut -d' ' -f2- || echo "not run")), beside the tests above:"
  cat "$logs/$step.log" 2>/dev/null
done
if [ $lane -ne 0 ] || [ $checks_status -ne 0 ]; then
  echo "npm test: failed (see the steps marked FAILED or the failed tests above)" >&2
  exit 1
fi
echo "── npm test: all passed in $(elapsed "$started")"
