#!/usr/bin/env bash
# Runs the named npm scripts at once (the static checks: each uses one core of two) and fails if any
# of them fails, after every one has finished, so a red run shows all of their complaints.
set -uo pipefail
pids=()
for script in "$@"; do
  npm run -s "$script" &
  pids+=("$!")
done
status=0
for pid in "${pids[@]}"; do
  wait "$pid" || status=1
done
exit "$status"
