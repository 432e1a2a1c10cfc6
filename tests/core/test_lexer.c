/* test_lexer.c - lines, comments, columns, integers and refusals. */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "core/lexer.h"
#include "core/xmalloc.h"

int main(void) {
    diag d;
    lexer lx;
    const char *text = "# header\n\n  12 ab\t-3 # tail\n\r\nlast";
    CHECK(lex_from_memory(&lx, "mem.txt", text, strlen(text), &d) == 0);
    token t[4];
    int n = lex_line(&lx, t, 4);
    CHECK(n == 3);
    CHECK(t[0].line == 3 && t[0].col == 3 && tok_is(&t[0], "12"));
    CHECK(tok_is(&t[1], "ab") && t[1].col == 6);
    CHECK(lex_last_line(&lx) == 3);
    long v;
    CHECK(lex_int(&lx, &t[0], 0, 20, "n", &v, &d) == 0 && v == 12);
    CHECK(lex_int(&lx, &t[2], -5, 5, "x", &v, &d) == 0 && v == -3);
    CHECK(lex_int(&lx, &t[0], 0, 5, "n", &v, &d) == -1);
    CHECK(strstr(d.msg, "mem.txt:3:3:") == d.msg);
    CHECK(strstr(d.msg, "from 0 to 5") != NULL);
    CHECK(lex_int(&lx, &t[1], 0, 5, "n", &v, &d) == -1);
    CHECK(strstr(d.msg, "found 'ab'") != NULL);
    n = lex_line(&lx, t, 4);
    CHECK(n == 1 && tok_is(&t[0], "last") && t[0].line == 5);
    CHECK(lex_line(&lx, t, 4) == 0);
    lex_close(&lx);

    /* too many tokens are counted, not stored */
    CHECK(lex_from_memory(&lx, "m", "1 2 3 4 5 6", 11, &d) == 0);
    CHECK(lex_line(&lx, t, 4) == 6);
    lex_close(&lx);

    /* NUL bytes are refused with their location */
    CHECK(lex_from_memory(&lx, "bin", "ab\ncd\0e", 7, &d) == -1);
    CHECK(strstr(d.msg, "bin:2:3:") == d.msg);

    /* huge integers and odd bytes */
    CHECK(lex_from_memory(&lx, "m", "99999999999999999999999 \x01z", 26, &d) == 0);
    CHECK(lex_line(&lx, t, 4) == 2);
    CHECK(lex_int(&lx, &t[0], 0, 100, "n", &v, &d) == -1);
    CHECK(lex_int(&lx, &t[1], 0, 100, "n", &v, &d) == -1);
    CHECK(strstr(d.msg, "\\x01z") != NULL);
    lex_close(&lx);

    CHECK(lex_open(&lx, "/nonexistent/file", &d) == -1);
    CHECK(strstr(d.msg, "/nonexistent/file: cannot open") == d.msg);
    /* the input limit: raised by the environment, never past LEX_MAX_MIB
     * (line and column numbers are ints), a bad value keeps the default */
    setenv("SEARCHLAB_MAX_INPUT_MIB", "100", 1);
    CHECK(lex_max_bytes() == (size_t)100 << 20);
    setenv("SEARCHLAB_MAX_INPUT_MIB", "99999999999999999999999", 1);
    CHECK(lex_max_bytes() == (size_t)LEX_MAX_MIB << 20);
    CHECK((size_t)LEX_MAX_MIB << 20 < (size_t)2147483647);
    setenv("SEARCHLAB_MAX_INPUT_MIB", "-5", 1);
    CHECK(lex_max_bytes() == LEX_MAX_BYTES_DEFAULT);
    unsetenv("SEARCHLAB_MAX_INPUT_MIB");
    CHECK(xmem_current() == 0);
    return CHECK_DONE();
}
