/* fzn_token.c - the FlatZinc tokenizer (fzn_token.h). */
#include "fzn_token.h"

#include <ctype.h>
#include <string.h>

static void advance(fzn_lexer *lx) {
    if (lx->buf[lx->pos] == '\n')
        lx->line++, lx->col = 1;
    else
        lx->col++;
    lx->pos++;
}

static int at(const fzn_lexer *lx, size_t k) {
    return lx->pos + k < lx->len ? (unsigned char)lx->buf[lx->pos + k] : -1;
}

int fzn_lex_init(fzn_lexer *lx, const char *path, const char *buf, size_t len, diag *d) {
    lx->path = path, lx->buf = buf, lx->len = len, lx->pos = 0, lx->line = 1, lx->col = 1;
    return fzn_lex_next(lx, d);
}

static int lex_number(fzn_lexer *lx, fzn_token *t, diag *d) {
    int neg = 0;
    if (at(lx, 0) == '-') neg = 1, advance(lx);
    if (!isdigit(at(lx, 0)))
        return diag_at(d, lx->path, t->line, t->col, "expected a number after '-'");
    int base = 10;
    if (at(lx, 0) == '0' && (at(lx, 1) == 'x' || at(lx, 1) == 'o')) {
        base = at(lx, 1) == 'x' ? 16 : 8;
        advance(lx), advance(lx);
    }
    uint64_t v = 0, limit = neg ? (uint64_t)INT64_MAX + 1 : (uint64_t)INT64_MAX;
    int digits = 0;
    for (;;) {
        int c = at(lx, 0), dv;
        if (c >= '0' && c <= '9')
            dv = c - '0';
        else if (base == 16 && isxdigit(c))
            dv = 10 + (tolower(c) - 'a');
        else
            break;
        if (dv >= base) break;
        if (v > (limit - (uint64_t)dv) / (uint64_t)base)
            return diag_at(d, lx->path, t->line, t->col, "integer out of the 64-bit range");
        v = v * (uint64_t)base + (uint64_t)dv, digits++;
        advance(lx);
    }
    if (!digits) return diag_at(d, lx->path, t->line, t->col, "expected digits");
    /* a float: digits '.' digit, or an exponent ("1..3" is a range) */
    if (base == 10 &&
        ((at(lx, 0) == '.' && isdigit(at(lx, 1))) || at(lx, 0) == 'e' || at(lx, 0) == 'E')) {
        while (isalnum(at(lx, 0)) || at(lx, 0) == '.' || at(lx, 0) == '+' || at(lx, 0) == '-') {
            if (at(lx, 0) == '.' && at(lx, 1) == '.') break;
            advance(lx);
        }
        t->kind = FT_FLOAT;
        return 0;
    }
    t->kind = FT_INT;
    t->ival = neg ? (int64_t)(0 - v) : (int64_t)v;
    return 0;
}

int fzn_lex_next(fzn_lexer *lx, diag *d) {
    for (;;) { /* blanks and comments */
        int c = at(lx, 0);
        if (c == ' ' || c == '\t' || c == '\r' || c == '\n')
            advance(lx);
        else if (c == '%')
            while (at(lx, 0) != -1 && at(lx, 0) != '\n') advance(lx);
        else
            break;
    }
    fzn_token *t = &lx->tok;
    memset(t, 0, sizeof *t);
    t->line = lx->line, t->col = lx->col, t->s = lx->buf + lx->pos;
    int c = at(lx, 0);
    size_t start = lx->pos;
    if (c == -1) {
        t->kind = FT_EOF;
    } else if (isalpha(c) || c == '_') {
        while (isalnum(at(lx, 0)) || at(lx, 0) == '_') advance(lx);
        t->kind = FT_ID;
    } else if (isdigit(c) || c == '-') {
        if (lex_number(lx, t, d)) return -1;
    } else if (c == '"') {
        advance(lx);
        while (at(lx, 0) != '"') {
            if (at(lx, 0) == -1 || at(lx, 0) == '\n')
                return diag_at(d, lx->path, t->line, t->col, "unterminated string");
            if (at(lx, 0) == '\\' && at(lx, 1) != -1) advance(lx);
            advance(lx);
        }
        advance(lx);
        t->kind = FT_STR;
    } else if ((c == ':' && at(lx, 1) == ':') || (c == '.' && at(lx, 1) == '.')) {
        t->kind = FT_PUNCT, t->punct = c == ':' ? 'C' : 'R';
        advance(lx), advance(lx);
    } else if (strchr(":;,()[]{}=", c)) {
        t->kind = FT_PUNCT, t->punct = (char)c;
        advance(lx);
    } else {
        if (c >= 32 && c < 127)
            return diag_at(d, lx->path, t->line, t->col, "unexpected character '%c'", c);
        return diag_at(d, lx->path, t->line, t->col, "unexpected byte 0x%02x", c);
    }
    t->len = lx->pos - start;
    return 0;
}
