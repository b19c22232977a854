#!/usr/bin/env bash
# `npm run test:repeat`: hunts flaky tests. Runs the unit and API tests REPEAT times on the embedded
# database and REPEAT times on a PostgreSQL server, then every end-to-end journey REPEAT times over
# (with the workers CI uses). Stops at the first failing round. REPEAT defaults to 5.
set -euo pipefail
cd "$(dirname "$0")/.."
REPEAT=${REPEAT:-5}

for round in $(seq 1 "$REPEAT"); do
  printf '\n==> Unit and API tests, embedded database, round %s of %s\n' "$round" "$REPEAT"
  npx vitest run
done
for round in $(seq 1 "$REPEAT"); do
  printf '\n==> API tests on PostgreSQL, round %s of %s\n' "$round" "$REPEAT"
  scripts/with-postgres.sh npx vitest run src/server
done
printf '\n==> End-to-end journeys, each %s times\n' "$REPEAT"
npm run build
npx playwright test --repeat-each "$REPEAT"
