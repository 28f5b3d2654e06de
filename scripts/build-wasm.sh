#!/usr/bin/env bash
# Builds the geometry module wasm/pkg/surge_geometry.wasm from the Rust crate in wasm/ with Debian's
# rustc (wasm32 standard library) and optimises it with binaryen's wasm-opt. Skips the build when the
# sources, the toolchain and this script are unchanged since the last build.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
CRATE="$ROOT/wasm"
PKG="$CRATE/pkg"
OUT="$PKG/surge_geometry.wasm"
STAMP="$PKG/.build-hash"
RUSTC_BIN="${SURGE_RUSTC:-/usr/bin/rustc}"
CARGO_BIN="${SURGE_CARGO:-/usr/bin/cargo}"
# Features every current browser and Node >= 22 run: SIMD, bulk memory, saturating float-to-int
# conversions (Rust's `as` casts without branches).
FEATURES="+simd128,+bulk-memory,+nontrapping-fptoint"
OPT_FLAGS=(-O3 --enable-simd --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext --strip-debug --strip-producers)

log() { printf '\033[2m[wasm]\033[0m %s\n' "$*" >&2; }

for tool in "$RUSTC_BIN" "$CARGO_BIN"; do
  if [ ! -x "$tool" ]; then
    log "missing $tool: install Debian's packages rustc, cargo and libstd-rust-dev-wasm32 (npm start installs them)"
    exit 1
  fi
done
if [ ! -d "$("$RUSTC_BIN" --print sysroot)/lib/rustlib/wasm32-unknown-unknown" ]; then
  log "$RUSTC_BIN has no wasm32-unknown-unknown standard library: apt-get install libstd-rust-dev-wasm32"
  exit 1
fi

mkdir -p "$PKG"
exec 9>"$PKG/.build-lock"
flock 9

hash_inputs() {
  (
    cd "$CRATE"
    find src -type f -name '*.rs' -print0 | sort -z | xargs -0 sha1sum
    sha1sum Cargo.toml Cargo.lock 2>/dev/null || true
    sha1sum "$ROOT/scripts/build-wasm.sh"
    "$RUSTC_BIN" --version
    command -v wasm-opt >/dev/null && wasm-opt --version || echo "no wasm-opt"
  ) | sha1sum | cut -d' ' -f1
}

want="$(hash_inputs)"
if [ -f "$OUT" ] && [ "$(cat "$STAMP" 2>/dev/null)" = "$want" ]; then
  exit 0
fi

log "building surge_geometry.wasm"
(
  cd "$CRATE"
  RUSTC="$RUSTC_BIN" CARGO_TARGET_DIR="$CRATE/target" RUSTFLAGS="-C target-feature=$FEATURES" \
    "$CARGO_BIN" build --release --offline --lib --target wasm32-unknown-unknown --quiet
)
raw="$CRATE/target/wasm32-unknown-unknown/release/surge_geometry.wasm"
tmp="$OUT.tmp"
if command -v wasm-opt >/dev/null; then
  wasm-opt "${OPT_FLAGS[@]}" "$raw" -o "$tmp"
  log "size: $(stat -c %s "$raw") bytes from rustc, $(stat -c %s "$tmp") bytes after wasm-opt ${OPT_FLAGS[0]}"
else
  log "wasm-opt not found (Debian package binaryen): using the unoptimised module"
  cp "$raw" "$tmp"
fi
mv "$tmp" "$OUT"
echo "$want" > "$STAMP"
