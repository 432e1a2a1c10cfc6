/* fzn_out.c - a FlatZinc solution as the specification prints it (its
 * output_var and output_array items in declaration order, then
 * `----------`), the JSON of `solve --json`, and the status lines. */
#include "../core/textout.h"
#include "../core/status.h"
#include "fzn.h"

static void value(const fzn_out *o, fzn_term t, const int *sol, FILE *out) {
    int64_t v = fzn_value(t, sol);
    if (o->is_bool)
        fputs(v ? "true" : "false", out);
    else
        fprintf(out, "%lld", (long long)v);
}

static void out_value(const fzn_out *o, const int *sol, FILE *out) {
    if (o->ndims == 0) {
        value(o, o->t[0], sol, out);
        return;
    }
    fprintf(out, "array%dd(", o->ndims);
    for (int k = 0; k < o->ndims; k++)
        fprintf(out, "%lld..%lld, ", (long long)o->dims[2 * k], (long long)o->dims[2 * k + 1]);
    fputc('[', out);
    for (int i = 0; i < o->n; i++) {
        if (i) fputs(", ", out);
        value(o, o->t[i], sol, out);
    }
    fputs("])", out);
}

void fzn_print(const void *inst, const int *sol, size_t n, int drawn, FILE *out) {
    (void)n, (void)drawn;
    const fzn_inst *in = inst;
    for (int i = 0; i < in->nouts; i++) {
        fprintf(out, "%s = ", in->outs[i].name);
        out_value(&in->outs[i], sol, out);
        fputs(";\n", out);
    }
    fputs("----------\n", out);
}

void fzn_print_json(const void *inst, const int *sol, size_t n, FILE *out) {
    (void)n;
    const fzn_inst *in = inst;
    fputc('{', out);
    for (int i = 0; i < in->nouts; i++) {
        const fzn_out *o = &in->outs[i];
        if (i) fputs(", ", out);
        text_json_string(out, o->name);
        fputs(": ", out);
        if (o->ndims) fputc('[', out);
        for (int k = 0; k < (o->ndims ? o->n : 1); k++) {
            if (k) fputs(", ", out);
            value(o, o->t[k], sol, out);
        }
        if (o->ndims) fputc(']', out);
    }
    fputc('}', out);
}

void fzn_print_status(const void *inst, int status, FILE *out) {
    (void)inst;
    if (status == STATUS_UNSAT)
        fputs("=====UNSATISFIABLE=====\n", out);
    else if (status == STATUS_TIMEOUT || status == STATUS_NODE_LIMIT)
        fputs("=====UNKNOWN=====\n", out);
}

/* `==========`: the search went to its end (an optimum proven, or every
 * solution listed). */
void fzn_print_end(const void *inst, int complete, FILE *out) {
    (void)inst;
    if (complete) fputs("==========\n", out);
}
