/* xcsp_out.c - answers of the xcsp puzzle: the XCSP3 competition's text
 * form (`v` lines holding an <instantiation> of every variable, after the
 * `s` status line of xcsp.c's print_status) and, for --json, an object from each variable's XCSP3
 * name (array cells x[i][j]) to its value; the value of a symbolic
 * variable is its symbol.  Solutions come in declaration order (the
 * puzzle's vector), the k-th value for variable in->decl[k] when the
 * instance has free variables (xcsp_free.c), which hold their least value;
 * xcsp_print_free and xcsp_json_free say how many there are and the factor
 * each solution stands for. */
#include "../core/xmalloc.h"
#include "xcsp.h"
#include "xcsp_names.h"

/* The variable of declaration position k. */
static int var_at(const xcsp_inst *in, size_t k) { return in->decl ? in->decl[k] : (int)k; }

/* Writes the value of variable v (its symbol for a symbolic one). */
static void put_value(const xcsp_inst *in, int v, int value, int json, FILE *out) {
    if (xcsp_var_dom(in, v)->symbolic && value >= 0 && value < in->nsymbols)
        fprintf(out, json ? "\"%s\"" : "%s", in->symbols[value]);
    else
        fprintf(out, "%d", value);
}

void xcsp_print(const void *inst, const int *sol, size_t n, int drawn, FILE *out) {
    (void)drawn;
    const xcsp_inst *in = inst;
    char name[160];
    fputs("v <instantiation>\nv   <list>", out);
    for (size_t v = 0; v < n; v++) {
        xcsp_var_name(in, var_at(in, v), name, sizeof name);
        fprintf(out, " %s", name);
    }
    fputs(" </list>\nv   <values>", out);
    for (size_t v = 0; v < n; v++) {
        fputc(' ', out);
        put_value(in, var_at(in, v), sol[v], 0, out);
    }
    fputs(" </values>\nv </instantiation>\n", out);
}

void xcsp_print_json(const void *inst, const int *sol, size_t n, FILE *out) {
    const xcsp_inst *in = inst;
    char name[160];
    fputc('{', out);
    for (size_t v = 0; v < n; v++) {
        /* names and symbols are identifiers and brackets: nothing to escape */
        xcsp_var_name(in, var_at(in, v), name, sizeof name);
        fprintf(out, "%s\"%s\": ", v ? ", " : "", name);
        put_value(in, var_at(in, v), sol[v], 1, out);
    }
    fputc('}', out);
}

void xcsp_print_free(const void *inst, FILE *out) {
    const xcsp_inst *in = inst;
    if (in->nlive == in->nvars) return;
    char *f = xcsp_free_factor(in);
    fprintf(out,
            "c free variables: %d (in no constraint, not searched, each at its least value; "
            "every solution counted stands for %s assignments of them)\n",
            in->nvars - in->nlive, f);
    xstrfree(f);
}

void xcsp_json_free(const void *inst, FILE *out) {
    const xcsp_inst *in = inst;
    if (in->nlive == in->nvars) return;
    char *f = xcsp_free_factor(in);
    fprintf(out, "\"free_variables\": %d, \"free_factor\": \"%s\", ", in->nvars - in->nlive, f);
    xstrfree(f);
}
