/* xcsp_c_count.c - <count>: how many terms of <list> (variables or
 * expressions) take a value of <values> (integers or variables), under
 * <condition>.  A generic checker for now. */
#include <string.h>

#include "../core/xmalloc.h"
#include "xcsp_reader.h"

static int parse_count(reader *rd, xr_elem *e, xcsp_con *c) {
    if (xr_kid_terms(rd, c, e, "list", XR_VARS | XR_EXPRS, 1, xr_add_list(c)) ||
        xr_kid_terms(rd, c, e, "values", XR_CONSTS | XR_VARS | XR_SYMBOLS, 1, xr_add_list(c)))
        return -1;
    return xr_kid_cond(rd, c, e, "condition");
}

static int check_count(const xcsp_inst *in, const xcsp_con *c, const int *val) {
    int undef = 0;
    int64_t n = 0;
    for (int i = 0; i < c->lists[0].n; i++) {
        int64_t x = XCSP_VAL(0, i);
        for (int j = 0; j < c->lists[1].n; j++)
            if (x == XCSP_VAL(1, j)) {
                n++;
                break;
            }
    }
    return !undef && xcsp_cond_holds(c, n, val);
}

const xcsp_family xcsp_c_count = {
    .name = "count",
    .summary = "<list> (variables or expressions) <values> (integers or variables) <condition>",
    .parse = parse_count,
    .check = check_count,
};
