#!/usr/bin/env bash
# `npm test`: every check of the project. Lint, the type check, the unit and component tests and the
# build need nothing from each other, so they run side by side (each prints when it is over, not
# interleaved); then the integration tests run against the build (they use every core), then the
# end-to-end tests with the proxy tests beside them. Stops after the first step that fails.
set -uo pipefail
cd "$(dirname "$0")/.."

logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT

started=$SECONDS
names=(lint typecheck test:unit build)
pids=()
for name in "${names[@]}"; do
  npm run --silent "$name" >"$logs/$name.log" 2>&1 &
  pids+=($!)
done
failed=()
for index in "${!names[@]}"; do
  name=${names[$index]}
  if wait "${pids[$index]}"; then status=ok; else status=FAILED; failed+=("$name"); fi
  echo "── npm run $name: $status"
  cat "$logs/$name.log"
done
echo "── lint, typecheck, unit and component tests, build: $((SECONDS - started)) s"
if [ ${#failed[@]} -gt 0 ]; then
  echo "npm test: failed: ${failed[*]}" >&2
  exit 1
fi

step=$SECONDS
npx vitest run --project integration || {
  echo "npm test: the integration tests failed" >&2
  exit 1
}
echo "── integration tests: $((SECONDS - step)) s"

# The proxy tests mostly wait on nginx and logins: they run beside the browser tests, printed after them.
step=$SECONDS
npx vitest run --project proxy >"$logs/proxy.log" 2>&1 &
proxy=$!
npx vitest run --project e2e
e2e=$?
echo "── e2e tests: $((SECONDS - step)) s"
wait $proxy
proxy_status=$?
echo "── proxy tests (beside the e2e tests):"
cat "$logs/proxy.log"
if [ $e2e -ne 0 ] || [ $proxy_status -ne 0 ]; then
  echo "npm test: the e2e or proxy tests failed" >&2
  exit 1
fi
echo "── npm test: all passed in $((SECONDS - started)) s"
