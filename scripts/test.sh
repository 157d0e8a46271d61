#!/usr/bin/env bash
# `npm test`: every check of the project, packed onto the machine's cores. After the build (a few
# seconds), two lanes run side by side:
#   - the integration tests, then the end-to-end tests (each spreads its files over the cores, but
#     spends part of its time waiting on servers and the browser);
#   - lint, the type check, the unit and component tests, then the proxy tests (real nginx), one
#     after the other, each printed when it is over.
# The run fails when any step fails; every step still runs, so one run reports all of them.
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

checks() {
  local failed=0
  for step in lint typecheck test:unit test:proxy; do
    local begun=$SECONDS
    if npm run --silent "$step" >"$logs/$step.log" 2>&1; then status=ok; else status=FAILED failed=1; fi
    echo "$step $status $(elapsed "$begun")" >>"$logs/checks"
  done
  return $failed
}
checks &
checks_pid=$!

lane=0
for project in integration e2e; do
  begun=$SECONDS
  npx vitest run --project "$project" || lane=1
  echo "── $project tests: $(elapsed "$begun")"
done

wait $checks_pid
checks_status=$?
for step in lint typecheck test:unit test:proxy; do
  echo "── npm run $step ($(grep "^$step " "$logs/checks" | cut -d' ' -f2- || echo "not run")), beside the tests above:"
  cat "$logs/$step.log" 2>/dev/null
done
if [ $lane -ne 0 ] || [ $checks_status -ne 0 ]; then
  echo "npm test: failed (see the steps marked FAILED or the failed tests above)" >&2
  exit 1
fi
echo "── npm test: all passed in $(elapsed "$started")"
