#!/bin/sh
# Runs every mutation-testing group in turn (one core each), then prints the score of each module.
set -e
rm -rf reports/mutation
for group in ${MUTATION_GROUPS:-sanitizer auth referrals persistence outbox}; do
  echo "== mutation group: $group"
  MUTATION_GROUP=$group NODE_OPTIONS='--import ./tests/setup/node-polyfills.mjs' node_modules/.bin/stryker run
done
node_modules/.bin/tsx tests/tools/mutation-scores.ts
