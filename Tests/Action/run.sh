#!/usr/bin/env bash
# The GitHub Action (action.yml) run as a runner runs it, on generated widget fixtures, with the release
# binary CI built ($LIVEASSETS_RELEASE_BINARY, else .build/release/liveassets): see test_action.py.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
export LIVEASSETS_BINARY=${LIVEASSETS_RELEASE_BINARY:-$PWD/.build/release/liveassets}
[ -x "$LIVEASSETS_BINARY" ] || { echo "Tests/Action/run.sh: no release binary at $LIVEASSETS_BINARY; build it first"; exit 1; }
python3 Tests/Action/test_action.py "$PWD"
