#!/usr/bin/env bash
# The whole suite, in order of cost: typecheck, lint, wasm build, unit, validation, client build, e2e.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
source "$ROOT/scripts/lib/bootstrap.sh"
ensure_node
export_gpu_env

step() { printf '\n\033[1m== %s\033[0m\n' "$*"; }
# A filter given on the command line may match files of one run only; the whole suite must find tests in both.
EMPTY_OK=()
if [ "$#" -gt 0 ]; then EMPTY_OK=(--passWithNoTests); fi

step "typecheck"
npx tsc -p tsconfig.json
step "lint"
npx eslint . --max-warnings=0
step "wasm"
build_wasm
step "wasm crate tests"
# The geometry crate's own Rust tests, on the host target with Debian's toolchain, offline (std only).
(cd wasm && RUSTC="${SURGE_RUSTC:-/usr/bin/rustc}" "${SURGE_CARGO:-/usr/bin/cargo}" test --offline --quiet --target-dir target/host-tests)
step "unit tests"
npx vitest run --project unit "${EMPTY_OK[@]}" "$@"
# Apart from the unit files: each validation case runs the solver on both cores, and the unit files' runs
# wait on solver and post-processing processes that a saturated machine starves.
step "validation tests"
npx vitest run --project validation "${EMPTY_OK[@]}" "$@"
step "client build"
build_client
step "e2e tests"
npx vitest run --project e2e "${EMPTY_OK[@]}" "$@"
