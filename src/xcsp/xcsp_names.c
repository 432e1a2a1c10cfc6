/* xcsp_names.c - the names of an XCSP3 instance: one hash of the ids of
 * <var>s and <array>s, array sizes, the references of compact lists
 * (x, x[3], x[2][], x[][3], x[0][1..4], x[][]) expanded row-major into
 * variable indices, and the names of cells for the output.
 *
 * Invariant of the hash: open addressing with linear probing, at most half
 * full; a slot's key points to the id owned by the instance. */
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

#include "../core/hash.h"
#include "../core/xmalloc.h"
#include "xcsp_names.h"

static uint64_t hash_of(const char *s, size_t len) { return fnv1a(FNV1A_OFFSET, s, len); }

static void put(struct xcsp_name_slot *slots, size_t nslots, const char *key, int kind, int index) {
    size_t i = hash_of(key, strlen(key)) & (nslots - 1);
    while (slots[i].key) i = (i + 1) & (nslots - 1);
    slots[i] = (struct xcsp_name_slot){key, kind, index};
}

/* The slot of name (kind XCSP_NAME_SYMBOL, or a variable or array) or NULL. */
static const struct xcsp_name_slot *find(const xcsp_inst *in, const char *id, size_t len,
                                         int symbol) {
    if (!in->nslots) return NULL;
    size_t i = hash_of(id, len) & (in->nslots - 1);
    for (; in->slots[i].key; i = (i + 1) & (in->nslots - 1))
        if (!strncmp(in->slots[i].key, id, len) && in->slots[i].key[len] == '\0' &&
            (in->slots[i].kind == XCSP_NAME_SYMBOL) == symbol)
            return &in->slots[i];
    return NULL;
}

int xcsp_lookup(const xcsp_inst *in, const char *id, size_t len, int *index) {
    const struct xcsp_name_slot *s = find(in, id, len, 0);
    if (!s) return -1;
    *index = s->index;
    return s->kind;
}

/* Makes room for one more name (rehash into twice the slots when half full). */
static void reserve(xcsp_inst *in) {
    if (2 * (in->nused + 1) <= in->nslots) return;
    size_t n = in->nslots ? 2 * in->nslots : 64;
    struct xcsp_name_slot *s = NEWN(n, struct xcsp_name_slot);
    for (size_t i = 0; i < in->nslots; i++)
        if (in->slots[i].key) put(s, n, in->slots[i].key, in->slots[i].kind, in->slots[i].index);
    if (in->slots) FREEN(in->slots, in->nslots);
    in->slots = s;
    in->nslots = n;
}

int xcsp_symbol(xcsp_inst *in, const char *name, size_t len, int make) {
    const struct xcsp_name_slot *s = find(in, name, len, 1);
    if (s) return s->index;
    if (!make) return -1;
    reserve(in);
    GROW(&in->symbols, &in->symbols_cap, (size_t)in->nsymbols + 1);
    in->symbols[in->nsymbols] = xstrndup(name, len);
    put(in->slots, in->nslots, in->symbols[in->nsymbols], XCSP_NAME_SYMBOL, in->nsymbols);
    in->nused++;
    return in->nsymbols++;
}

/* XCSP3 identifiers: a letter, then letters, digits and '_'. */
static int is_id(const char *s, size_t len) {
    if (!len || !((s[0] >= 'a' && s[0] <= 'z') || (s[0] >= 'A' && s[0] <= 'Z'))) return 0;
    for (size_t i = 1; i < len; i++) {
        char c = s[i];
        if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
              c == '_'))
            return 0;
    }
    return 1;
}

int xcsp_declare(xcsp_inst *in, const char *id, int kind, int index, int line, diag *d) {
    size_t len = strlen(id);
    int old;
    if (!is_id(id, len))
        return diag_at(d, in->path, line, 0,
                       "<%s id=\"%.60s\">: not an identifier (a letter, then letters, digits, _)",
                       kind ? "array" : "var", id);
    if (xcsp_lookup(in, id, len, &old) >= 0)
        return diag_at(d, in->path, line, 0, "<%s id=\"%.60s\">: the id is declared twice",
                       kind ? "array" : "var", id);
    reserve(in);
    put(in->slots, in->nslots, id, kind, index);
    in->nused++;
    return 0;
}

int xcsp_is_ref(const char *tok, size_t len) {
    return len && ((tok[0] >= 'a' && tok[0] <= 'z') || (tok[0] >= 'A' && tok[0] <= 'Z'));
}

/* Reads digits at *s (< end) into *v (capped); returns the digits read. */
static int digits(const char **s, const char *end, long *v) {
    int n = 0;
    *v = 0;
    while (*s < end && **s >= '0' && **s <= '9') {
        if (*v < 100000000)
            *v = *v * 10 + (**s - '0');
        else
            *v = 1000000000; /* too large for any dimension: refused by the caller */
        (*s)++, n++;
    }
    return n;
}

