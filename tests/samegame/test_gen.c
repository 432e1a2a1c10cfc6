/* test_gen.c - the Same Game script generator (samegame/gen.h) writes
 * scripts the protocol accepts: every layout, base kind and the i-table
 * form run with status 0 and the same output on every store; the same
 * options write the same bytes; bad options are refused.  (The flags of
 * `searchlab gen samegame` are tested in tests/harness/gen.sh.) */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "core/registry.h"
#include "core/xmalloc.h"
#include "samegame/gen.h"
#include "samegame_testlib.h"

/* The script for these options (malloc'd; *len bytes); with table, the
 * square goes to the file tab. */
static char *script_of(const sgen_opts *o, const char *tab, size_t *len) {
    char *buf = NULL;
    FILE *out = open_memstream(&buf, len);
    FILE *tf = tab ? fopen(tab, "w") : NULL;
    diag d;
    CHECK(sgen_write(o, out, tf, tab, &d) == 0);
    if (tf) fclose(tf);
    fclose(out);
    return buf;
}

static void one(const char *layout, const char *base, int table) {
    char tab[] = "/tmp/searchlab_tab_XXXXXX";
    int fd = mkstemp(tab);
    close(fd);
    sgen_opts o;
    sgen_defaults(&o);
    o.marbles = 300, o.colours = 3, o.ops = 150, o.seed = 5;
    o.layout = (sgen_layout)names_index(sgen_layout_names, layout);
    o.base = (sgen_base)names_index(sgen_base_names, base);
    size_t len = 0, len2 = 0;
    char *script = script_of(&o, table ? tab : NULL, &len);
    char *again = script_of(&o, table ? tab : NULL, &len2);
    CHECK(script && len > 0);
    CHECK_MSG(len == len2 && !memcmp(script, again, len), "%s/%s: not deterministic", layout, base);
    free(again);
    run_result ref =
        run_protocol_bytes(script, len, &(protocol_config){.store = store_registry[0]});
    CHECK_MSG(ref.rc == 0, "%s/%s/%d: status %d: %s", layout, base, table, ref.rc, ref.err);
    CHECK(ref.out_len > 0);
    for (int i = 1; store_registry[i]; i++) {
        run_result r =
            run_protocol_bytes(script, len, &(protocol_config){.store = store_registry[i]});
        CHECK(r.rc == 0 && r.out_len == ref.out_len && !memcmp(r.out, ref.out, r.out_len));
        run_free(&r);
    }
    run_free(&ref);
    free(script);
    remove(tab);
}

int main(void) {
    size_t mem0 = xmem_current();
    const char *layouts[] = {"dense", "clusters", "spread"}, *bases[] = {"window", "strip", "all"};
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++) one(layouts[i], bases[j], 0);
    one("dense", "window", 1);
    sgen_opts o;
    sgen_defaults(&o);
    CHECK(sgen_parse_mix(&o, "q=1") == -1);
    CHECK(sgen_parse_mix(&o, "o=0,c=0") == -1);
    CHECK(sgen_parse_mix(&o, "o=2,n=1") == 0 && o.mix[0] == 2 && o.mix[3] == 1 && o.mix[1] == 0);
    o.layout = SGEN_SPREAD;
    diag d;
    CHECK(sgen_write(&o, stdout, stderr, "x", &d) == -1 && strstr(d.msg, "dense"));
    CHECK(xmem_current() == mem0);
    return CHECK_DONE();
}
