/* xcsp_inst.c - the instance's storage: appending constraints, freeing
 * what each part owns, and the declared domains (sorted intervals). */
#include <string.h>

#include "../core/xmalloc.h"
#include "xcsp_inst.h"

xcsp_con *xcsp_add_con(xcsp_inst *in, int fam, int line) {
    GROW(&in->cons, &in->cons_cap, in->ncons + 1);
    xcsp_con *c = &in->cons[in->ncons++];
    memset(c, 0, sizeof *c);
    c->fam = fam;
    c->line = line;
    c->aux = -1;
    return c;
}

void xcsp_con_free(xcsp_con *c) {
    for (int l = 0; l < c->nlists; l++)
        if (c->lists[l].t) FREEN(c->lists[l].t, (size_t)c->lists[l].n);
    if (c->lists) FREEN(c->lists, (size_t)c->nlists);
    for (int x = 0; x < c->nexprs; x++) {
        size_t np = (size_t)c->exprs[x].nbind;
        FREEN(c->exprs[x].bind, np ? np : 1);
    }
    if (c->exprs) FREEN(c->exprs, (size_t)c->nexprs);
    if (c->set) FREEN(c->set, (size_t)c->nset);
    if (c->scope) FREEN(c->scope, (size_t)c->arity);
    memset(c, 0, sizeof *c);
    c->aux = -1;
}

void xcsp_inst_free(xcsp_inst *in) {
    if (!in) return;
    for (size_t i = 0; i < in->ncons; i++) xcsp_con_free(&in->cons[i]);
    if (in->cons) FREEN(in->cons, in->cons_cap);
    xcsp_con_free(&in->obj.c);
    for (size_t i = 0; i < in->nprogs; i++) xcsp_prog_free(&in->progs[i]);
    if (in->progs) FREEN(in->progs, in->progs_cap);
    for (size_t i = 0; i < in->ntables; i++) {
        xcsp_table *t = &in->tables[i];
        if (t->rows) FREEN(t->rows, t->cap);
        if (t->star_masks) FREEN(t->star_masks, t->masks_cap);
        if (t->star_counts) FREEN(t->star_counts, t->masks_cap);
    }
    if (in->tables) FREEN(in->tables, in->tables_cap);
    for (size_t i = 0; i < in->nautomata; i++) {
        xcsp_automaton *a = &in->automata[i];
        if (a->trans) FREEN(a->trans, 3 * (size_t)(a->ntrans ? a->ntrans : 1));
        if (a->final) FREEN(a->final, (size_t)(a->nstates ? a->nstates : 1));
    }
    if (in->automata) FREEN(in->automata, in->automata_cap);
    for (int i = 0; i < in->narrays; i++) {
        xstrfree(in->arrays[i].id);
        if (in->arrays[i].var) FREEN(in->arrays[i].var, (size_t)in->arrays[i].ncells);
    }
    if (in->arrays) FREEN(in->arrays, in->arrays_cap);
    for (int i = 0; i < in->nvar_names; i++) xstrfree(in->var_names[i]);
    if (in->var_names) FREEN(in->var_names, in->var_names_cap);
    for (int i = 0; i < in->nsymbols; i++) xstrfree(in->symbols[i]);
    if (in->symbols) FREEN(in->symbols, in->symbols_cap);
    if (in->vars) FREEN(in->vars, in->vars_cap);
    if (in->decl) FREEN(in->decl, (size_t)in->nvars);
    if (in->doms) FREEN(in->doms, in->doms_cap);
    if (in->ivals) FREEN(in->ivals, in->ivals_cap);
    if (in->decision) FREEN(in->decision, (size_t)in->ndecision);
    if (in->slots) FREEN(in->slots, in->nslots); /* the names' table (xcsp_names.c) */
    if (in->path) xstrfree((char *)in->path);
    FREEN(in, 1);
}

int xcsp_dom_has(const xcsp_inst *in, int d, int64_t v) {
    const int *iv = in->ivals + 2 * (size_t)in->doms[d].first;
    int lo = 0, hi = in->doms[d].n - 1;
    while (lo <= hi) { /* the interval that could hold v */
        int mid = (lo + hi) / 2;
        if (v < iv[2 * mid])
            hi = mid - 1;
        else if (v > iv[2 * mid + 1])
            lo = mid + 1;
        else
            return 1;
    }
    return 0;
}

int xcsp_dom_min(const xcsp_inst *in, int d) { return in->ivals[2 * (size_t)in->doms[d].first]; }

int xcsp_dom_max(const xcsp_inst *in, int d) {
    return in->ivals[2 * ((size_t)in->doms[d].first + (size_t)in->doms[d].n) - 1];
}
