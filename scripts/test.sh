#!/bin/sh
# `npm test`: eslint beside the main vitest pass (lint is CPU while much of the suite waits on
# tmux screens, sandboxes, a VM and Slurm), then the serial pass of the judge's limit tests, alone.
# Any failing part fails the whole; every part runs to its end.
eslint . &
lint=$!
vitest run
main=$?
wait "$lint"
lint=$?
[ "$main" -eq 0 ] && [ "$lint" -eq 0 ] || exit 1
exec vitest run --config vitest.serial.config.ts
