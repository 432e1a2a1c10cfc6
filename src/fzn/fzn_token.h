/* fzn_token.h - the tokens of FlatZinc text (fzn_token.c): identifiers,
 * integers, floats (recognised so that they can be refused by name),
 * strings, and the punctuation `:: .. : ; , ( ) [ ] { } =`.  `%` starts a
 * comment to the end of the line.  Lines and columns count from 1. */
#ifndef SEARCHLAB_FZN_FZN_TOKEN_H
#define SEARCHLAB_FZN_FZN_TOKEN_H

#include <stddef.h>
#include <stdint.h>

#include "../core/diag.h"

enum fzn_tok { FT_EOF, FT_ID, FT_INT, FT_FLOAT, FT_STR, FT_PUNCT };

typedef struct fzn_token {
    int kind;
    const char *s; /* into the buffer */
    size_t len;
    int line, col;
    int64_t ival; /* FT_INT */
    char punct;   /* FT_PUNCT: the character; ':' ':' is 'C' (::), '.' '.' is 'R' (..) */
} fzn_token;

typedef struct fzn_lexer {
    const char *path, *buf;
    size_t len, pos;
    int line, col;
    fzn_token tok; /* the current token */
} fzn_lexer;

/* Starts at the beginning of buf and reads the first token; 0, or -1 with d. */
int fzn_lex_init(fzn_lexer *lx, const char *path, const char *buf, size_t len, diag *d);
/* Reads the next token into lx->tok; 0, or -1 with d (a stray byte, an
 * integer past 64 bits, an unterminated string). */
int fzn_lex_next(fzn_lexer *lx, diag *d);

#endif
