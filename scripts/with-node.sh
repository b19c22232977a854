#!/usr/bin/env bash
# Runs a command under another Node.js line, from the npm registry's `node` package (no other download):
# `scripts/with-node.sh 24 npx vitest run`. The binary is kept in node_modules/.cache/node-<line>.
set -euo pipefail
LINE=${1:?usage: scripts/with-node.sh <major version> <command...>}
shift
cd "$(dirname "$0")/.."
DIR="node_modules/.cache/node-$LINE"
if [ ! -x "$DIR/node_modules/.bin/node" ]; then
  mkdir -p "$DIR"
  npm install --prefix "$DIR" --no-audit --no-fund --no-save --loglevel=error "node@$LINE" >/dev/null
fi
export PATH="$PWD/$DIR/node_modules/.bin:$PATH"
echo "Node $(node --version)" >&2
"$@"
