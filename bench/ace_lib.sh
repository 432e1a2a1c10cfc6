# ace_lib.sh - what bench/ace_xcsp.sh and bench/ace_cop.sh share: finding ACE
# (../shared/peers/ace) and our release build, running a solver under a CPU
# limit, and reading a competition transcript (s / o lines) and ACE's own
# report.  Sourced, not run; the caller has cd'ed to the repository's root.

ace=${ACE:-../shared/peers/ace/ace}
dev=../shared/data/xcsp-dev
bin=${SEARCHLAB:-build/release/searchlab} # SEARCHLAB: another build (a copy kept while you rebuild)

# ace_or_skip NAME: exits 0 with a message when ACE or java is missing (the
# project never needs ACE: docs/xcsp.md), builds the release binary if absent.
ace_or_skip() {
  if [ ! -x "$ace" ] || ! command -v java >/dev/null; then
    echo "$1: ACE ($ace) or java not found: nothing to compare (skipped)"; exit 0
  fi
  [ -x "$bin" ] || { echo "== build (release)"; cmake --preset release >/dev/null && cmake --build --preset release -j "$(nproc)" >/dev/null; }
}

# The wall net of a run under a CPU limit of $1 s: WALL_FACTOR x $1 + 30 s
# (WALL_FACTOR 3 unless set: more on a machine shared with other jobs).
wall_net() { echo $((${WALL_FACTOR:-3} * $1 + 30)); }

# run LIMIT OUTFILE CMD...: runs CMD in a subshell under a CPU limit (ulimit
# -t) and a wall net (wall_net; timeout), prints "CPU_SECONDS EXIT":
# the subshell's children's user + system time (bash's times), that is the
# command's and timeout's (a few ms).
run() {
  local limit=$1 outfile=$2; shift 2
  (
    ulimit -t $((limit + 2))
    code=0
    timeout -s KILL "$(wall_net "$limit")" "$@" >"$outfile" 2>&1 || code=$?
    times_cpu $code "$outfile.times"
  )
}

# times_cpu EXIT FILE: prints "CPU_SECONDS EXIT", the CPU of the calling
# (sub)shell's waited children from bash's times (kept in FILE: not in a pipe,
# a pipe's subshell has times of its own).
times_cpu() {
  times >"$2"
  tail -1 "$2" | awk -v c="$1" '{ for (i = 1; i <= 2; i++) { split($i, a, /[ms]/); t += a[1] * 60 + a[2] } printf "%.3f %d\n", t, c }'
}

# run_stamped LIMIT OUTFILE CMD...: as run, and each output line that starts
# with "o " or " ...Building solver" (ACE: the instance is loaded) is
# written to OUTFILE.stamps as "CPU_SECONDS LINE", CPU_SECONDS being the
# process's user + system time (all its threads, /proc/PID/stat) when the
# line was read.  CMD must exec into the solver (ACE's script does), so that
# its pid is the solver's; both solvers flush each o line.  The reading lags
# the write by a pipe's latency: well under the 10 ms tick of those times.
# With LOADED_LIMIT=S set, the " ...Building solver" line lowers the
# solver's CPU limit (prlimit) to its CPU then plus S s (rounded up): ACE
# gets S s of CPU after its instance is loaded, whatever its loading took.
run_stamped() {
  local limit=$1 outfile=$2; shift 2
  local fifo=$outfile.fifo
  rm -f "$fifo" "$outfile.stamps"; mkfifo "$fifo"; : >"$outfile.stamps"
  (
    ulimit -t $((limit + 2))
    "$@" >"$fifo" 2>&1 &
    pid=$!
    # the wall net: kill the solver after wall_net s unless it ended
    (timeout "$(wall_net "$limit")" tail --pid=$pid -f /dev/null || kill -KILL $pid 2>/dev/null) &
    dog=$!
    tck=$(getconf CLK_TCK)
    while IFS= read -r line; do
      printf '%s\n' "$line"
      case $line in
        "o "* | " ...Building solver"*)
          # fields 14 and 15 (utime, stime); comm (field 2) has no space here
          st=()
          if read -r -a st 2>/dev/null </proc/$pid/stat; then
            printf '%s %s\n' "$(awk -v u="${st[13]}" -v s="${st[14]}" -v t="$tck" 'BEGIN { printf "%.3f", (u + s) / t }')" "$line"
          else # the solver ended (bash reaped it) before we read the line
            printf '? %s\n' "$line"
          fi >>"$outfile.stamps"
          if [ -n "${LOADED_LIMIT:-}" ] && [ "${line:0:2}" != "o " ] && [ -n "${st[14]:-}" ]; then
            local cap=$(((st[13] + st[14] + tck - 1) / tck + LOADED_LIMIT))
            prlimit --pid "$pid" --cpu="$cap:$((cap + 1))" 2>/dev/null || true
          fi ;;
      esac
    done <"$fifo" >"$outfile"
    code=0
    wait $pid || code=$?
    wait $dog 2>/dev/null || true
    times_cpu $code "$outfile.times" >"$outfile.cpu" # not in a <(...): a subshell of its own
    read -r cpu code <"$outfile.cpu"
    sed -i "s/^? /$cpu /" "$outfile.stamps" # read after the end: the whole run's CPU
    echo "$cpu $code"
  )
  rm -f "$fifo"
}

# The answer of a competition transcript: status and last objective.
answer() { # file -> "STATUS OBJECTIVE"
  awk '/^s /{ sub(/^s /, ""); s = $0 } /^o /{ o = $2 } END { gsub(/ /, "_", s); print (s ? s : "NONE"), (o != "" ? o : "-") }' "$1"
}

solved() { case $1 in SATISFIABLE|UNSATISFIABLE|OPTIMUM_FOUND) return 0 ;; esac; return 1; }

# ace_solve_cpu FILE: ACE's own CPU from the instance loaded (its
# "constraints" block) to the end of the search (its "global" block), "-"
# when the transcript has not both.
ace_solve_cpu() {
  awk '/^  constraints/{c = 1} c && /cpu:/ && !l { for (i = 1; i <= NF; i++) if ($i ~ /^cpu:/) { sub(/cpu:/, "", $i); l = $i } }
       /^  global/{g = 1} g && /cpu:/ { for (i = 1; i <= NF; i++) if ($i ~ /^cpu:/) { sub(/cpu:/, "", $i); e = $i } }
       END { if (l != "" && e != "") printf "%.3f", e - l; else print "-" }' "$1"
}
