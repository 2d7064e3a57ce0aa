# Runs named steps, prints each one's time as it ends and a table of all of them at the end.
# Any failing step stops the run (set -e in the caller) after printing the times so far.
STEP_NAMES=()
STEP_TIMES=()
step() {
  local name=$1 start=$SECONDS
  shift
  printf '\n\033[1m== %s\033[0m\n' "$name"
  if ! "$@"; then
    STEP_NAMES+=("$name (FAILED)")
    STEP_TIMES+=($((SECONDS - start)))
    summary
    return 1
  fi
  STEP_NAMES+=("$name")
  STEP_TIMES+=($((SECONDS - start)))
  printf '\033[2m-- %s: %ss\033[0m\n' "$name" "$((SECONDS - start))"
}
summary() {
  printf '\n\033[1m== Step times\033[0m\n'
  local i total=0
  for i in "${!STEP_NAMES[@]}"; do
    printf '%6ss  %s\n' "${STEP_TIMES[$i]}" "${STEP_NAMES[$i]}"
    total=$((total + STEP_TIMES[i]))
  done
  printf '%6ss  total\n' "$total"
}
