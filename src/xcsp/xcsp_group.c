/* xcsp_group.c - <group>: one constraint template (intension, extension or
 * allDifferent with %0, %1, ... and %...) and its <args>, each turned into
 * a constraint by the makers of xcsp_cons.c; the template's program or
 * table is made once and shared. */
#include <libxml/xmlreader.h>
#include <string.h>

#include "../core/xmalloc.h"
#include "../csp/table.h"
#include "xcsp_reader.h"

/* ---- groups ------------------------------------------------------------------ */

typedef struct template {
    char kind;  /* 'i', 'e', 'a' */
    int prog;   /* intension */
    items list; /* extension, allDifferent: the template's list */
    parts p;    /* extension: the rows (parsed at the first <args> when the list has %...) */
    int table;
    int max_param; /* highest %k, -1 if none */
    int dots;      /* %... present */
    int line;
}
template;

static int read_template(reader *rd, const char *n, int empty, template *tp) {
    static const char *const allowed[] = {NULL};
    const char *val[1];
    char buf[MAX_ATTRS][128];
    tp->line = xr_line(rd);
    tp->max_param = -1;
    tp->table = -1;
    char name[32];
    snprintf(name, sizeof name, "%s", n);
    if (xr_attributes(rd, name, allowed, val, buf)) return -1;
    if (!strcmp(name, "intension")) {
        int line;
        tp->kind = 'i';
        if (xr_intension_text(rd, empty, &line)) return -1;
        int pi;
        xcsp_prog *pg = xr_new_prog(rd->in, &pi);
        if (xcsp_compile(rd->text ? rd->text : "", rd->tlen, rd->path, rd->text_line, 1,
                         xr_resolve_var, rd, pg, NULL, rd->d)) {
            rd->in->nprogs--;
            return rd->failed = 1, -1;
        }
        tp->prog = pi;
        tp->max_param = pg->nparams - 1;
        return 0;
    }
    tp->kind = !strcmp(name, "extension") ? 'e' : 'a';
    if (xr_parts(rd, name, tp->kind, empty, &tp->p)) return -1;
    if (tp->kind == 'a' && tp->p.matrix)
        return xr_fail(rd, tp->line, "<group>: an <allDifferent> template with <matrix>%s%s",
                       " is not supported", "");
    if (xr_items(rd, tp->p.list, tp->p.list_len, tp->p.list_line, "list", 1, 0, &tp->list))
        return -1;
    for (size_t i = 0; i < tp->list.n; i++)
        if (tp->list.a[i].kind == ITEM_PARAM) {
            if (tp->list.a[i].v < 0)
                tp->dots = 1;
            else if (tp->list.a[i].v > tp->max_param)
                tp->max_param = tp->list.a[i].v;
        }
    if (tp->kind == 'e' && !tp->dots) {
        tp->table = xr_new_table(rd, &tp->p, (int)tp->list.n, tp->line);
        if (tp->table < 0) return -1;
    }
    return 0;
}

static void template_free(template *tp) {
    xr_items_free(&tp->list);
    xr_parts_free(&tp->p);
}

/* One <args>: substitutes the arguments into the template's list. */
static int instantiate(reader *rd, template *tp, const items *args, int line) {
    int need = tp->max_param + 1;
    if ((int)args->n < need || (!tp->dots && (int)args->n != need)) {
        char a[32], b[48];
        snprintf(a, sizeof a, "%zu", args->n);
        snprintf(b, sizeof b, "%s%d", tp->dots ? "at least " : "", need);
        return xr_fail(rd, line, "<args>: %s arguments, the template takes %s", a, b);
    }
    if (tp->kind == 'i') return xr_add_intension(rd, tp->prog, args, line);
    items it = {0};
    for (size_t i = 0; i < tp->list.n; i++) {
        const item *x = &tp->list.a[i];
        if (x->kind != ITEM_PARAM) {
            GROW(&it.a, &it.cap, it.n + 1);
            it.a[it.n++] = *x;
        } else if (x->v >= 0) {
            GROW(&it.a, &it.cap, it.n + 1);
            it.a[it.n++] = args->a[x->v];
        } else { /* %...: the arguments after the highest %k */
            for (size_t k = (size_t)need; k < args->n; k++) {
                GROW(&it.a, &it.cap, it.n + 1);
                it.a[it.n++] = args->a[k];
            }
        }
    }
    int r;
    if (tp->kind == 'a') {
        r = xr_add_alldiff(rd, &it, line);
    } else {
        if (tp->table < 0) tp->table = xr_new_table(rd, &tp->p, (int)it.n, tp->line);
        r = tp->table < 0 ? -1 : xr_add_extension(rd, tp->table, &it, line);
    }
    xr_items_free(&it);
    return r;
}

int xr_group(reader *rd, int empty) {
    static const char *const allowed[] = {NULL};
    const char *val[1];
    char buf[MAX_ATTRS][128];
    int line = xr_line(rd);
    if (xr_attributes(rd, "group", allowed, val, buf)) return -1;
    template tp = {0};
    int have = 0, ret = 0;
    while (!empty && !ret) {
        int e, t = xr_next(rd, &e);
        if (t == N_END) break;
        if (t == N_TEXT) {
            const char *v = (const char *)xmlTextReaderConstValue(rd->r);
            if (v && !xr_blank(v, strlen(v)))
                ret = xr_fail(rd, xr_line(rd), "<group>: text %s%s", "outside its elements", "");
            continue;
        }
        if (t != N_START) {
            ret =
                t == N_EOF ? xr_fail(rd, line, "<group>: %s%s", "the file ends inside it", "") : -1;
            break;
        }
        const char *n = xr_name(rd);
        if (!have) {
            if (strcmp(n, "intension") && strcmp(n, "extension") && strcmp(n, "allDifferent")) {
                ret = xr_fail(rd, xr_line(rd),
                              "<%s> as the template of a <group>: not supported (only %s)", n,
                              "<intension>, <extension> and <allDifferent>");
                break;
            }
            have = 1;
            ret = read_template(rd, n, e, &tp);
            continue;
        }
        if (strcmp(n, "args")) {
            ret = xr_fail(rd, xr_line(rd), "<%s> inside <group>: expected %s", n, "<args>");
            break;
        }
        static const char *const no_attrs[] = {NULL};
        int aline = xr_line(rd);
        if (xr_attributes(rd, "args", no_attrs, val, buf) || xr_child_text(rd, "args", e)) {
            ret = -1;
            break;
        }
        items args = {0};
        ret = xr_items(rd, rd->text ? rd->text : "", rd->tlen, rd->text_line, "args", 0,
                       tp.kind == 'i', &args);
        if (!ret) ret = instantiate(rd, &tp, &args, aline);
        xr_items_free(&args);
    }
    if (!ret && !have)
        ret = xr_fail(
            rd, line, "<group>: %s%s",
            "no template (expected <intension>, <extension> or <allDifferent>, then <args>)", "");
    template_free(&tp);
    return ret;
}
