/* mznset.c - MiniZinc instance sets: (model, data) pairs compiled to
 * FlatZinc in the generator cache (see mznset.h). */
#include "mznset.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "../core/hash.h"
#include "../core/xmalloc.h"
#include "../solve/child.h"
#include "../solve/minizinc.h"
#include "instset.h"

enum { MZN_PATH_MAX = 4096 };

static int ends_with(const char *s, const char *ext) {
    size_t n = strlen(s), m = strlen(ext);
    return n > m && !strcmp(s + n - m, ext);
}

/* The --solver argument: the build's .msc beside the binary, else the id. */
static void solver_config(char *buf, size_t size) {
    char exe[MZN_PATH_MAX];
    ssize_t k = readlink("/proc/self/exe", exe, sizeof exe - 1);
    exe[k > 0 ? k : 0] = '\0';
    char *slash = strrchr(exe, '/');
    if (slash) {
        *slash = '\0';
        if (snprintf(buf, size, "%s/mzn/searchlab.msc", exe) < (int)size && access(buf, R_OK) == 0)
            return;
    }
    snprintf(buf, size, "searchlab");
}

/* The base name of path without its extension, into buf. */
static void stem(const char *path, char *buf, size_t size) {
    const char *b = strrchr(path, '/');
    b = b ? b + 1 : path;
    const char *dot = strrchr(b, '.');
    size_t len = dot && dot != b ? (size_t)(dot - b) : strlen(b);
    snprintf(buf, size, "%.*s", (int)len, b);
}

/* The first line of text that says "Error" (minizinc's message), else its
 * first non-empty line, into buf ("" when there is none). */
static void first_error(const char *text, char *buf, size_t size) {
    buf[0] = '\0';
    for (const char *p = text; *p;) {
        size_t n = strcspn(p, "\r\n");
        const char *next = p + n + strspn(p + n, "\r\n");
        char line[1024];
        snprintf(line, sizeof line, "%.*s", (int)(n < sizeof line ? n : sizeof line - 1), p);
        p = next;
        if (!line[0]) continue;
        if (!buf[0] || strstr(line, "rror")) snprintf(buf, size, "%.380s", line);
        if (strstr(line, "rror")) {
            /* MiniZinc puts the message on the line after "Error:" at times */
            if ((!strcmp(line, "Error:") || ends_with(line, "Error:")) && *p) {
                n = strcspn(p, "\r\n");
                snprintf(buf, size, "%.*s", (int)(n < 380 ? n : 380), p);
            }
            break;
        }
    }
}

/* Runs `EXE HOW... -c --no-output-ozn -o OUT MODEL [DATA]` (EXE the
 * minizinc executable, HOW `--solver MSC` or a solver file's mzn_compile;
 * child.h), its standard error into err; the exit
 * status (or -1) goes to *status and its CPU seconds (with its children's)
 * to *cpu.  0, or -1 with d when it could not be started. */
static int run_minizinc(const char *exe, const char *const *how, int nhow, const char *model,
                        const char *data, const char *out, child_text *err, int *status,
                        double *cpu, diag *d) {
    const char *argv[MZNSET_COMPILE_MAX + 10];
    int n = 0;
    argv[n++] = exe;
    for (int i = 0; i < nhow && i < MZNSET_COMPILE_MAX; i++) argv[n++] = how[i];
    const char *rest[] = {"-c", "--no-output-ozn", "-o", out, model, data, NULL};
    for (int i = 0; i < 7; i++) argv[n++] = rest[i];
    child_opts co = {.what = "minizinc"};
    child_text sout = {0};
    child_end e;
    int rc = child_run((char *const *)argv, &co, &sout, err, &e, d);
    child_text_free(&sout);
    if (rc) return -1;
    *status = WIFEXITED(e.status) ? WEXITSTATUS(e.status) : -1;
    *cpu = e.cpu_s;
    return 0;
}

/* Pair (model, data or NULL) compiled into cache_dir/mzn (or found there);
 * its .fzn goes to out, a line about it to notes.  0, or -1 with d. */
