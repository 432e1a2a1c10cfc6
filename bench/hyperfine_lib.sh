# hyperfine_lib.sh - what the hyperfine scripts share (sourced, from the
# repository's root): the release build, the --runs flag and the export of
# one comparison as Markdown and JSON into results/.

# hyperfine_build: installs what is missing (scripts/deps.sh) and builds
# build/release/searchlab.
hyperfine_build() {
  scripts/deps.sh @build hyperfine >/dev/null
  cmake --preset release >/dev/null
  cmake --build --preset release -j 2 >/dev/null
  mkdir -p results
}

# The hyperfine flags for --runs N (exactly N runs); at least 5 without it.
hyperfine_runs=(--min-runs 5)

# hyperfine_compare NAME HYPERFINE_ARGS...: runs the comparison with 2
# warm-up runs per command, writing results/NAME.md (relative speeds) and
# results/NAME.json.
hyperfine_compare() {
  local name=$1
  shift
  hyperfine --warmup 2 "${hyperfine_runs[@]}" --export-markdown "results/$name.md" \
    --export-json "results/$name.json" "$@"
}
