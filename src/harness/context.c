/* context.c - the run context written beside the results (see context.h). */
#define _DEFAULT_SOURCE /* gethostname */
#include "context.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

#include "../core/xmalloc.h"
#include "results.h"
#include "../core/textout.h"

#ifndef SEARCHLAB_BUILD_FLAGS
#define SEARCHLAB_BUILD_FLAGS "unknown"
#endif

/* The first line printed by a shell command, or "" (e.g. outside git). */
static void first_line(const char *cmd, char *buf, size_t size) {
    buf[0] = '\0';
    FILE *p = popen(cmd, "r");
    if (!p) return;
    if (!fgets(buf, (int)size, p)) buf[0] = '\0';
    pclose(p);
    buf[strcspn(buf, "\n")] = '\0';
}

static void cpu_model(char *buf, size_t size) {
    snprintf(buf, size, "unknown");
    FILE *f = fopen("/proc/cpuinfo", "r");
    if (!f) return;
    char line[512];
    while (fgets(line, sizeof line, f))
        if (!strncmp(line, "model name", 10)) {
            const char *v = strchr(line, ':');
            if (v) {
                snprintf(buf, size, "%s", v + 2);
                buf[strcspn(buf, "\n")] = '\0';
            }
            break;
        }
    fclose(f);
}

/* A context file is a few hundred bytes; a bigger one is not ours. */
enum { CONTEXT_CAP = 1 << 16 };

/* The whole file at path as a string of CONTEXT_CAP + 1 bytes (owned);
 * NULL if it cannot be read, is too big or holds a NUL byte. */
static char *slurp(const char *path) {
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    char *buf = NEWN(CONTEXT_CAP + 1, char);
    size_t len = fread(buf, 1, CONTEXT_CAP + 1, f);
    fclose(f);
    if (len > CONTEXT_CAP || strlen(buf) != len) {
        FREEN(buf, CONTEXT_CAP + 1);
        return NULL;
    }
    return buf;
}

int context_merge(const char *out_csv, const char *command, const char *const *inputs, size_t n,
                  diag *d) {
    char *path = results_sibling(out_csv, ".context.json");
    FILE *f = fopen(path, "w");
    if (!f) {
        diag_set(d, "%s: cannot write: %s", path, strerror(errno));
        xstrfree(path);
        return -1;
    }
    fputs("{\n  \"merged_by\": ", f);
    text_json_string(f, command);
    fputs(",\n  \"shards\": [", f);
    for (size_t i = 0; i < n; i++) {
        char *ctx_path = results_sibling(inputs[i], ".context.json");
        char *text = slurp(ctx_path);
        fputs(i ? ",\n    {\"results\": " : "\n    {\"results\": ", f);
        text_json_string(f, inputs[i]);
        fputs(", \"context\": ", f);
        if (text) {
            text_json_string(f, text);
            FREEN(text, CONTEXT_CAP + 1);
        } else {
            fputs("null", f);
        }
        fputc('}', f);
        xstrfree(ctx_path);
    }
    fputs("\n  ]\n}\n", f);
    int bad = ferror(f) | fclose(f);
    if (bad) diag_set(d, "%s: cannot write", path);
    xstrfree(path);
    return bad ? -1 : 0;
}

int context_write(const experiment *e, const char *command, diag *d) {
    char *path = results_sibling(e->out, ".context.json");
    if (access(path, F_OK) == 0) { /* written by the first invocation */
        xstrfree(path);
        return 0;
    }
    FILE *f = fopen(path, "w");
    if (!f) {
        diag_set(d, "%s: cannot write: %s", path, strerror(errno));
        xstrfree(path);
        return -1;
    }
    char commit[128], dirty[8], cpu[256], host[256] = "", date[64];
    first_line("git rev-parse HEAD 2>/dev/null", commit, sizeof commit);
    /* dirty: a tracked source differs from the commit (the result and plot
     * files that experiments rewrite do not count) */
    first_line("git status --porcelain --untracked-files=no -- . ':!results' ':!plots' "
               "2>/dev/null | head -1 | wc -l",
               dirty, sizeof dirty);
    cpu_model(cpu, sizeof cpu);
    gethostname(host, sizeof host - 1);
    time_t now = time(NULL);
    strftime(date, sizeof date, "%Y-%m-%dT%H:%M:%SZ", gmtime(&now));
    struct utsname u;
    char kernel[300] = "";
    if (uname(&u) == 0)
        snprintf(kernel, sizeof kernel, "%s %s %s", u.sysname, u.release, u.machine);
    fputs("{\n  \"experiment\": ", f);
    text_json_string(f, e->name);
    fputs(",\n  \"command\": ", f);
    text_json_string(f, command);
    fputs(",\n  \"git_commit\": ", f);
    text_json_string(f, commit);
    fprintf(f, ",\n  \"git_dirty\": %s", !strcmp(dirty, "1") ? "true" : "false");
    fputs(",\n  \"compiler\": ", f);
#ifdef __VERSION__
    text_json_string(f, "gcc-compatible " __VERSION__);
#else
    text_json_string(f, "unknown");
#endif
    fputs(",\n  \"build_flags\": ", f);
    text_json_string(f, SEARCHLAB_BUILD_FLAGS);
    fputs(",\n  \"cpu_model\": ", f);
    text_json_string(f, cpu);
    fprintf(f, ",\n  \"cores\": %ld", sysconf(_SC_NPROCESSORS_ONLN));
    fputs(",\n  \"host\": ", f);
    text_json_string(f, host);
    fputs(",\n  \"kernel\": ", f);
    text_json_string(f, kernel);
    fputs(",\n  \"date\": ", f);
    text_json_string(f, date);
    fprintf(f,
            ",\n  \"jobs\": %ld, \"reps\": %ld, \"timeout_s\": %g, \"memory_mib\": %llu, "
            "\"seed\": %llu, \"shard\": \"%ld/%ld\"\n}\n",
            e->jobs, e->reps, e->timeout_s, (unsigned long long)e->memory_mib,
            (unsigned long long)e->seed, e->shard_k, e->shard_n);
    int bad = ferror(f);
    bad |= fclose(f) != 0;
    if (bad) diag_set(d, "%s: cannot write", path);
    xstrfree(path);
    return bad ? -1 : 0;
}