static int add_pair(const char *model, const char *data, const char *where, const char *cache_dir,
                    const char *const *compile, strlist *out, strlist *notes, diag *d) {
    char mh[17], dh[17] = "", msc[MZN_PATH_MAX], how_text[MZN_PATH_MAX] = "";
    if (fnv1a_file(model, mh)) return diag_set(d, "%s: %s: cannot read the model", where, model);
    if (data && fnv1a_file(data, dh))
        return diag_set(d, "%s: %s: cannot read the data file", where, data);
    solver_config(msc, sizeof msc);
    const char *ours[] = {"--solver", msc, NULL};
    const char *const *how = compile ? compile : ours;
    int nhow = 0;
    for (size_t o = 0; how[nhow] && nhow < MZNSET_COMPILE_MAX; nhow++)
        o += (size_t)snprintf(how_text + o, o < sizeof how_text ? sizeof how_text - o : 0, "%s%s",
                              nhow ? " " : "", how[nhow]);
    uint64_t h = fnv1a(FNV1A_OFFSET, mh, 16);
    h = fnv1a(h, dh, strlen(dh));
    /* ours: the .msc's path, as before (the cached names stay); a solver
     * file's: its words */
    h = compile ? fnv1a(h, how_text, strlen(how_text)) : fnv1a(h, msc, strlen(msc));
    char ms[256], ds[256] = "", dir[MZN_PATH_MAX], fzn[MZN_PATH_MAX], tmp[MZN_PATH_MAX + 32],
                  tim[MZN_PATH_MAX + 8];
    stem(model, ms, sizeof ms);
    if (data) stem(data, ds + 1, sizeof ds - 1), ds[0] = '-';
    snprintf(dir, sizeof dir, "%s/mzn", cache_dir);
    if (snprintf(fzn, sizeof fzn, "%s/%s%s-%08llx.fzn", dir, ms, ds,
                 (unsigned long long)(h & 0xffffffffu)) >= (int)sizeof fzn)
        return diag_set(d, "%s: %s: path too long", where, dir);
    snprintf(tim, sizeof tim, "%s.time", fzn);
    const char *plus = data ? " + " : "", *dn = data ? data : "";
    if (access(fzn, R_OK) != 0) {
        const char *exe = minizinc_path(); /* SEARCHLAB_MINIZINC, else PATH */
        if (!exe)
            return diag_set(d,
                            "%s: --puzzle mzn compiles MiniZinc models with `minizinc`, which is "
                            "not installed (Debian: apt-get install minizinc)",
                            where);
        if (instset_mkdirs(dir, d)) return -1;
        /* written under a temporary name, then renamed: concurrent shards
         * compiling the same pair never see half a file */
        snprintf(tmp, sizeof tmp, "%s.%ld.tmp.fzn", fzn, (long)getpid());
        int status = -1;
        double cpu = 0;
        child_text err = {0};
        int rc = run_minizinc(exe, how, nhow, model, data, tmp, &err, &status, &cpu, d);
        char why[400] = "";
        if (!rc && status != 0) first_error(err.s, why, sizeof why);
        child_text_free(&err);
        if (rc) return -1;
        if (status != 0) {
            unlink(tmp);
            if (status == 127)
                return diag_set(d, "%s: cannot run minizinc (Debian: apt-get install minizinc)",
                                where);
            return diag_set(d, "%s: %s%s%s: minizinc -c %s could not compile it: %s", where, model,
                            plus, dn, how_text, why[0] ? why : "(no message)");
        }
        FILE *t = fopen(tim, "w");
        if (t) {
            fprintf(t, "%.3f\n", cpu);
            fclose(t);
        }
        if (rename(tmp, fzn)) {
            unlink(tmp);
            return diag_set(d, "%s: cannot write: %s", fzn, strerror(errno));
        }
    }
    if (notes) {
        double cpu = -1;
        FILE *t = fopen(tim, "r");
        if (t) {
            if (fscanf(t, "%lf", &cpu) != 1) cpu = -1;
            fclose(t);
        }
        char line[3 * MZN_PATH_MAX];
        if (cpu >= 0 && compile)
            snprintf(line, sizeof line, "%s%s%s compiled (minizinc -c %.200s, %.2f s CPU) to %s",
                     model, plus, dn, how_text, cpu, fzn);
        else if (cpu >= 0)
            snprintf(line, sizeof line, "%s%s%s compiled (minizinc -c, %.2f s CPU) to %s", model,
                     plus, dn, cpu, fzn);
        else
            snprintf(line, sizeof line, "%s%s%s compiled to %s", model, plus, dn, fzn);
        strlist_add(notes, line, where);
    }
    strlist_add(out, fzn, where);
    return 0;
}

