#!/usr/bin/env bash
# The demo until the benchmark demo app lands: generate and verify a preload script for a bundled
# fixture project, then explain one class that was left out.
set -euo pipefail
cd "$(dirname "$0")/.."
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp -R tests/Fixtures/projects/missing-parent "$work/app"
php bin/preheat generate --project="$work/app" --no-cache
php bin/preheat explain 'Acme\Db\PooledPostgresDriver' --project="$work/app" --no-cache
