/* xcsp_out.c - answers of the xcsp puzzle: the XCSP3 competition's text
 * form (an `s` status line, then `v` lines holding an <instantiation> of
 * every variable) and, for --json, an object from each variable's XCSP3
 * name (array cells x[i][j]) to its value. */
#include "xcsp.h"

void xcsp_print(const void *inst, const int *sol, size_t n, int drawn, FILE *out) {
    (void)drawn;
    const xcsp_inst *in = inst;
    char name[160];
    fputs("s SATISFIABLE\nv <instantiation>\nv   <list>", out);
    for (size_t v = 0; v < n; v++) {
        xcsp_var_name(in, (int)v, name, sizeof name);
        fprintf(out, " %s", name);
    }
    fputs(" </list>\nv   <values>", out);
    for (size_t v = 0; v < n; v++) fprintf(out, " %d", sol[v]);
    fputs(" </values>\nv </instantiation>\n", out);
}

void xcsp_print_json(const void *inst, const int *sol, size_t n, FILE *out) {
    const xcsp_inst *in = inst;
    char name[160];
    fputc('{', out);
    for (size_t v = 0; v < n; v++) {
        /* names are identifiers and brackets: nothing to escape */
        xcsp_var_name(in, (int)v, name, sizeof name);
        fprintf(out, "%s\"%s\": %d", v ? ", " : "", name, sol[v]);
    }
    fputc('}', out);
}
