#!/bin/sh
# `npm test`: eslint and the formatter's check beside the vitest run (lint is CPU while much of the
# suite waits on tmux screens, sandboxes, a VM and Slurm). Either failing fails the whole; both run
# to their end. The vitest run ends by naming its ten slowest files (test/reporters/slowest.ts).
# One build cache for the files that judge the reference solutions (test/helpers/home.ts).
SIMCOACH_TEST_BUILDS=$(mktemp -d)
export SIMCOACH_TEST_BUILDS
start=$(date +%s)
# The formatter's check keeps which files it found formatted, by path in the checkout and content
# (scripts/format-check.mjs), in node_modules/.cache/simcoach unless SIMCOACH_PRETTIER_CACHE names
# another file (.ci/run keeps one outside the clone): a rerun reads only the changed files.
# ESLint keeps a record of the whole tree it passed (scripts/eslint-once.mjs: its promise rules read
# other files' types, which a per-file cache would not see change): an unchanged tree is not linted
# twice (.ci/run lints while SQLite compiles).
{ node scripts/eslint-once.mjs && node scripts/format-check.mjs; } &
lint=$!
vitest run
tests=$?
wait "$lint"
lint=$?
end=$(date +%s)
echo
echo "Tests and lint: $((end - start)) s."
rm -rf "$SIMCOACH_TEST_BUILDS"
[ "$tests" -eq 0 ] && [ "$lint" -eq 0 ]
