#!/usr/bin/env bash
# Entry point behind every npm script: makes sure the machine has what Surge needs
# (Node >= 22, system packages, dependencies, wasm module, client build), then runs the command.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
source "$ROOT/scripts/lib/bootstrap.sh"

cmd="${1:-}"; shift || true
case "$cmd" in
  start)
    ensure_all
    build_wasm
    build_client
    exec node src/server/main.ts "$@"
    ;;
  dev)
    ensure_all
    build_wasm
    exec node scripts/dev.ts "$@"
    ;;
  worker)
    ensure_all
    build_wasm
    exec node src/server/worker.ts "$@"
    ;;
  solve)
    ensure_node; ensure_deps; build_wasm
    # The solver processes' Node flags (src/solver/cpu/nodeBundle.ts, SOLVER_PROCESS_FLAGS).
    exec node --max-semi-space-size=1 --optimize-for-size --no-maglev src/solver/cli.ts "$@"
    ;;
  bench)
    ensure_all
    build_wasm
    build_client
    exec node benchmarks/run.ts "$@"
    ;;
  test)
    ensure_all
    exec bash scripts/test.sh "$@"
    ;;
  *)
    echo "usage: surge.sh start|dev|worker|solve|bench|test" >&2
    exit 2
    ;;
esac
