/* xcsp_out.c - answers of the xcsp puzzle: the XCSP3 competition's text
 * form (`v` lines holding an <instantiation> of every variable, after the
 * `s` status line of xcsp.c's print_status) and, for --json, an object from each variable's XCSP3
 * name (array cells x[i][j]) to its value; the value of a symbolic
 * variable is its symbol. */
#include "xcsp.h"
#include "xcsp_names.h"

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
        xcsp_var_name(in, (int)v, name, sizeof name);
        fprintf(out, " %s", name);
    }
    fputs(" </list>\nv   <values>", out);
    for (size_t v = 0; v < n; v++) {
        fputc(' ', out);
        put_value(in, (int)v, sol[v], 0, out);
    }
    fputs(" </values>\nv </instantiation>\n", out);
}

void xcsp_print_json(const void *inst, const int *sol, size_t n, FILE *out) {
    const xcsp_inst *in = inst;
    char name[160];
    fputc('{', out);
    for (size_t v = 0; v < n; v++) {
        /* names and symbols are identifiers and brackets: nothing to escape */
        xcsp_var_name(in, (int)v, name, sizeof name);
        fprintf(out, "%s\"%s\": ", v ? ", " : "", name);
        put_value(in, (int)v, sol[v], 1, out);
    }
    fputc('}', out);
}
