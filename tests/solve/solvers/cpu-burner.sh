#!/bin/sh
# cpu-burner.sh - test solvers that the CPU limit must judge right
# (tests/solve/outside_cpu.sh).  `pair`: a process group of two busy
# loops that prints nothing, as minizinc and the solver it starts: the
# driver's watch of the group's exact CPU time stops it at the limit (each
# process's own RLIMIT_CPU would let it burn the limit twice, and stop it
# early on a loaded machine, ticks running ahead).  `early`: dies of a
# SIGXCPU of its own long before the limit (a crash, not a timeout).
case $1 in
pair)
  sh -c 'while :; do :; done' &
  sh -c 'while :; do :; done' &
  wait
  exit 0 ;;
early)
  kill -s XCPU $$ ;;
esac
exit 1
