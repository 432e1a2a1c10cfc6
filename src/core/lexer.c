/* lexer.c - line-oriented tokenizer with comments and located errors. */
#include "lexer.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xmalloc.h"

size_t lex_max_bytes(void) {
    const char *env = getenv("SEARCHLAB_MAX_INPUT_MIB");
    if (env && *env) {
        char *end;
        unsigned long long mib = strtoull(env, &end, 10);
        /* lines and columns are ints: an input must stay under INT_MAX bytes */
        if (*env >= '0' && *env <= '9' && *end == '\0' && mib > 0)
            return (size_t)(mib < LEX_MAX_MIB ? mib : LEX_MAX_MIB) << 20;
    }
    return LEX_MAX_BYTES_DEFAULT;
}

static int check_text(lexer *lx, diag *d) {
    const char *nul = memchr(lx->buf, '\0', lx->len);
    if (!nul) return 0;
    int line = 1, col = 1;
    for (const char *p = lx->buf; p < nul; p++) {
        if (*p == '\n') line++, col = 1;
        else col++;
    }
    return diag_at(d, lx->path, line, col, "binary data (a NUL byte): expected a text file");
}

static void reset(lexer *lx, const char *path) {
    memset(lx, 0, sizeof *lx);
    lx->path = path;
    lx->line = 1;
    lx->col = 1;
}

int lex_from_memory(lexer *lx, const char *path, const char *text, size_t len, diag *d) {
    reset(lx, path);
    if (len > lex_max_bytes())
        return diag_at(d, path, 0, 0,
                       "input of %zu bytes is over the limit of %zu MiB "
                       "(raise it with SEARCHLAB_MAX_INPUT_MIB)",
                       len, lex_max_bytes() >> 20);
    lx->cap = len + 1;
    lx->buf = xmalloc(lx->cap);
    memcpy(lx->buf, text, len);
    lx->buf[len] = '\0';
    lx->len = len;
    if (check_text(lx, d)) {
        lex_close(lx);
        return -1;
    }
    return 0;
}

int lex_open(lexer *lx, const char *path, diag *d) {
    reset(lx, path);
    FILE *f = fopen(path, "rb");
    if (!f) return diag_at(d, path, 0, 0, "cannot open: %s", strerror(errno));
    size_t limit = lex_max_bytes(), cap = 4096, len = 0;
    char *buf = xmalloc(cap);
    for (;;) {
        if (len + 1 >= cap) {
            size_t ncap = cap * 2;
            buf = xrealloc(buf, cap, ncap);
            cap = ncap;
        }
        size_t got = fread(buf + len, 1, cap - 1 - len, f);
        len += got;
        if (len > limit) {
            fclose(f);
            xfree(buf, cap);
            return diag_at(d, path, 0, 0,
                           "file is over the limit of %zu MiB (raise it with "
                           "SEARCHLAB_MAX_INPUT_MIB)",
                           limit >> 20);
        }
        if (got == 0) break;
    }
    int err = ferror(f);
    fclose(f);
    if (err) {
        xfree(buf, cap);
        return diag_at(d, path, 0, 0, "read error");
    }
    buf[len] = '\0';
    lx->buf = buf;
    lx->cap = cap;
    lx->len = len;
    if (check_text(lx, d)) {
        lex_close(lx);
        return -1;
    }
    return 0;
}

void lex_close(lexer *lx) {
    if (lx->buf) xfree(lx->buf, lx->cap);
    lx->buf = NULL;
}

static int is_blank(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f'; }

int lex_line(lexer *lx, token *toks, int max) {
    while (lx->pos < lx->len) {
        int n = 0;
        /* one physical line */
        while (lx->pos < lx->len && lx->buf[lx->pos] != '\n') {
            char c = lx->buf[lx->pos];
            if (is_blank(c)) {
                lx->pos++, lx->col++;
            } else if (c == '#') {
                while (lx->pos < lx->len && lx->buf[lx->pos] != '\n') lx->pos++;
            } else {
                token t = {lx->buf + lx->pos, 0, lx->line, lx->col};
                while (lx->pos < lx->len && !is_blank(lx->buf[lx->pos]) &&
                       lx->buf[lx->pos] != '\n' && lx->buf[lx->pos] != '#')
                    lx->pos++, lx->col++, t.len++;
                if (n < max) toks[n] = t;
                if (n < INT_MAX) n++;
            }
        }
        int line = lx->line;
        if (lx->pos < lx->len) { /* the newline */
            lx->pos++;
            lx->line++;
            lx->col = 1;
        }
        if (n > 0) {
            lx->last = line;
            return n;
        }
    }
    return 0;
}

int lex_last_line(const lexer *lx) { return lx->last > 0 ? lx->last : 1; }

int tok_is(const token *t, const char *word) {
    size_t n = strlen(word);
    return t->len == n && memcmp(t->s, word, n) == 0;
}

const char *tok_show(const token *t, char *buf, size_t size) {
    size_t o = 0, limit = size > 8 ? size - 8 : 0;
    for (size_t i = 0; i < t->len && o < limit; i++) {
        unsigned char c = (unsigned char)t->s[i];
        if (c >= 0x20 && c < 0x7f && c != '\\')
            buf[o++] = (char)c;
        else
            o += (size_t)snprintf(buf + o, size - o, "\\x%02x", c);
        if (i + 1 < t->len && o >= limit && o + 4 < size) {
            memcpy(buf + o, "...", 3);
            o += 3;
        }
    }
    if (o >= size) o = size - 1;
    buf[o] = '\0';
    return buf;
}

int lex_expected(const lexer *lx, const token *t, const char *what, diag *d) {
    char shown[64];
    return diag_at(d, lx->path, t->line, t->col, "expected %s, found '%s'", what,
                   tok_show(t, shown, sizeof shown));
}

int lex_int(const lexer *lx, const token *t, long lo, long hi, const char *what, long *out,
            diag *d) {
    char tmp[32], shown[64];
    int ok = t->len > 0 && t->len < sizeof tmp;
    if (ok) {
        memcpy(tmp, t->s, t->len);
        tmp[t->len] = '\0';
        char *end;
        errno = 0;
        long v = strtol(tmp, &end, 10);
        ok = *end == '\0' && errno == 0 && (tmp[0] == '-' || tmp[0] == '+' || (tmp[0] >= '0' && tmp[0] <= '9'));
        if (ok && v >= lo && v <= hi) {
            *out = v;
            return 0;
        }
        if (ok)
            return diag_at(d, lx->path, t->line, t->col,
                           "expected %s (an integer from %ld to %ld), found %ld", what, lo, hi, v);
    }
    return diag_at(d, lx->path, t->line, t->col, "expected %s (an integer from %ld to %ld), found '%s'",
                   what, lo, hi, tok_show(t, shown, sizeof shown));
}
