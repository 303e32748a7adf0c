#!/usr/bin/env bash
# Writes a migration for schema changes. A lock keeps two generators from writing the same
# migration number when several people work in one checkout.
set -euo pipefail
cd "$(dirname "$0")/.."
lock=/tmp/klimadesk-db-generate.lock
until mkdir "$lock" 2>/dev/null; do sleep 1; done
trap 'rmdir "$lock"' EXIT
drizzle-kit generate --config apps/api/drizzle.config.ts "$@"
