#!/bin/sh
# Runs every mutation-testing group in turn (one core each), then prints the score of each module.
# Vitest 5 prints failures with Map.groupBy, which Node 20 lacks: the polyfill is loaded first.
set -e
rm -rf reports/mutation
start=$(date +%s)
for group in ${MUTATION_GROUPS:-sanitizer auth referrals persistence outbox}; do
  echo "== mutation group: $group"
  MUTATION_GROUP=$group NODE_OPTIONS='--import ./tests/setup/node-polyfills.mjs' node_modules/.bin/stryker run
done
echo "mutation run took $(( $(date +%s) - start )) s"
node_modules/.bin/tsx tests/tools/mutation-scores.ts
