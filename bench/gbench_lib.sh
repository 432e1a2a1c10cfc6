# gbench_lib.sh - what the scripts that run searchlab_bench share (sourced,
# from the repository's root): the release build with SEARCHLAB_BENCH=ON,
# Google Benchmark JSON turned into gnuplot blocks, and a figure of log-log
# panels with one line per series.

# gbench_build [DEB_PACKAGE...]: installs what is missing (scripts/deps.sh)
# and builds build/release/searchlab_bench.
gbench_build() {
  scripts/deps.sh @build g++ libbenchmark-dev gnuplot-nox jq "$@" >/dev/null
  cmake --preset release -DSEARCHLAB_BENCH=ON >/dev/null
  cmake --build --preset release -j 2 --target searchlab_bench >/dev/null
  mkdir -p results plots
}

# gbench_series JSON JQ_ROW: writes to stdout one block per (panel, series),
# headed "# PANEL SERIES", of "x<TAB>y" lines; JQ_ROW maps one benchmark run
# to [panel, series, x, y] and may use `ns` (its CPU time in ns) and `$p`
# (its name split at "/").  Blocks are sorted by panel, then series.
gbench_series() {
  jq -r "def ns: .cpu_time * ({\"ns\": 1, \"us\": 1e3, \"ms\": 1e6, \"s\": 1e9}[.time_unit]);
    .benchmarks[] | select(.run_type == \"iteration\") | (.name | split(\"/\")) as \$p
    | $2 | @tsv" "$1" |
    LC_ALL=C sort -s -t$'\t' -k1,1 -k2,2 |
    awk -F'\t' 'NR > 1 && ($1 != panel || $2 != series) { printf "\n\n" }
                { if ($1 != panel || $2 != series) printf "# %s %s\n", $1, $2
                  panel = $1; series = $2; printf "%s\t%s\n", $3, $4 }'
}

# gbench_loglog NAME TITLE COLS PANEL... : writes plots/NAME.gp, a figure of
# log-log panels (COLS per row) over plots/NAME.dat (gbench_series blocks),
# and renders plots/NAME.png and .svg.  Each PANEL is "KEY|title|x label|y
# label"; it draws every block of panel KEY present in the .dat, so a
# filtered run leaves a panel with fewer lines instead of wrong ones.
gbench_loglog() {
  local name=$1 title=$2 cols=$3 rows
  shift 3
  rows=$(( ($# + cols - 1) / cols ))
  {
    echo "# $name.gp - written by bench/gbench_lib.sh (gbench_loglog) from plots/$name.dat."
    echo "if (!exists(\"fmt\")) fmt = \"png\""
    echo "if (fmt eq \"svg\") { set terminal svg size $((500 * cols)),$((330 * rows)) dynamic;" \
         "set output \"$name.svg\" } \\"
    echo "else { set terminal pngcairo size $((500 * cols)),$((330 * rows)); set output \"$name.png\" }"
    echo "set termoption noenhanced"
    echo "set logscale xy"
    echo "# the x axis spans the data (not the next decade), with a margin"
    echo "set autoscale xfix"
    echo "set offsets graph 0.04, graph 0.04, 0, 0"
    echo "set format x \"%.0s%c\"; set format y \"%.0s%c\""
    echo "set grid"
    echo "set key top left"
    echo "set multiplot layout $rows,$cols title \"$title\""
    local spec key t x y plot
    for spec in "$@"; do
      IFS='|' read -r key t x y <<<"$spec"
      plot=$(awk -v key="$key" -v f="$name.dat" '
        /^# / { if ($2 == key) printf "%s\"%s\" index %d using 1:2 with linespoints title \"%s\"",
                                      n++ ? ", " : "", f, i, $3; i++ }' "plots/$name.dat")
      echo "set title \"$t\"; set xlabel \"$x\"; set ylabel \"$y\""
      if [ -n "$plot" ]; then echo "plot $plot"; else echo "set multiplot next"; fi
    done
    echo "unset multiplot"
  } >"plots/$name.gp"
  (cd plots && gnuplot "$name.gp" && gnuplot -e "fmt='svg'" "$name.gp")
}
