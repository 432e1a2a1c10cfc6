/* json.c - the JSON reader of the run-context records (see json.h). */
#include "json.h"

#include <stdlib.h>
#include <string.h>

#include "../core/textout.h"
#include "../core/xmalloc.h"

/* ---- parsing -------------------------------------------------------------
 * A recursive-descent validator over text[0..len); each value's span is
 * [start, pos).  Invariant: pos <= len. */

typedef struct jp {
    const char *name, *t;
    size_t len, pos;
    int line;
    diag *d;
} jp;

static int jp_err(jp *p, const char *what) {
    /* line and column of pos (a pretty-printed file spans lines) */
    int line = p->line;
    size_t ls = 0;
    for (size_t i = 0; i < p->pos && i < p->len; i++)
        if (p->t[i] == '\n') line++, ls = i + 1;
    char found[24];
    if (p->pos >= p->len)
        snprintf(found, sizeof found, "the end of the line");
    else if ((unsigned char)p->t[p->pos] >= 0x20 && p->t[p->pos] != 0x7f)
        snprintf(found, sizeof found, "'%c'", p->t[p->pos]);
    else
        snprintf(found, sizeof found, "byte 0x%02x", (unsigned char)p->t[p->pos]);
    return diag_at(p->d, p->name, line, (int)(p->pos - ls) + 1, "expected %s, found %s", what,
                   found);
}

static void jp_space(jp *p) {
    while (p->pos < p->len && strchr(" \t\r\n", p->t[p->pos]) && p->t[p->pos]) p->pos++;
}