int xcsp_parse_size(const char *s, xcsp_array *a, const char *path, int line, diag *d) {
    const char *end = s + strlen(s), *p = s;
    long cells = 1;
    a->ndims = 0;
    while (p < end && (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r')) p++;
    while (p < end && *p == '[') {
        long v;
        p++;
        if (!digits(&p, end, &v) || p >= end || *p != ']' || v < 1)
            return diag_at(d, path, line, 0,
                           "<array> size=\"%.60s\": expected [n][m]... with integers n, m >= 1", s);
        p++;
        if (a->ndims == XCSP_MAX_DIMS)
            return diag_at(d, path, line, 0, "<array> size=\"%.60s\": more than %d dimensions", s,
                           XCSP_MAX_DIMS);
        a->dims[a->ndims++] = (int)(v > XCSP_MAX_VARS ? XCSP_MAX_VARS + 1 : v);
        cells *= v > XCSP_MAX_VARS ? XCSP_MAX_VARS + 1 : v;
        if (cells > XCSP_MAX_VARS)
            return diag_at(d, path, line, 0,
                           "<array> size=\"%.60s\": more than %d cells (the supported maximum)", s,
                           XCSP_MAX_VARS);
    }
    while (p < end && (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r')) p++;
    if (p != end || !a->ndims)
        return diag_at(d, path, line, 0,
                       "<array> size=\"%.60s\": expected [n][m]... with integers n, m >= 1", s);
    a->ncells = (int)cells;
    return 0;
}

int xcsp_expand_ref(const xcsp_inst *in, const char *tok, size_t len, int **out, size_t *n,
                    size_t *cap, const char *path, int line, const char *elem, diag *d) {
    size_t idlen = 0;
    while (idlen < len && tok[idlen] != '[') idlen++;
    int index, kind = xcsp_lookup(in, tok, idlen, &index);
    if (kind < 0)
        return diag_at(d, path, line, 0, "<%s>: '%.*s': no variable or array has this id", elem,
                       (int)(len > 60 ? 60 : len), tok);
    if (kind == 0) {
        if (idlen != len)
            return diag_at(d, path, line, 0, "<%s>: '%.*s': %.*s is a variable, not an array", elem,
                           (int)(len > 60 ? 60 : len), tok, (int)(idlen > 60 ? 60 : idlen), tok);
        GROW(out, cap, *n + 1);
        (*out)[(*n)++] = index;
        return 1;
    }
    const xcsp_array *a = &in->arrays[index];
    int lo[XCSP_MAX_DIMS], hi[XCSP_MAX_DIMS], k = 0;
    const char *p = tok + idlen, *end = tok + len;
    while (p < end) {
        long a1, a2;
        if (*p != '[' || k == a->ndims) break;
        p++;
        if (p < end && *p == ']') {
            lo[k] = 0, hi[k] = a->dims[k] - 1;
        } else {
            if (!digits(&p, end, &a1)) break;
            a2 = a1;
            if (p + 1 < end && p[0] == '.' && p[1] == '.') {
                p += 2;
                if (!digits(&p, end, &a2)) break;
            }
            if (a1 > a2 || a2 >= a->dims[k]) {
                char range[48];
                if (a1 == a2)
                    snprintf(range, sizeof range, "%ld", a1);
                else
                    snprintf(range, sizeof range, "%ld..%ld", a1, a2);
                return diag_at(
                    d, path, line, 0,
                    "<%s>: '%.*s': index %s out of the range 0..%d of dimension %d of %s", elem,
                    (int)(len > 60 ? 60 : len), tok, range, a->dims[k] - 1, k + 1, a->id);
            }
            lo[k] = (int)a1, hi[k] = (int)a2;
        }
        if (p >= end || *p != ']') break;
        p++, k++;
    }
    if (p != end || k != a->ndims)
        return diag_at(d, path, line, 0,
                       "<%s>: '%.*s': expected %s with %d index%s ([i], [], or [i..j] each)", elem,
                       (int)(len > 60 ? 60 : len), tok, a->id, a->ndims, a->ndims > 1 ? "es" : "");
    /* odometer over the index ranges, last dimension fastest */
    int idx[XCSP_MAX_DIMS], added = 0, single = 1;
    for (int i = 0; i < k; i++) idx[i] = lo[i], single &= lo[i] == hi[i];
    for (;;) {
        long cell = 0;
        for (int i = 0; i < k; i++) cell = cell * a->dims[i] + idx[i];
        if (a->var[cell] >= 0) {
            GROW(out, cap, *n + 1);
            (*out)[(*n)++] = a->var[cell];
            added++;
        } else if (single) {
            return diag_at(d, path, line, 0,
                           "<%s>: '%.*s' is not a variable (the cell has no domain)", elem,
                           (int)(len > 60 ? 60 : len), tok);
        }
        int i = k - 1;
        for (; i >= 0; i--) {
            if (++idx[i] <= hi[i]) break;
            idx[i] = lo[i];
        }
        if (i < 0) break;
    }
    return added;
}

void xcsp_var_name(const xcsp_inst *in, int v, char *buf, size_t size) {
    const xcsp_var *x = &in->vars[v];
    if (x->array < 0) {
        snprintf(buf, size, "%s", in->var_names[x->cell]);
        return;
    }
    const xcsp_array *a = &in->arrays[x->array];
    int idx[XCSP_MAX_DIMS];
    long cell = x->cell;
    for (int i = a->ndims - 1; i >= 0; i--) idx[i] = (int)(cell % a->dims[i]), cell /= a->dims[i];
    size_t o = (size_t)snprintf(buf, size, "%s", a->id);
    for (int i = 0; i < a->ndims && o < size; i++)
        o += (size_t)snprintf(buf + o, size - o, "[%d]", idx[i]);
}
