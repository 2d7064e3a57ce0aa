#!/usr/bin/env bash
# `npm run check`: the fast loop (decision 175): types, lint and formatting, and the unit tiers
# (contract and web functions, web components in jsdom). The API tests and browser journeys are in `npm test`.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/steps.sh

together "Type check" "npm run --silent typecheck" "Lint" "npm run --silent lint" \
  "Formatting" "npm run --silent format:check" "Unused code (knip)" "npm run --silent unused" \
  "Unit and component tests" "npm run --silent test:unit"
summary