static int is_hex(char c) {
    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

static int jp_string(jp *p) {
    if (p->pos >= p->len || p->t[p->pos] != '"') return jp_err(p, "'\"' (a string)");
    p->pos++;
    for (;;) {
        if (p->pos >= p->len) return jp_err(p, "the closing '\"' of the string");
        unsigned char c = (unsigned char)p->t[p->pos];
        if (c == '"') {
            p->pos++;
            return 0;
        }
        if (c < 0x20) return jp_err(p, "a character of the string (control bytes must be escaped)");
        if (c >= 0x80) { /* JSON is UTF-8, and the writers write nothing else */
            unsigned char seq[5] = {0};
            for (size_t k = 0; k < 4 && p->pos + k < p->len; k++)
                seq[k] = (unsigned char)p->t[p->pos + k];
            int n = text_utf8_len(seq);
            if (!n) return jp_err(p, "valid UTF-8 in the string");
            p->pos += (size_t)n;
            continue;
        }
        if (c == '\\') {
            p->pos++;
            if (p->pos >= p->len || !strchr("\"\\/bfnrtu", p->t[p->pos]) || !p->t[p->pos])
                return jp_err(p, "an escape (\\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)");
            if (p->t[p->pos] == 'u') {
                for (int k = 1; k <= 4; k++)
                    if (p->pos + (size_t)k >= p->len || !is_hex(p->t[p->pos + (size_t)k])) {
                        p->pos += (size_t)k;
                        return jp_err(p, "4 hex digits after \\u");
                    }
                p->pos += 4;
            }
        }
        p->pos++;
    }
}

static int jp_digits(jp *p) {
    if (p->pos >= p->len || p->t[p->pos] < '0' || p->t[p->pos] > '9') return jp_err(p, "a digit");
    while (p->pos < p->len && p->t[p->pos] >= '0' && p->t[p->pos] <= '9') p->pos++;
    return 0;
}

static int jp_number(jp *p) {
    if (p->pos < p->len && p->t[p->pos] == '-') p->pos++;
    if (p->pos < p->len && p->t[p->pos] == '0')
        p->pos++;
    else if (jp_digits(p))
        return -1;
    if (p->pos < p->len && p->t[p->pos] == '.') {
        p->pos++;
        if (jp_digits(p)) return -1;
    }
    if (p->pos < p->len && (p->t[p->pos] == 'e' || p->t[p->pos] == 'E')) {
        p->pos++;
        if (p->pos < p->len && (p->t[p->pos] == '+' || p->t[p->pos] == '-')) p->pos++;
        if (jp_digits(p)) return -1;
    }
    return 0;
}

static int jp_value(jp *p, int depth);

/* A key and where it stood, for the duplicate check. */
typedef struct key_at {
    const char *key;
    size_t i, at; /* member index; offset of the key in the text */
} key_at;

static int cmp_key_at(const void *a, const void *b) {
    const key_at *x = a, *y = b;
    int c = strcmp(x->key, y->key);
    return c ? c : (x->i > y->i) - (x->i < y->i);
}

/* -1 with d at the second occurrence of a key of o: sorted, so that a
 * line with a million keys is checked in n log n, not n^2. */
static int jp_unique_keys(jp *p, const json_object *o, const size_t *at) {
    if (o->n < 2) return 0;
    key_at *k = NEWN(o->n, key_at);
    for (size_t i = 0; i < o->n; i++) k[i] = (key_at){o->m[i].key, i, at[i]};
    qsort(k, o->n, sizeof *k, cmp_key_at);
    size_t dup = o->n;
    for (size_t i = 1; i < o->n; i++)
        if (!strcmp(k[i].key, k[i - 1].key) && (dup == o->n || k[i].i < k[dup].i)) dup = i;
    int ret = 0;
    if (dup < o->n) {
        p->pos = k[dup].at;
        ret = jp_err(p, "each key once (this key appears before)");
    }
    FREEN(k, o->n);
    return ret;
}

/* An object when o is NULL (nested: only checked), else the top-level
 * object whose members go into o (keys checked unique at its end). */
static int jp_object(jp *p, int depth, json_object *o) {
    if (depth > JSON_MAX_DEPTH) return jp_err(p, "less deeply nested values");
    if (p->pos >= p->len || p->t[p->pos] != '{') return jp_err(p, "'{' (a JSON object)");
    p->pos++;
    jp_space(p);
    if (p->pos < p->len && p->t[p->pos] == '}') {
        p->pos++;
        return 0;
    }
    size_t *at = NULL, at_cap = 0; /* where each member's key starts */
    int ret = 0;
    for (;;) {
        jp_space(p);
        size_t ks = p->pos;
        if ((ret = jp_string(p))) break;
        size_t ke = p->pos;
        jp_space(p);
        if (p->pos >= p->len || p->t[p->pos] != ':') {
            ret = jp_err(p, "':' after the key");
            break;
        }
        p->pos++;
        jp_space(p);
        size_t vs = p->pos;
        if ((ret = jp_value(p, depth + 1))) break;
        if (o) {
            char *raw_key = xstrndup(p->t + ks, ke - ks);
            char *raw = xstrndup(p->t + vs, p->pos - vs);
            /* white space inside a value (a pretty-printed legacy file) is
             * made a space, so that a record is always one line */
            for (char *c = raw; *c; c++)
                if (*c == '\n' || *c == '\r' || *c == '\t') *c = ' ';
            GROW(&at, &at_cap, o->n + 1);
            at[o->n] = ks;
            GROW(&o->m, &o->cap, o->n + 1);
            o->m[o->n].key = json_string_value(raw_key);
            o->m[o->n++].raw = raw;
            xstrfree(raw_key);
        }
        jp_space(p);
        if (p->pos < p->len && p->t[p->pos] == ',') {
            p->pos++;
            continue;
        }
        if (p->pos < p->len && p->t[p->pos] == '}') {
            p->pos++;
            if (o) {
                size_t end = p->pos;
                ret = jp_unique_keys(p, o, at);
                if (!ret) p->pos = end;
            }
            break;
        }
        ret = jp_err(p, "',' or '}' after a member");
        break;
    }
    if (at) FREEN(at, at_cap);
    return ret;
}

static int jp_array(jp *p, int depth) {
    if (depth > JSON_MAX_DEPTH) return jp_err(p, "less deeply nested values");
    p->pos++; /* '[' */
    jp_space(p);
    if (p->pos < p->len && p->t[p->pos] == ']') {
        p->pos++;
        return 0;
    }
    for (;;) {
        jp_space(p);
        if (jp_value(p, depth + 1)) return -1;
        jp_space(p);
        if (p->pos < p->len && p->t[p->pos] == ',') {
            p->pos++;
            continue;
        }
        if (p->pos < p->len && p->t[p->pos] == ']') {
            p->pos++;
            return 0;
        }
        return jp_err(p, "',' or ']' after an array element");
    }
}

static int jp_word(jp *p, const char *w) {
    size_t n = strlen(w);
    if (p->len - p->pos < n || memcmp(p->t + p->pos, w, n)) return jp_err(p, "a JSON value");
    p->pos += n;
    return 0;
}

static int jp_value(jp *p, int depth) {
    if (p->pos >= p->len) return jp_err(p, "a JSON value");
    switch (p->t[p->pos]) {
    case '"':
        return jp_string(p);
    case '{':
        return jp_object(p, depth, NULL);
    case '[':
        return jp_array(p, depth);
    case 't':
        return jp_word(p, "true");
    case 'f':
        return jp_word(p, "false");
    case 'n':
        return jp_word(p, "null");
    default:
        if (p->t[p->pos] == '-' || (p->t[p->pos] >= '0' && p->t[p->pos] <= '9'))
            return jp_number(p);
        return jp_err(p, "a JSON value");
    }
}

int json_parse_object(const char *name, int line, const char *text, size_t len, json_object *o,
                      diag *d) {
    jp p = {name, text, len, 0, line, d};
    jp_space(&p);
    int ret = jp_object(&p, 0, o);
    if (!ret) {
        jp_space(&p);
        if (p.pos < p.len) ret = jp_err(&p, "the end of the line after the object");
    }
    if (ret) json_object_free(o);
    return ret;
}

/* ---- members ---------------------------------------------------------------- */

void json_object_free(json_object *o) {
    for (size_t i = 0; i < o->n; i++) {
        xstrfree(o->m[i].key);
        xstrfree(o->m[i].raw);
    }
    if (o->m) FREEN(o->m, o->cap);
    memset(o, 0, sizeof *o);
}

const char *json_get(const json_object *o, const char *key) {
    for (size_t i = 0; i < o->n; i++)
        if (!strcmp(o->m[i].key, key)) return o->m[i].raw;
    return NULL;
}

void json_set(json_object *o, const char *key, const char *raw) {
    for (size_t i = 0; i < o->n; i++)
        if (!strcmp(o->m[i].key, key)) {
            xstrfree(o->m[i].raw);
            o->m[i].raw = xstrdup(raw);
            return;
        }
    GROW(&o->m, &o->cap, o->n + 1);
    o->m[o->n].key = xstrdup(key);
    o->m[o->n++].raw = xstrdup(raw);
}

void json_append(json_object *o, const char *key, const char *raw) {
    GROW(&o->m, &o->cap, o->n + 1);
    o->m[o->n].key = xstrdup(key);
    o->m[o->n++].raw = xstrdup(raw);
}

void json_set_string(json_object *o, const char *key, const char *value) {
    char *mem = NULL;
    size_t n = 0;
    FILE *m = open_memstream(&mem, &n);
    if (!m) return;
    text_json_string(m, value);
    fclose(m);
    json_set(o, key, mem);
    free(mem); /* open_memstream's buffer comes from malloc */
}

static unsigned hex4(const char *s) {
    unsigned v = 0;
    for (int i = 0; i < 4; i++) {
        char c = s[i];
        v = v * 16 + (unsigned)(c <= '9' ? c - '0' : (c | 0x20) - 'a' + 10);
    }
    return v;
}

/* Appends code point cp as UTF-8 at out[*n] (room for 4 bytes). */
static void put_utf8(char *out, size_t *n, unsigned cp) {
    if (cp < 0x80) {
        out[(*n)++] = (char)cp;
    } else if (cp < 0x800) {
        out[(*n)++] = (char)(0xc0 | cp >> 6);
        out[(*n)++] = (char)(0x80 | (cp & 0x3f));
    } else if (cp < 0x10000) {
        out[(*n)++] = (char)(0xe0 | cp >> 12);
        out[(*n)++] = (char)(0x80 | (cp >> 6 & 0x3f));
        out[(*n)++] = (char)(0x80 | (cp & 0x3f));
    } else {
        out[(*n)++] = (char)(0xf0 | cp >> 18);
        out[(*n)++] = (char)(0x80 | (cp >> 12 & 0x3f));
        out[(*n)++] = (char)(0x80 | (cp >> 6 & 0x3f));
        out[(*n)++] = (char)(0x80 | (cp & 0x3f));
    }
}

char *json_string_value(const char *raw) {
    size_t len = strlen(raw);
    if (len < 2 || raw[0] != '"' || raw[len - 1] != '"') return NULL;
    /* the decoded text is never longer than the raw one */
    char *buf = xmalloc(len + 1);
    size_t n = 0;
    for (size_t i = 1; i + 1 < len; i++) {
        if (raw[i] != '\\') {
            buf[n++] = raw[i];
            continue;
        }
        char e = raw[++i];
        static const char from[] = "\"\\/bfnrt", to[] = "\"\\/\b\f\n\r\t";
        const char *k = strchr(from, e);
        if (e != 'u' && k) {
            buf[n++] = to[k - from];
            continue;
        }
        unsigned cp = hex4(raw + i + 1);
        i += 4;
        if (cp >= 0xd800 && cp < 0xdc00 && i + 6 < len && raw[i + 1] == '\\' && raw[i + 2] == 'u') {
            unsigned lo = hex4(raw + i + 3);
            if (lo >= 0xdc00 && lo < 0xe000) {
                cp = 0x10000 + ((cp - 0xd800) << 10) + (lo - 0xdc00);
                i += 6;
            }
        }
        if (cp == 0 || (cp >= 0xd800 && cp < 0xe000)) cp = 0xfffd; /* NUL or a lone surrogate */
        put_utf8(buf, &n, cp);
    }
    buf[n] = '\0';
    char *out = xstrdup(buf);
    xfree(buf, len + 1);
    return out;
}

void json_write_line(const json_object *o, FILE *out) {
    fputc('{', out);
    for (size_t i = 0; i < o->n; i++) {
        if (i) fputs(", ", out);
        text_json_string(out, o->m[i].key);
        fprintf(out, ": %s", o->m[i].raw);
    }
    fputs("}\n", out);
}

int json_array_items(const char *raw, char ***items, size_t *n) {
    *items = NULL;
    *n = 0;
    if (raw[0] != '[') return -1;
    size_t cap = 0;
    jp p = {"array", raw, strlen(raw), 1, 1, NULL};
    jp_space(&p);
    if (p.pos < p.len && raw[p.pos] == ']') return 0;
    for (;;) {
        jp_space(&p);
        size_t s = p.pos;
        if (jp_value(&p, 1)) break; /* not from json_parse_object: stop */
        GROW(items, &cap, *n + 1);
        (*items)[(*n)++] = xstrndup(raw + s, p.pos - s);
        jp_space(&p);
        if (p.pos < p.len && raw[p.pos] == ',') {
            p.pos++;
            continue;
        }
        break;
    }
    /* shrink to n, so that the caller frees with the count it knows */
    if (cap > *n && *n > 0) *items = xrealloc(*items, cap * sizeof **items, *n * sizeof **items);
    return 0;
}
