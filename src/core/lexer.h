/* lexer.h - the line-oriented tokenizer shared by every instance parser.
 *
 * Input is plain text; `#` starts a comment that runs to the end of the
 * line; blank lines are skipped.  Tokens are runs of non-blank bytes and
 * point into the lexer's buffer (valid until lex_close).  Lines and
 * columns count from 1.  A file with a NUL byte or larger than
 * LEX_MAX_BYTES is refused with a diag that says so.
 */
#ifndef SEARCHLAB_CORE_LEXER_H
#define SEARCHLAB_CORE_LEXER_H

#include <stddef.h>

#include "diag.h"

/* Largest input accepted: 64 MiB (raise with SEARCHLAB_MAX_INPUT_MIB, up
 * to LEX_MAX_MIB, so that line and column numbers always fit an int). */
#define LEX_MAX_BYTES_DEFAULT ((size_t)64 << 20)
#define LEX_MAX_MIB 2047

typedef struct token {
    const char *s;
    size_t len;
    int line, col;
} token;

typedef struct lexer {
    const char *path; /* as given; used in every message */
    char *buf;        /* owned when the lexer read the file */
    size_t len, pos, cap;
    int line; /* line of buf[pos] */
    int col;  /* column of buf[pos] */
    int last; /* line of the last line lex_line returned (0: none yet) */
} lexer;

/* Reads the whole file at path.  Returns 0, or -1 with d filled. */
int lex_open(lexer *lx, const char *path, diag *d);
/* Lexes a copy of len bytes of text; path names it in messages.
 * Returns -1 (with d) on NUL bytes or an input over the limit. */
int lex_from_memory(lexer *lx, const char *path, const char *text, size_t len, diag *d);
void lex_close(lexer *lx);

/* Reads the next line that holds a token into toks[0..max-1] and returns
 * how many tokens the line holds (which may exceed max: the extra ones are
 * not stored); 0 at the end of input. */
int lex_line(lexer *lx, token *toks, int max);
/* Line number of the last line read (for "expected more" messages). */
int lex_last_line(const lexer *lx);

/* Parses t as a decimal integer in [lo, hi] into *out; otherwise fills d
 * with "FILE:L:C: expected WHAT (an integer from lo to hi), found 'T'". */
int lex_int(const lexer *lx, const token *t, long lo, long hi, const char *what, long *out,
            diag *d);
/* 1 if t spells word exactly. */
int tok_is(const token *t, const char *word);
/* Writes a printable, shortened copy of t into buf (non-printable bytes as
 * \xHH) for error messages; returns buf. */
const char *tok_show(const token *t, char *buf, size_t size);
/* Fills d with "FILE:L:C: expected WHAT, found 'T'" and returns -1. */
int lex_expected(const lexer *lx, const token *t, const char *what, diag *d);

/* Largest input size in bytes (LEX_MAX_BYTES_DEFAULT unless the
 * environment variable SEARCHLAB_MAX_INPUT_MIB says otherwise; values
 * above LEX_MAX_MIB count as LEX_MAX_MIB). */
size_t lex_max_bytes(void);

#endif
