/* build_info.h - the commit the binary was built from and whether its
 * tracked sources differed from it, written into build/.../build_info.c by
 * src/harness/build_info.cmake at every build (not only at configure), so
 * that a run context names them wherever `run` is started. */
#ifndef SEARCHLAB_HARNESS_BUILD_INFO_H
#define SEARCHLAB_HARNESS_BUILD_INFO_H

/* The commit's 40 hex digits, or "" when the build was not in a git
 * checkout (a source archive). */
extern const char build_info_commit[];
/* 1: a tracked source differed from the commit at build time (results/
 * and plots/ do not count); 0: clean; -1: unknown (no commit). */
extern const int build_info_dirty;

#endif
