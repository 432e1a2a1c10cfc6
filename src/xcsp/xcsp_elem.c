/* xcsp_elem.c - a constraint element read whole: its attributes, its own
 * text and its text-only children (<list>, <coeffs>, <condition>, ...),
 * so that each family parses from memory in any order the file gives.
 * Whatever a family does not use is refused afterwards (xr_elem_done):
 * nothing of the file is skipped silently. */
#include <string.h>

#include "../core/xmalloc.h"
#include "xcsp_reader.h"

/* The attributes of the current node (id, note, class are dropped). */
static void read_attrs(reader *rd, xr_attr **out, int *n) {
    *out = NULL;
    *n = 0;
    size_t cap = 0;
    if (xmlTextReaderMoveToFirstAttribute(rd->r) != 1) return;
    do {
        const char *name = xr_name(rd), *v = (const char *)xmlTextReaderConstValue(rd->r);
        if (!strcmp(name, "id") || !strcmp(name, "note") || !strcmp(name, "class") ||
            !strncmp(name, "xmlns", 5))
            continue;
        GROW(out, &cap, (size_t)*n + 1);
        (*out)[(*n)++] = (xr_attr){xstrdup(name), xstrdup(v ? v : ""), 0};
    } while (xmlTextReaderMoveToNextAttribute(rd->r) == 1);
    xmlTextReaderMoveToElement(rd->r);
    if (*out && cap != (size_t)*n)
        *out = xrealloc(*out, cap * sizeof **out, (size_t)*n * sizeof **out);
}

static void free_attrs(xr_attr *a, int n) {
    for (int i = 0; i < n; i++) xstrfree(a[i].name), xstrfree(a[i].value);
    if (a) FREEN(a, (size_t)n);
}

static char *copy_text(const reader *rd, size_t *len) {
    *len = rd->tlen;
    char *s = xmalloc(rd->tlen + 1);
    memcpy(s, rd->text ? rd->text : "", rd->tlen);
    s[rd->tlen] = '\0';
    return s;
}

int xr_read_elem(reader *rd, int empty, xr_elem *e) {
    memset(e, 0, sizeof *e);
    snprintf(e->name, sizeof e->name, "%s", xr_name(rd));
    e->line = e->text_line = xr_line(rd);
    read_attrs(rd, &e->attrs, &e->nattrs);
    char *own = NULL;
    size_t own_len = 0, own_cap = 0;
    while (!empty) {
        int kid_empty, t = xr_next(rd, &kid_empty);
        if (t == N_END) break;
        if (t == N_TEXT) {
            const char *v = (const char *)xmlTextReaderConstValue(rd->r);
            size_t n = v ? strlen(v) : 0;
            GROW(&own, &own_cap, own_len + n + 1);
            memcpy(own + own_len, v ? v : "", n);
            own_len += n;
            own[own_len] = '\0';
            continue;
        }
        if (t != N_START) {
            if (own) FREEN(own, own_cap);
            int r = t == N_EOF
                        ? xr_fail(rd, e->line, "<%s>: %s", e->name, "the file ends inside it")
                        : -1;
            xr_elem_free(e); /* what was read so far (a file ending inside it: issue 37) */
            return r;
        }
        GROW(&e->kids, &e->kids_cap, (size_t)e->nkids + 1);
        xr_kid *k = &e->kids[e->nkids++];
        memset(k, 0, sizeof *k);
        snprintf(k->name, sizeof k->name, "%s", xr_name(rd));
        k->line = xr_line(rd);
        read_attrs(rd, &k->attrs, &k->nattrs);
        if (xr_child_text(rd, k->name, kid_empty)) {
            if (own) FREEN(own, own_cap);
            xr_elem_free(e);
            return -1;
        }
        k->text = copy_text(rd, &k->len);
        k->text_line = rd->text_line;
    }
    e->len = own_len;
    e->text = xmalloc(own_len + 1);
    memcpy(e->text, own ? own : "", own_len);
    e->text[own_len] = '\0';
    if (own) FREEN(own, own_cap);
    return 0;
}

void xr_elem_free(xr_elem *e) {
    free_attrs(e->attrs, e->nattrs);
    if (e->text) xfree(e->text, e->len + 1);
    for (int i = 0; i < e->nkids; i++) {
        free_attrs(e->kids[i].attrs, e->kids[i].nattrs);
        if (e->kids[i].text) xfree(e->kids[i].text, e->kids[i].len + 1);
    }
    if (e->kids) FREEN(e->kids, e->kids_cap);
    memset(e, 0, sizeof *e);
}

xr_kid *xr_kid_get(xr_elem *e, const char *name) {
    for (int i = 0; i < e->nkids; i++)
        if (!e->kids[i].used && !strcmp(e->kids[i].name, name)) {
            e->kids[i].used = 1;
            return &e->kids[i];
        }
    return NULL;
}

const char *xr_attr_get(xr_elem *e, xr_kid *kid, const char *name) {
    xr_attr *a = kid ? kid->attrs : e->attrs;
    int n = kid ? kid->nattrs : e->nattrs;
    for (int i = 0; i < n; i++)
        if (!strcmp(a[i].name, name)) {
            a[i].used = 1;
            return a[i].value;
        }
    return NULL;
}

/* The first attribute of a that nobody used, or NULL. */
static const xr_attr *unused_attr(const xr_attr *a, int n) {
    for (int i = 0; i < n; i++)
        if (!a[i].used) return &a[i];
    return NULL;
}

int xr_elem_done(reader *rd, xr_elem *e, const char *takes) {
    const xr_attr *a = unused_attr(e->attrs, e->nattrs);
    char what[200];
    if (a) {
        snprintf(what, sizeof what, "%.40s=\"%.60s\"", a->name, a->value);
        return xr_fail(rd, e->line, "<%s>: attribute %s is not supported", e->name, what);
    }
    for (int i = 0; i < e->nkids; i++) {
        xr_kid *k = &e->kids[i];
        if (!k->used)
            return xr_failf(rd, k->line, "<%s> inside <%s>: not supported here (it takes %s)",
                            k->name, e->name, takes);
        if ((a = unused_attr(k->attrs, k->nattrs))) {
            snprintf(what, sizeof what, "%.40s=\"%.60s\"", a->name, a->value);
            return xr_fail(rd, k->line, "<%s>: attribute %s is not supported", k->name, what);
        }
    }
    if (!e->text_used && !xr_blank(e->text, e->len))
        return xr_fail(rd, e->text_line, "<%s>: text beside its child elements (it takes %s)",
                       e->name, takes);
    return 0;
}

const char *xr_main_list(reader *rd, xr_elem *e, size_t *len, int *line, xr_kid **kid) {
    *kid = NULL;
    if (!xr_blank(e->text, e->len)) {
        const char *t = e->text;
        *len = e->len;
        *line = e->text_line;
        e->text_used = 1; /* xr_elem_done no longer sees it as stray text */
        return t;
    }
    if ((*kid = xr_kid_get(e, "list"))) {
        *len = (*kid)->len;
        *line = (*kid)->text_line;
        return (*kid)->text;
    }
    xr_fail(rd, e->line, "<%s>: expected a <list> (or the list as its text)%s", e->name, "");
    return NULL;
}
