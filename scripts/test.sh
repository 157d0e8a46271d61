#!/usr/bin/env bash
# `npm test`: every check of the project. Lint, the type check, the unit and component tests and the
# build need nothing from each other, so they run side by side (each prints when it is over, not
# interleaved); the integration, proxy and end-to-end tests then run against the build, one project
# after the other (each already uses every core). Stops at the first step that fails.
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

for project in integration proxy e2e; do
  step=$SECONDS
  npx vitest run --project "$project" || {
    echo "npm test: the $project tests failed" >&2
    exit 1
  }
  echo "── $project tests: $((SECONDS - step)) s"
done
echo "── npm test: all passed in $((SECONDS - started)) s"
