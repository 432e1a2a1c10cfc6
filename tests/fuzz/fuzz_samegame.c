/* fuzz_samegame.c - fuzz target for the Same Game command interpreter
 * (samegame/protocol.c, docs/samegame.md).
 *
 * The input is a command script.  If it holds a line "%%", the bytes after
 * that line are the file "z" of an in-memory file table that `i` commands
 * read (with the small files of tests/samegame/data, found by base name), so
 * the fuzzer mutates `i` tables as well as commands.
 *
 * The script runs twice: hash store with the A* finder checked against
 * the canonical one and incremental block counts, then tree store with
 * 0-1 BFS and full recounts (and per-command statistics).  Both runs must
 * write the same answers and the same error lines, and no finder may
 * disagree with the canonical path (protocol_run returning 1). */
#include <string.h>

#include "fuzz.h"
#include "samegame/protocol.h"

static const struct {
    const char *name, *text;
    size_t len;
} files[] = {
    {"t.txt", "blu rosso 0\nbianco 0 nero\n", 26},
    {"t4.txt", "a b\nc d\n", 8},
    {"t_few.txt", "blu rosso\nverde\n0 blu\n", 22},
    {"t_many.txt", "a b\nc d e\n", 10},
    {"t_nul.txt", "a b\0\nc d\n", 9},
    {"t_upper.txt", "a Blu\nc d\n", 10},
    {"t_row.txt", "ab ab\n", 6},
};

typedef struct fuzz_input {
    const char *z; /* the file "z": the input after its "%%" line */
    size_t zlen;
} fuzz_input;

static int mem_open(void *ctx, const char *name, lexer *lx, diag *d) {
    const fuzz_input *in = ctx;
    const char *base = strrchr(name, '/');
    base = base ? base + 1 : name;
    if (!strcmp(base, "z")) return lex_from_memory(lx, name, in->z, in->zlen, d);
    for (size_t i = 0; i < sizeof files / sizeof *files; i++)
        if (!strcmp(files[i].name, base))
            return lex_from_memory(lx, name, files[i].text, files[i].len, d);
    return diag_at(d, name, 0, 0, "cannot open: no such file in the fuzz table");
}

typedef struct run_out {
    char *out, *err;
    size_t out_len, err_len;
    int rc;
} run_out;

static void run(const char *script, size_t len, protocol_config *cfg, run_out *r) {
    FILE *in = fmemopen((void *)script, len, "r");
    FILE *out = open_memstream(&r->out, &r->out_len);
    FILE *err = open_memstream(&r->err, &r->err_len);
    if (!in || !out || !err) abort();
    size_t start = xmem_current();
    r->rc = protocol_run(in, out, err, cfg);
    fuzz_check_balance(start, "samegame");
    fclose(in);
    fclose(out);
    fclose(err);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    static FILE *null_out;
    if (!null_out && !(null_out = fopen("/dev/null", "w"))) abort();
    if (size == 0) return 0; /* fmemopen needs a byte */
    const char *text = (const char *)data;
    fuzz_input zin = {"", 0};
    size_t script_len = size;
    for (size_t i = 0; i + 2 <= size; i++)
        if ((i == 0 || text[i - 1] == '\n') && text[i] == '%' && text[i + 1] == '%' &&
            (i + 2 == size || text[i + 2] == '\n')) {
            script_len = i;
            zin.z = text + (i + 2 < size ? i + 3 : size);
            zin.zlen = size - (size_t)(zin.z - text);
            break;
        }
    if (script_len == 0) return 0;
    protocol_config a = {.store = store_registry[0],
                         .path = path_lookup("astar"),
                         .count_mode = PLANE_COUNT_INCREMENTAL,
                         .input_name = "fuzz.sg",
                         .open = mem_open,
                         .open_ctx = &zin};
    protocol_config b = a;
    b.store = store_registry[1] ? store_registry[1] : store_registry[0];
    b.path = path_lookup("01bfs");
    b.count_mode = PLANE_COUNT_FULL;
    b.stats = null_out;
    if (!a.path || !b.path) abort(); /* the finder names changed */
    run_out ra = {0}, rb = {0};
    run(text, script_len, &a, &ra);
    run(text, script_len, &b, &rb);
    if (ra.rc == 1 || rb.rc == 1 || ra.rc != rb.rc || ra.out_len != rb.out_len ||
        memcmp(ra.out, rb.out, ra.out_len) || ra.err_len != rb.err_len ||
        memcmp(ra.err, rb.err, ra.err_len)) {
        fprintf(stderr,
                "fuzz: samegame: the two runs differ (rc %d, %d)\n--- %s, %s:\n%s%s"
                "--- %s, %s:\n%s%s",
                ra.rc, rb.rc, a.store->name, a.path->name, ra.out, ra.err, b.store->name,
                b.path->name, rb.out, rb.err);
        abort();
    }
    free(ra.out);
    free(ra.err);
    free(rb.out);
    free(rb.err);
    return 0;
}
