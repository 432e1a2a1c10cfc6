/* textout.c - JSON strings and CSV fields (see textout.h). */
#include "textout.h"

#include <string.h>

/* The length (2..4) of the well-formed UTF-8 sequence of a lead byte >=
 * 0x80 at s, or 0 (RFC 3629: no overlong form, no surrogate, at most
 * U+10FFFF). */
int text_utf8_len(const unsigned char *s) {
    unsigned char c = s[0];
    int n = c >= 0xc2 && c <= 0xdf   ? 2
            : c >= 0xe0 && c <= 0xef ? 3
            : c >= 0xf0 && c <= 0xf4 ? 4
                                     : 0;
    for (int i = 1; i < n; i++)
        if ((s[i] & 0xc0) != 0x80) return 0;
    if (n == 3 && ((c == 0xe0 && s[1] < 0xa0) || (c == 0xed && s[1] > 0x9f))) return 0;
    if (n == 4 && ((c == 0xf0 && s[1] < 0x90) || (c == 0xf4 && s[1] > 0x8f))) return 0;
    return n;
}

void text_json_string(FILE *out, const char *s) {
    fputc('"', out);
    for (; s && *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\') {
            fprintf(out, "\\%c", c);
        } else if (c < 0x20 || c == 0x7f) {
            fprintf(out, "\\u%04x", c);
        } else if (c < 0x80) {
            fputc(c, out);
        } else {
            /* JSON is UTF-8: a byte that starts no well-formed sequence (a
             * Latin-1 file name) becomes U+FFFD, the replacement character */
            int n = text_utf8_len((const unsigned char *)s);
            if (n) {
                fwrite(s, 1, (size_t)n, out);
                s += n - 1;
            } else {
                fputs("\\ufffd", out);
            }
        }
    }
    fputc('"', out);
}

void text_csv_field(FILE *out, const char *s) {
    if (!strpbrk(s, ",\"\n\r") && s[0] != ' ') {
        fputs(s, out);
        return;
    }
    fputc('"', out);
    for (; *s; s++) {
        if (*s == '"') fputc('"', out);
        fputc(*s, out);
    }
    fputc('"', out);
}
