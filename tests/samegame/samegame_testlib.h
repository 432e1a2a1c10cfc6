/* samegame_testlib.h - helpers shared by the Same Game tests: run the
 * protocol on a string, build a plane from a picture, render a plane. */
#ifndef SEARCHLAB_TESTS_PLANE_TESTLIB_H
#define SEARCHLAB_TESTS_PLANE_TESTLIB_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "samegame/plane.h"
#include "samegame/protocol.h"

typedef struct run_result {
    int rc;
    char *out, *err; /* malloc'ed (open_memstream), not counted by xmalloc */
    size_t out_len, err_len;
} run_result;

/* protocol_run on input[0..len-1] (which may hold NUL bytes) */
static inline run_result run_protocol_bytes(const char *input, size_t len,
                                            const protocol_config *cfg) {
    run_result r = {0};
    FILE *in = fmemopen((void *)input, len, "r");
    FILE *out = open_memstream(&r.out, &r.out_len);
    FILE *err = open_memstream(&r.err, &r.err_len);
    r.rc = protocol_run(in, out, err, cfg);
    fclose(in);
    fclose(out);
    fclose(err);
    return r;
}

static inline run_result run_protocol_cfg(const char *input, const protocol_config *cfg) {
    return run_protocol_bytes(input, strlen(input), cfg);
}

static inline run_result run_protocol(const char *input, const store_ops *s, const path_ops *p) {
    protocol_config cfg = {0};
    cfg.store = s;
    cfg.path = p;
    return run_protocol_cfg(input, &cfg);
}

static inline void run_free(run_result *r) {
    free(r->out);
    free(r->err);
}

/* Puts the marbles of a picture: rows top (y = top) to bottom, one
 * character per column from x = left; '.' is empty, a letter a colour. */
static inline void plane_from_picture(plane *p, const char *const *rows, int nrows, int left,
                                      int top) {
    for (int i = 0; i < nrows; i++)
        for (int j = 0; rows[i][j]; j++) {
            if (rows[i][j] == '.') continue;
            marble m = {left + j, top - i, colour_intern(&p->colours, &rows[i][j], 1)};
            plane_apply(p, &m, 1);
        }
}

/* Renders [left, left+w) x (top-h, top] like plane_from_picture's input,
 * rows separated by '/', into buf. */
static inline const char *plane_picture(plane *p, int left, int top, int w, int h, char *buf) {
    char *o = buf;
    for (int i = 0; i < h; i++) {
        for (int j = 0; j < w; j++) {
            int c = store_get(p->st, left + j, top - i);
            *o++ = c == STORE_EMPTY ? '.' : colour_name(&p->colours, c)[0];
        }
        *o++ = i + 1 < h ? '/' : '\0';
    }
    return buf;
}

#endif
