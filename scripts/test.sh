#!/bin/sh
# `npm test`: eslint and the formatter's check beside the main vitest pass (lint is CPU while much of the suite waits on
# tmux screens, sandboxes, a VM and Slurm), then the serial pass of the judge's limit tests, alone.
# Any failing part fails the whole; every part runs to its end. Last, the ten slowest test files of
# both passes (test/reporters/slowest.ts writes each file's time to SIMCOACH_TEST_TIMES).
SIMCOACH_TEST_TIMES=$(mktemp)
# One build cache for the reference solutions' tests of both passes (test/helpers/home.ts).
SIMCOACH_TEST_BUILDS=$(mktemp -d)
export SIMCOACH_TEST_TIMES SIMCOACH_TEST_BUILDS
start=$(date +%s)
# Prettier keeps which files it found formatted, by content, in node_modules/.cache/prettier: a rerun
# in the same checkout reads only the changed ones (32.5 s of CPU -> 3.6 s). ESLint keeps no cache:
# its promise rules read other files' types, which a per-file cache would not see change.
{ eslint . && prettier --check --cache --cache-strategy content --log-level warn .; } &
lint=$!
vitest run
main=$?
wait "$lint"
lint=$?
mid=$(date +%s)
serial=1
if [ "$main" -eq 0 ] && [ "$lint" -eq 0 ]; then
  vitest run --config vitest.serial.config.ts
  serial=$?
fi
end=$(date +%s)
echo
echo "Main pass and lint: $((mid - start)) s; serial pass: $((end - mid)) s. The ten slowest test files of both:"
sort -rn "$SIMCOACH_TEST_TIMES" | head -n 10 | awk -F '\t' '{ printf "  %7.1f s  %s\n", $1 / 1000, $2 }'
rm -f "$SIMCOACH_TEST_TIMES"
rm -rf "$SIMCOACH_TEST_BUILDS"
[ "$serial" -eq 0 ]
