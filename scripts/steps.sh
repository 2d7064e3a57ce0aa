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
  local i
  for i in "${!STEP_NAMES[@]}"; do
    printf '%6ss  %s\n' "${STEP_TIMES[$i]}" "${STEP_NAMES[$i]}"
  done
  # Wall clock since the script began: steps run together overlap, so their times do not add up.
  printf '%6ss  total\n' "$SECONDS"
}

# Runs steps at the same time, each given as a name and a command string:
#   together "Type check" "npx tsc -b" "Lint" "npx eslint ."
# Two cores: a single-threaded step (tsc, ESLint, Prettier) leaves the other core idle, so pairs of them
# share the wall time (decision 189). Each step's output is held and printed whole when it ends, with its
# time; any failure fails the group after all of them have ended.
together() {
  local dir start=$SECONDS failed=0 pid name order=()
  dir=$(mktemp -d)
  declare -A names=() outs=()
  while [ $# -gt 0 ]; do
    name=$1
    bash -c "$2" >"$dir/$#.out" 2>&1 &
    names[$!]=$name
    outs[$!]=$#
    order+=("$name")
    shift 2
  done
  printf '\n\033[1m== %s (at the same time)\033[0m\n' "$(IFS=,; echo "${order[*]}" | sed 's/,/, /g')"
  while [ ${#names[@]} -gt 0 ]; do
    local rc=0
    wait -n -p pid "${!names[@]}" || rc=$?
    name=${names[$pid]}
    printf '\n\033[1m-- %s\033[0m\n' "$name"
    cat "$dir/${outs[$pid]}.out"
    if [ "$rc" = 0 ]; then
      STEP_NAMES+=("$name")
      printf '\033[2m-- %s: %ss\033[0m\n' "$name" "$((SECONDS - start))"
    else
      STEP_NAMES+=("$name (FAILED)")
      failed=1
    fi
    STEP_TIMES+=($((SECONDS - start)))
    unset "names[$pid]"
  done
  rm -rf "$dir"
  if [ "$failed" = 1 ]; then
    summary
    return 1
  fi
}