static int cmp_str(const void *a, const void *b) {
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* A folder: its one .mzn with each of its .dzn (sorted). */
static int add_folder(const char *dir, const char *where, const char *cache_dir,
                      const char *const *compile, strlist *out, strlist *notes, diag *d) {
    DIR *dp = opendir(dir);
    if (!dp) return diag_set(d, "%s: %s: cannot open the folder: %s", where, dir, strerror(errno));
    strlist models = {0}, datas = {0};
    struct dirent *de;
    const char *sep = dir[strlen(dir) - 1] == '/' ? "" : "/";
    while ((de = readdir(dp)) != NULL) {
        int m = ends_with(de->d_name, ".mzn"), dz = ends_with(de->d_name, ".dzn");
        if (!m && !dz) continue;
        char p[MZN_PATH_MAX];
        snprintf(p, sizeof p, "%s%s%s", dir, sep, de->d_name);
        strlist_add(m ? &models : &datas, p, where);
    }
    closedir(dp);
    int ret = 0;
    if (models.n != 1) {
        ret = diag_set(d, "%s: %s: expected one .mzn model in the folder, found %zu", where, dir,
                       models.n);
    } else if (datas.n == 0) {
        ret = add_pair(models.items[0], NULL, where, cache_dir, compile, out, notes, d);
    } else {
        qsort(datas.items, datas.n, sizeof *datas.items, cmp_str);
        for (size_t i = 0; i < datas.n && !ret; i++)
            ret =
                add_pair(models.items[0], datas.items[i], where, cache_dir, compile, out, notes, d);
    }
    strlist_free(&models);
    strlist_free(&datas);
    return ret;
}

/* Splits a CSV line in place into at most max fields (double quotes
 * around a field are dropped; no quotes inside fields); the count. */
static int split_csv(char *line, char **field, int max) {
    int n = 0;
    for (char *p = line; n < max;) {
        while (*p == ' ') p++;
        if (*p == '"') {
            char *q = strchr(p + 1, '"');
            field[n++] = p + 1;
            if (q)
                *q = '\0', p = q + 1;
            else
                p += strlen(p);
            char *c = strchr(p, ',');
            if (!c) break;
            p = c + 1;
        } else {
            field[n++] = p;
            char *c = strchr(p, ',');
            if (!c) break;
            *c = '\0';
            p = c + 1;
        }
    }
    for (int i = 0; i < n; i++) { /* trailing blanks */
        size_t len = strlen(field[i]);
        while (len && (field[i][len - 1] == ' ' || field[i][len - 1] == '\r')) field[i][--len] = 0;
    }
    return n;
}

/* A path of the CSV relative to the CSV's folder (absolute ones kept). */
static void relative_to(const char *csv, const char *p, char *buf, size_t size) {
    const char *slash = strrchr(csv, '/');
    if (p[0] == '/' || !slash)
        snprintf(buf, size, "%s", p);
    else
        snprintf(buf, size, "%.*s/%s", (int)(slash - csv), csv, p);
}

static int add_csv(const char *csv, const char *where, const char *cache_dir,
                   const char *const *compile, strlist *out, strlist *notes, diag *d) {
    FILE *f = fopen(csv, "r");
    if (!f) return diag_set(d, "%s: %s: cannot open: %s", where, csv, strerror(errno));
    enum { MAXF = 32 };
    char line[3 * MZN_PATH_MAX];
    int col_model = -1, col_data = -1, col_problem = -1, ret = 0;
    long ln = 0, pairs = 0;
    while (!ret && fgets(line, sizeof line, f)) {
        ln++;
        line[strcspn(line, "\n")] = '\0';
        char *field[MAXF];
        int n = split_csv(line, field, MAXF);
        if (n == 1 && !field[0][0]) continue; /* empty line */
        if (ln == 1) {
            for (int i = 0; i < n; i++) {
                if (!strcmp(field[i], "model")) col_model = i;
                if (!strcmp(field[i], "data_file")) col_data = i;
                if (!strcmp(field[i], "problem")) col_problem = i;
            }
            if (col_model < 0 || col_data < 0 || col_problem < 0)
                ret = diag_set(d,
                               "%s:1:1: expected a header naming the columns problem, model, "
                               "data_file (as mzn-bench's instances.csv)",
                               csv);
            continue;
        }
        if (n <= col_model || n <= col_data || n <= col_problem || !field[col_model][0]) {
            ret = diag_set(d,
                           "%s:%ld:1: expected a row with problem, model and data_file "
                           "(found %d field%s)",
                           csv, ln, n, n == 1 ? "" : "s");
            break;
        }
        char m[MZN_PATH_MAX], dz[MZN_PATH_MAX], at[MZN_PATH_MAX + 24];
        relative_to(csv, field[col_model], m, sizeof m);
        relative_to(csv, field[col_data], dz, sizeof dz);
        snprintf(at, sizeof at, "%s:%ld", csv, ln);
        if (access(m, R_OK))
            ret = diag_set(d, "%s:%ld:1: %s: no such model file", csv, ln, m);
        else if (field[col_data][0] && access(dz, R_OK))
            ret = diag_set(d, "%s:%ld:1: %s: no such data file", csv, ln, dz);
        else
            ret =
                add_pair(m, field[col_data][0] ? dz : NULL, at, cache_dir, compile, out, notes, d);
        pairs++;
    }
    fclose(f);
    if (!ret && !pairs) ret = diag_set(d, "%s: %s: no (model, data) rows", where, csv);
    return ret ? -1 : 0;
}

int mznset_expand(const char *spec, const char *where, const char *cache_dir,
                  const char *const *compile, strlist *out, strlist *notes, diag *d) {
    struct stat st;
    if (stat(spec, &st) != 0) return diag_set(d, "%s: %s: no such file or folder", where, spec);
    if (S_ISDIR(st.st_mode))
        return add_folder(spec, where, cache_dir, compile, out, notes, d) ? -1 : 0;
    if (ends_with(spec, ".csv")) return add_csv(spec, where, cache_dir, compile, out, notes, d);
    if (ends_with(spec, ".mzn"))
        return add_pair(spec, NULL, where, cache_dir, compile, out, notes, d);
    return diag_set(d,
                    "%s: %s: --puzzle mzn expected a folder (one .mzn, many .dzn), an "
                    "instances.csv (problem, model, data_file) or a .mzn file",
                    where, spec);
}
