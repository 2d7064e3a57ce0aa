#!/usr/bin/env bash
# `npm run check`: the fast loop (decision 175): types, lint and formatting, and the unit tiers
# (contract and web functions, web components in jsdom). The API tests and browser journeys are in `npm test`.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/steps.sh

together "Type check" "npx tsc -b" \
  "Lint" "npx eslint --cache --cache-location node_modules/.cache/eslint/ --cache-strategy content ."
together "Formatting" "npx prettier --check --log-level warn ." "Unused code (knip)" "npx knip --no-progress" \
  "Unit and component tests" "npx vitest run --project unit --project web"
summary
