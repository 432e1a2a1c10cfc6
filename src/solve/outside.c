/* outside.c - the `outside-command` family: one strategy per loaded
 * solver file (solver_file.h).  A run starts the file's command on the
 * instance's path in a child process, reads its standard output by the
 * file's protocol (xcsp3, json or grid) and hands the solution it prints
 * to the puzzle's own verifier, like any search's (dispatch.c).
 *
 * Limits: the command's process gets RLIMIT_CPU at the CPU limit rounded up
 * (SIGXCPU there, SIGKILL a second later), and runs in its own process
 * group that dies with us (PR_SET_PDEATHSIG) and is killed at the wall net
 * (10 x limit + 30 s, as the driver's).  Under `run`, this process is the
 * driver's isolated child, so the driver's CPU limit on the whole tree,
 * memory limit and wall net hold for the command and whatever it starts.
 *
 * How a run ends (docs/driver.md, "Outside solvers"): a solution that
 * fails the verifier, an `o` value its `v` line does not give, or a claim
 * of a solution without one is wrong; `s UNSUPPORTED` or the declared
 * refused_exit is refused; no answer is timeout when the CPU limit
 * stopped the command, else crash. */
#define _DEFAULT_SOURCE /* setpgid, kill, wait4 */
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <math.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <unistd.h>

#include "../core/clock.h"
#include "../core/xmalloc.h"
#include "family.h"
#include "solver_file.h"

/* ---- the family's table ------------------------------------------------------ */

static const spec_key no_keys[] = {{0}};

/* The loaded solvers that accept pz (all of them for no puzzle). */
static const outside_solver *nth(const puzzle *pz, int i) {
    const outside_solver *s;
    for (int k = 0; (s = outside_solver_at(k)); k++)
        if (!pz || outside_solver_accepts(s, pz->name))
            if (i-- == 0) return s;
    return NULL;
}

static const char *strategy(const puzzle *pz, int i, const char **summary) {
    const outside_solver *s = nth(pz, i);
    if (!s) return NULL;
    *summary = s->file;
    return s->name;
}

static const spec_key *keys(const puzzle *pz, const char *name) {
    (void)pz, (void)name;
    return no_keys;
}

/* ---- the command line ---------------------------------------------------------- */

typedef struct text {
    char *s;
    size_t len, cap;
} text;

static void text_add(text *t, const char *s, size_t n) {
    GROW(&t->s, &t->cap, t->len + n + 1);
    memcpy(t->s + t->len, s, n);
    t->len += n;
    t->s[t->len] = '\0';
}

static void text_free(text *t) {
    if (t->s) FREEN(t->s, t->cap);
    memset(t, 0, sizeof *t);
}

/* Word w of the command with its placeholders replaced. */
static char *expand(const outside_solver *o, const char *w, const char *path,
                    const csp_limits *lim) {
    text t = {0};
    text_add(&t, "", 0);
    char num[64], exe[PATH_MAX];
    for (const char *p = w; *p;) {
        const char *open = strchr(p, '{'), *close = open ? strchr(open, '}') : NULL;
        if (!open || !close) {
            text_add(&t, p, strlen(p));
            break;
        }
        text_add(&t, p, (size_t)(open - p));
        size_t n = (size_t)(close - open - 1);
        const char *v = "";
        if (n == 8 && !strncmp(open + 1, "instance", 8)) {
            v = path;
        } else if (n == 7 && !strncmp(open + 1, "timeout", 7)) {
            snprintf(num, sizeof num, "%.0f", lim->timeout_s > 0 ? ceil(lim->timeout_s) : 0.0);
            v = num;
        } else if (n == 4 && !strncmp(open + 1, "seed", 4)) {
            snprintf(num, sizeof num, "%llu", (unsigned long long)lim->seed);
            v = num;
        } else if (n == 3 && !strncmp(open + 1, "dir", 3)) {
            v = o->dir;
        } else if (n == 9 && !strncmp(open + 1, "searchlab", 9)) {
            ssize_t k = readlink("/proc/self/exe", exe, sizeof exe - 1);
            exe[k > 0 ? k : 0] = '\0';
            v = exe;
        } else if (n > 4 && !strncmp(open + 1, "env:", 4)) {
            char var[128];
            snprintf(var, sizeof var, "%.*s", (int)(n - 4), open + 5);
            v = getenv(var) ? getenv(var) : "";
        }
        text_add(&t, v, strlen(v));
        p = close + 1;
    }
    char *word = xstrdup(t.s);
    text_free(&t);
    return word;
}

/* ---- running it ------------------------------------------------------------------- */

typedef struct ending {
    int status;      /* wait status */
    double cpu_s;    /* the command's CPU time (rusage) */
    int wall_killed; /* we killed it at the wall net */
    uint64_t wall_ns;
} ending;

static void read_some(text *t, int fd, int *open) {
    char chunk[4096];
    ssize_t k = read(fd, chunk, sizeof chunk);
    if (k > 0)
        text_add(t, chunk, (size_t)k);
    else if (k == 0 || errno != EINTR)
        *open = 0;
}

/* Runs argv with stdout into out, stderr into err.  0, or -1 with d when
 * it could not start (a missing executable is the child's exit 127). */
static int run_command(char *const argv[], const csp_limits *lim, text *out, text *err,
                       ending *e, diag *d) {
    int po[2], pe[2];
    if (pipe(po)) return diag_set(d, "outside solver: pipe: %s", strerror(errno));
    if (pipe(pe)) {
        close(po[0]), close(po[1]);
        return diag_set(d, "outside solver: pipe: %s", strerror(errno));
    }
    fflush(NULL);
    uint64_t start = clock_ns();
    pid_t pid = fork();
    if (pid < 0) {
        close(po[0]), close(po[1]), close(pe[0]), close(pe[1]);
        return diag_set(d, "outside solver: fork: %s", strerror(errno));
    }
    if (pid == 0) {
        setpgid(0, 0);
        prctl(PR_SET_PDEATHSIG, SIGKILL);
        int null = open("/dev/null", O_RDONLY);
        if (null >= 0) dup2(null, 0);
        dup2(po[1], 1);
        dup2(pe[1], 2);
        close(po[0]), close(po[1]), close(pe[0]), close(pe[1]);
        signal(SIGPIPE, SIG_DFL);
        if (lim->timeout_s > 0) { /* lowering a limit is always allowed */
            struct rlimit rl;
            rlim_t s = (rlim_t)ceil(lim->timeout_s);
            if (getrlimit(RLIMIT_CPU, &rl) == 0 && (rl.rlim_max == RLIM_INFINITY || rl.rlim_max > s)) {
                rl.rlim_cur = s;
                if (rl.rlim_max == RLIM_INFINITY || rl.rlim_max > s + 1) rl.rlim_max = s + 1;
                setrlimit(RLIMIT_CPU, &rl);
            }
        }
        execvp(argv[0], argv);
        fprintf(stderr, "cannot run %s: %s\n", argv[0], strerror(errno));
        _exit(127);
    }
    setpgid(pid, pid);
    close(po[1]), close(pe[1]);
    uint64_t deadline =
        lim->timeout_s > 0 ? start + (uint64_t)((10 * lim->timeout_s + 30) * 1e9) : 0;
    int open_[2] = {1, 1}, fds[2] = {po[0], pe[0]};
    text *bufs[2] = {out, err};
    memset(e, 0, sizeof *e);
    while (open_[0] || open_[1]) {
        int wait_ms = -1;
        if (deadline) {
            uint64_t now = clock_ns();
            if (now >= deadline) {
                kill(-pid, SIGKILL);
                e->wall_killed = 1;
                break;
            }
            wait_ms = (int)((deadline - now) / 1000000u) + 1;
        }
        struct pollfd pf[2];
        for (int i = 0; i < 2; i++) pf[i] = (struct pollfd){open_[i] ? fds[i] : -1, POLLIN, 0};
        if (poll(pf, 2, wait_ms) < 0 && errno != EINTR) break;
        for (int i = 0; i < 2; i++)
            if (open_[i] && (pf[i].revents & (POLLIN | POLLHUP | POLLERR)))
                read_some(bufs[i], fds[i], &open_[i]);
    }
    close(po[0]), close(pe[0]);
    struct rusage ru;
    memset(&ru, 0, sizeof ru);
    while (wait4(pid, &e->status, 0, &ru) < 0 && errno == EINTR) {
    }
    kill(-pid, SIGKILL); /* what is left of its group */
    e->wall_ns = clock_ns() - start;
    e->cpu_s = (double)ru.ru_utime.tv_sec + (double)ru.ru_utime.tv_usec / 1e6 +
               (double)ru.ru_stime.tv_sec + (double)ru.ru_stime.tv_usec / 1e6;
    return 0;
}

/* ---- reading the answer -------------------------------------------------------------- */

/* What the output says. */
typedef enum claim { CLAIM_NONE, CLAIM_SAT, CLAIM_OPT, CLAIM_UNSAT, CLAIM_UNKNOWN, CLAIM_REFUSED } claim;

typedef struct answer {
    claim claim;
    int *sol; /* has_sol: the solution vector, len values */
    size_t len, cap;
    int has_sol;
    int has_o; /* the last `o` (xcsp3) or "objective" (json) value */
    int64_t o;
    int json_status; /* json: the status it names, or -1 */
    char problem[200]; /* why the answer could not be read (then wrong) */
} answer;

/* The variables' names in solution order, from the puzzle's JSON form of a
 * solution ({"NAME": value, ...}); n names, or 0 when the puzzle's JSON
 * form has none. */
static char **var_names(const puzzle *pz, const void *inst, size_t n) {
    if (!pz->print_json || !n) return NULL;
    int *zero = NEWN(n, int);
    char *buf = NULL;
    size_t blen = 0;
    FILE *mem = open_memstream(&buf, &blen);
    if (!mem) {
        FREEN(zero, n);
        return NULL;
    }
    pz->print_json(inst, zero, n, mem);
    fclose(mem);
    FREEN(zero, n);
    char **names = NEWN(n, char *);
    size_t k = 0;
    const char *p = buf;
    while (k < n && (p = strchr(p, '"'))) {
        const char *end = strchr(p + 1, '"');
        if (!end) break;
        const char *after = end + 1;
        while (*after == ' ') after++;
        if (*after == ':') {
            size_t len = (size_t)(end - p - 1);
            names[k] = NEWN(len + 1, char);
            memcpy(names[k], p + 1, len);
            k++;
        }
        p = after;
    }
    free(buf); /* open_memstream's */
    if (k != n) {
        for (size_t i = 0; i < k; i++) FREEN(names[i], strlen(names[i]) + 1);
        FREEN(names, n);
        return NULL;
    }
    return names;
}

static void names_free(char **names, size_t n) {
    if (!names) return;
    for (size_t i = 0; i < n; i++) FREEN(names[i], strlen(names[i]) + 1);
    FREEN(names, n);
}

/* The values of a v line, read in order. */
typedef struct vlist {
    char **tok;
    size_t n, at;
} vlist;

/* The next value: an integer (*star 0) or '*' (*star 1: a cell the
 * solver's array has and the instance does not); 0, or -1 with a->problem. */
static int next_value(vlist *v, answer *a, int *value, int *star) {
    if (v->at == v->n) {
        snprintf(a->problem, sizeof a->problem, "the v line has fewer values than names");
        return -1;
    }
    const char *t = v->tok[v->at++];
    char *end;
    long x = strtol(t, &end, 10);
    *star = !strcmp(t, "*");
    if (*star) return 0;
    if (end == t || *end || x < INT_MIN || x > INT_MAX) {
        snprintf(a->problem, sizeof a->problem, "the v line's value '%.40s' is no integer", t);
        return -1;
    }
    *value = (int)x;
    return 0;
}

static void set_var(answer *a, size_t i, int value, unsigned char *given) {
    a->sol[i] = value;
    given[i] = 1;
}

/* Splits s at white space into a token list (pointers into s). */
static char **tokens(char *s, size_t *n) {
    size_t cap = 16;
    char **t = NEWN(cap, char *);
    *n = 0;
    for (char *p = strtok(s, " \t\r\n"); p; p = strtok(NULL, " \t\r\n")) {
        GROW(&t, &cap, *n + 1);
        t[(*n)++] = p;
    }
    /* tokens_free needs the capacity: it is kept in the slot after the last */
    GROW(&t, &cap, *n + 1);
    t[*n] = (char *)(uintptr_t)cap;
    return t;
}

static void tokens_free(char **t, size_t n) {
    size_t cap = (size_t)(uintptr_t)t[n];
    FREEN(t, cap);
}

/* Reads the XCSP3 instantiation in inst_text (the v lines without "v "). */
static void read_instantiation(char *inst_text, char **names, answer *a) {
    char *l = strstr(inst_text, "<list>"), *le = l ? strstr(l, "</list>") : NULL;
    char *v = le ? strstr(le, "<values>") : NULL, *ve = v ? strstr(v, "</values>") : NULL;
    if (!ve) {
        snprintf(a->problem, sizeof a->problem,
                 "the v lines hold no <list>...</list> <values>...</values>");
        return;
    }
    *le = '\0';
    *ve = '\0';
    size_t nn, nv;
    char **nt = tokens(l + 6, &nn), **vt = tokens(v + 8, &nv);
    /* values of the form VxK (K copies of V) expanded */
    size_t vcap = nv + 1, m = 0;
    char **vals = NEWN(vcap, char *);
    for (size_t i = 0; i < nv; i++) {
        char *x = strchr(vt[i], 'x');
        long k = x ? strtol(x + 1, NULL, 10) : 0;
        if (x && k > 0 && k < 10000000) {
            *x = '\0';
            for (long j = 0; j < k; j++) {
                GROW(&vals, &vcap, m + 1);
                vals[m++] = vt[i];
            }
        } else {
            GROW(&vals, &vcap, m + 1);
            vals[m++] = vt[i];
        }
    }
    unsigned char *given = NEWN(a->len ? a->len : 1, unsigned char);
    vlist vl = {vals, m, 0};
    int bad = 0;
    for (size_t i = 0; i < nn && !bad; i++) {
        const char *name = nt[i];
        size_t len = strlen(name);
        int value, star;
        if (len > 2 && !strcmp(name + len - 2, "[]")) { /* an array: all of its cells */
            const char *br = strchr(name, '[');
            size_t base = (size_t)(br - name);
            size_t cells = 0;
            for (size_t k = 0; k < a->len && !bad; k++)
                if (!strncmp(names[k], name, base) && names[k][base] == '[') {
                    cells++;
                    do
                        bad = next_value(&vl, a, &value, &star);
                    while (!bad && star);
                    if (!bad) set_var(a, k, value, given);
                }
            if (!cells && !bad) {
                snprintf(a->problem, sizeof a->problem, "the v line names '%.40s', no array of "
                                                        "the instance", name);
                bad = 1;
            }
            while (!bad && vl.at < vl.n && !strcmp(vl.tok[vl.at], "*")) vl.at++;
            continue;
        }
        size_t k = 0;
        while (k < a->len && strcmp(names[k], name)) k++;
        if (k == a->len) {
            snprintf(a->problem, sizeof a->problem, "the v line names '%.40s', no variable of "
                                                    "the instance", name);
            bad = 1;
        } else if (!(bad = next_value(&vl, a, &value, &star)) && !star) {
            set_var(a, k, value, given);
        }
    }
    if (!bad && vl.at != vl.n)
        snprintf(a->problem, sizeof a->problem, "the v line has more values than names");
    else if (!bad) {
        for (size_t k = 0; k < a->len && !a->problem[0]; k++)
            if (!given[k])
                snprintf(a->problem, sizeof a->problem, "the v line gives no value to %.60s",
                         names[k]);
    }
    if (!a->problem[0]) a->has_sol = 1;
    FREEN(given, a->len ? a->len : 1);
    FREEN(vals, vcap);
    tokens_free(nt, nn);
    tokens_free(vt, nv);
}

/* The XCSP3 competition's lines: s STATUS, o VALUE, v ..., d NAME VALUE. */
static void read_xcsp3(char *out, char **names, stats *st, answer *a) {
    text inst = {0};
    text_add(&inst, "", 0);
    int in_v = 0;
    for (char *line = strtok(out, "\n"); line; line = strtok(NULL, "\n")) {
        size_t n = strlen(line);
        if (n && line[n - 1] == '\r') line[--n] = '\0';
        if (line[0] == 's' && (line[1] == ' ' || line[1] == '\t')) {
            const char *s = line + 2;
            while (*s == ' ') s++;
            a->claim = !strncmp(s, "SATISFIABLE", 11)     ? CLAIM_SAT
                       : !strncmp(s, "OPTIMUM FOUND", 13) ? CLAIM_OPT
                       : !strncmp(s, "UNSATISFIABLE", 13) ? CLAIM_UNSAT
                       : !strncmp(s, "UNSUPPORTED", 11)   ? CLAIM_REFUSED
                                                          : CLAIM_UNKNOWN;
        } else if (line[0] == 'o' && (line[1] == ' ' || line[1] == '\t')) {
            char *end;
            long long v = strtoll(line + 2, &end, 10);
            if (end != line + 2) {
                a->has_o = 1;
                a->o = v;
            }
        } else if (line[0] == 'v' && (line[1] == ' ' || line[1] == '\t' || !line[1])) {
            if (strstr(line, "<instantiation") || !in_v) { /* a new solution */
                inst.len = 0;
                inst.s[0] = '\0';
            }
            in_v = 1;
            text_add(&inst, line + 1, strlen(line + 1));
            text_add(&inst, " ", 1);
        } else if (line[0] == 'd' && line[1] == ' ') {
            char key[64];
            unsigned long long v;
            if (sscanf(line + 2, "%63s %llu", key, &v) == 2) {
                for (char *c = key; *c; c++) *c = (char)tolower((unsigned char)*c);
                int col = stats_find(key);
                if (col >= 0) stats_set(st, col, (uint64_t)v);
            }
        } else {
            in_v = 0;
        }
    }
    if (inst.len && names)
        read_instantiation(inst.s, names, a);
    else if (inst.len)
        snprintf(a->problem, sizeof a->problem, "the puzzle names no variables for v lines");
    text_free(&inst);
}

/* JSON as `searchlab solve --json` prints it: "status", "solution" (an
 * object of names, or numbers in order), "objective", "stats". */
static const char *json_member(const char *s, const char *key) {
    char pat[64];
    snprintf(pat, sizeof pat, "\"%s\"", key);
    const char *p = strstr(s, pat);
    if (!p) return NULL;
    p += strlen(pat);
    while (isspace((unsigned char)*p)) p++;
    if (*p != ':') return NULL;
    p++;
    while (isspace((unsigned char)*p)) p++;
    return p;
}

/* The end of the JSON value at p (a flat scan: brackets and strings). */
static const char *json_end(const char *p) {
    int depth = 0, str = 0;
    for (; *p; p++) {
        if (str) {
            if (*p == '\\' && p[1]) p++;
            else if (*p == '"') str = 0;
            continue;
        }
        if (*p == '"') str = 1;
        else if (*p == '{' || *p == '[') depth++;
        else if (*p == '}' || *p == ']') {
            if (--depth <= 0) return p + 1;
        } else if (depth == 0 && (*p == ',' || *p == '\n')) return p;
    }
    return p;
}

static void read_json(char *out, char **names, stats *st, answer *a) {
    const char *p = json_member(out, "status");
    if (p && *p == '"') {
        char name[32];
        size_t n = strcspn(p + 1, "\"");
        snprintf(name, sizeof name, "%.*s", (int)(n < 31 ? n : 31), p + 1);
        a->json_status = status_find(name);
    }
    if ((p = json_member(out, "objective")) && (isdigit((unsigned char)*p) || *p == '-')) {
        a->has_o = 1;
        a->o = strtoll(p, NULL, 10);
    }
    if ((p = json_member(out, "stats")) && *p == '{') {
        const char *end = json_end(p);
        for (const char *q = p; q < end && (q = strchr(q, '"')) && q < end;) {
            const char *qe = strchr(q + 1, '"');
            if (!qe) break;
            char key[64];
            snprintf(key, sizeof key, "%.*s", (int)((qe - q - 1) < 63 ? qe - q - 1 : 63), q + 1);
            const char *v = qe + 1;
            while (isspace((unsigned char)*v) || *v == ':') v++;
            int col = stats_find(key);
            if (col >= 0 && isdigit((unsigned char)*v))
                stats_set(st, col, strtoull(v, NULL, 10));
            q = qe + 1;
        }
    }
    p = json_member(out, "solution");
    if (!p || !strncmp(p, "null", 4)) return;
    const char *end = json_end(p);
    if (*p == '{') { /* names */
        if (!names) {
            snprintf(a->problem, sizeof a->problem, "a solution of names for a puzzle without");
            return;
        }
        unsigned char *given = NEWN(a->len ? a->len : 1, unsigned char);
        for (const char *q = p + 1; q < end && (q = strchr(q, '"')) && q < end;) {
            const char *qe = strchr(q + 1, '"');
            if (!qe) break;
            size_t len = (size_t)(qe - q - 1), k = 0;
            while (k < a->len && (strlen(names[k]) != len || strncmp(names[k], q + 1, len))) k++;
            const char *v = qe + 1;
            while (isspace((unsigned char)*v) || *v == ':') v++;
            char *ve;
            long x = strtol(v, &ve, 10);
            if (k == a->len || ve == v) {
                snprintf(a->problem, sizeof a->problem, "the solution's member '%.*s' is no "
                         "variable with a number", (int)(len < 40 ? len : 40), q + 1);
                break;
            }
            a->sol[k] = (int)x;
            given[k] = 1;
            q = ve;
        }
        for (size_t k = 0; k < a->len && !a->problem[0]; k++)
            if (!given[k])
                snprintf(a->problem, sizeof a->problem, "the solution gives no value to %.60s",
                         names[k]);
        FREEN(given, a->len ? a->len : 1);
        if (!a->problem[0]) a->has_sol = 1;
        return;
    }
    size_t k = 0; /* numbers in order, however nested */
    for (const char *q = p; q < end;) {
        if (isdigit((unsigned char)*q) || (*q == '-' && isdigit((unsigned char)q[1]))) {
            char *qe;
            long x = strtol(q, &qe, 10);
            if (x < INT_MIN || x > INT_MAX) {
                snprintf(a->problem, sizeof a->problem, "a number out of range: %.30s", q);
                return;
            }
            if (k < a->cap) a->sol[k] = (int)x;
            k++;
            q = qe;
        } else {
            q++;
        }
    }
    if (k > a->cap) {
        snprintf(a->problem, sizeof a->problem, "a solution of %zu values (at most %zu)", k,
                 a->cap);
        return;
    }
    a->len = k;
    a->has_sol = 1;
}

/* The puzzle's own solution format: every number of the output in order
 * (Futoshiki: the grid's rows); "no solution" says unsat. */
static void read_grid(const char *out, answer *a) {
    size_t k = 0;
    for (const char *q = out; *q;) {
        if (isdigit((unsigned char)*q) && (q == out || !isalnum((unsigned char)q[-1]))) {
            char *qe;
            long x = strtol(q, &qe, 10);
            if (x < INT_MIN || x > INT_MAX) {
                snprintf(a->problem, sizeof a->problem, "a number out of range: %.30s", q);
                return;
            }
            if (k < a->cap) a->sol[k] = (int)x;
            k++;
            q = qe;
        } else {
            q++;
        }
    }
    if (k == 0) {
        if (strstr(out, "no solution")) a->claim = CLAIM_UNSAT;
        return;
    }
    if (k > a->cap) {
        snprintf(a->problem, sizeof a->problem, "a board of %zu numbers (at most %zu)", k, a->cap);
        return;
    }
    a->len = k;
    a->has_sol = 1;
}

/* The file's stat.COLUMN extractors on stdout, then stderr (a later match
 * replaces an earlier one). */
static void extract(const outside_solver *o, const char *out, const char *err, stats *st) {
    for (int i = 0; i < o->nstat; i++)
        for (int f = 0; f < 2; f++) {
            const char *s = f ? err : out;
            regmatch_t m[2];
            while (s && *s && !regexec(&o->stat[i].rx, s, 2, m, 0) && m[0].rm_eo >= 0) {
                if (m[1].rm_so >= 0) {
                    char num[32];
                    int len = (int)(m[1].rm_eo - m[1].rm_so);
                    int k = 0; /* thousands separators (1,234) dropped */
                    for (int c = 0; c < len && k < 31; c++)
                        if (s[m[1].rm_so + c] != ',') num[k++] = s[m[1].rm_so + c];
                    num[k] = '\0';
                    char *end;
                    double v = strtod(num, &end);
                    if (end != num && v >= 0 && v < 1.8e19)
                        stats_set(st, o->stat[i].column, (uint64_t)(v + 0.5));
                }
                s += m[0].rm_eo > m[0].rm_so ? m[0].rm_eo : m[0].rm_so + 1;
            }
        }
}

/* The last non-empty line of s, into buf. */
static const char *last_line(const char *s, char *buf, size_t size) {
    size_t n = strlen(s);
    while (n && (s[n - 1] == '\n' || s[n - 1] == '\r')) n--;
    size_t b = n;
    while (b && s[b - 1] != '\n') b--;
    snprintf(buf, size, "%.*s", (int)(n - b), s + b);
    return buf;
}

/* ---- the strategy --------------------------------------------------------------------- */

/* Writes the run's note; returns status. */
static int note(const family_run *r, int status, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static int note(const family_run *r, int status, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    if (r->why && r->why_size) vsnprintf(r->why, r->why_size, fmt, ap);
    va_end(ap);
    return status;
}

static int solve(const puzzle *pz, const void *inst, const strategy_spec *s, const family_run *r,
                 diag *d) {
    const outside_solver *o = outside_solver_find(s->name);
    if (!o) return diag_set(d, "outside solver '%s' is not loaded", s->name);
    /* No file: the driver's check of the spec before the runs (a node
     * limit of 1, no path): the spec is valid, nothing is run. */
    if (!r->path) {
        if (r->lim->node_limit == 1) return STATUS_NODE_LIMIT;
        return diag_set(d, "outside solver '%s': no instance file to give it", o->name);
    }
    char abs[PATH_MAX];
    if (!realpath(r->path, abs)) return diag_set(d, "%s: %s", r->path, strerror(errno));
    char *argv[SOLVER_WORDS_MAX + 1];
    for (int i = 0; i < o->nwords; i++) argv[i] = expand(o, o->words[i], abs, r->lim);
    argv[o->nwords] = NULL;
    text out = {0}, err = {0};
    text_add(&out, "", 0);
    text_add(&err, "", 0);
    ending e;
    int rc = run_command(argv, r->lim, &out, &err, &e, d);
    for (int i = 0; i < o->nwords; i++) xstrfree(argv[i]);
    if (rc) {
        text_free(&out);
        text_free(&err);
        return -1;
    }
    stats st = {0};
    answer a = {.json_status = -1};
    a.cap = pz->sol_cap(inst);
    a.len = a.cap;
    a.sol = NEWN(a.cap ? a.cap : 1, int);
    char **names = o->output == SOLVER_OUT_GRID ? NULL : var_names(pz, inst, a.cap);
    extract(o, out.s, err.s, &st);
    if (o->output == SOLVER_OUT_XCSP3) {
        size_t len = strlen(out.s);
        char *copy = xstrdup(out.s); /* read_xcsp3 cuts it into lines */
        read_xcsp3(copy, names, &st, &a);
        xfree(copy, len + 1);
    } else if (o->output == SOLVER_OUT_JSON)
        read_json(out.s, names, &st, &a);
    else
        read_grid(out.s, &a);
    names_free(names, a.cap);
    st.total_ns = e.wall_ns;
    int status;
    char line[200];
    int sig = WIFSIGNALED(e.status) ? WTERMSIG(e.status) : 0;
    int code = WIFEXITED(e.status) ? WEXITSTATUS(e.status) : -1;
    int cpu_stop = sig == SIGXCPU || (sig == SIGKILL && r->lim->timeout_s > 0 &&
                                      e.cpu_s >= r->lim->timeout_s);
    int objective = 0;
    int64_t value = 0;
    if (a.has_sol && pz->objective) objective = pz->objective(inst, a.sol, a.len, &value);
    if (a.claim == CLAIM_REFUSED || (o->refused_exit > 0 && code == o->refused_exit)) {
        status = note(r, STATUS_REFUSED, "%s refused the instance%s", o->name,
                      a.claim == CLAIM_REFUSED ? ": s UNSUPPORTED" : " (its refused_exit status)");
    } else if (a.problem[0]) {
        status = note(r, STATUS_WRONG, "%s", a.problem);
    } else if (a.has_sol) {
        st.solutions = 1;
        if (!r->on_solution(r->ctx, a.sol, a.len)) /* rejected: dispatch says wrong */
            status = STATUS_WRONG;
        else if (a.has_o && objective && value != a.o)
            status = note(r, STATUS_WRONG, "the o line says %lld, the solution gives %lld",
                          (long long)a.o, (long long)value);
        else if (o->output == SOLVER_OUT_JSON && a.json_status >= 0)
            status = a.json_status == STATUS_OPTIMAL && !objective ? STATUS_SOLVED
                     : a.json_status == STATUS_SOLVED && objective ? STATUS_TIMEOUT
                                                                  : a.json_status;
        else if (objective)
            status = a.claim == CLAIM_OPT ? STATUS_OPTIMAL : STATUS_TIMEOUT; /* unproven */
        else
            status = STATUS_SOLVED;
        if (status == STATUS_UNSAT) /* json's claim beside its solution */
            status = note(r, STATUS_WRONG, "%s claims no solution and prints one", o->name);
    } else if (a.claim == CLAIM_SAT || a.claim == CLAIM_OPT ||
               a.json_status == STATUS_SOLVED || a.json_status == STATUS_OPTIMAL) {
        status = note(r, STATUS_WRONG, "%s claims a solution and prints none", o->name);
    } else if (a.claim == CLAIM_UNSAT || a.json_status == STATUS_UNSAT) {
        status = STATUS_UNSAT;
    } else if (cpu_stop) {
        status = note(r, STATUS_TIMEOUT, "%s stopped at the CPU limit (%.2f s of CPU)", o->name,
                      e.cpu_s);
    } else if (e.wall_killed) {
        status = note(r, STATUS_WALL_TIMEOUT, "%s killed by the wall-clock safety net", o->name);
    } else if (a.claim == CLAIM_UNKNOWN || a.json_status == STATUS_TIMEOUT ||
               a.json_status == STATUS_NODE_LIMIT) {
        status = note(r, STATUS_TIMEOUT, "%s answered UNKNOWN", o->name);
    } else if (sig) {
        status = note(r, STATUS_CRASH, "%s died of signal %d: %s", o->name, sig,
                      last_line(err.s, line, sizeof line));
    } else {
        last_line(err.s, line, sizeof line); /* else stdout's (java's VM errors) */
        if (!line[0]) last_line(out.s, line, sizeof line);
        status = note(r, STATUS_CRASH, "%s gave no answer (exit status %d)%s%s", o->name, code,
                      line[0] ? ": " : "", line);
    }
    stats_merge(r->st, &st);
    FREEN(a.sol, a.cap ? a.cap : 1);
    text_free(&out);
    text_free(&err);
    return status;
}

const spec_family family_outside_command = {
    .name = "outside-command",
    .summary = "commands declared in solver files (--solver FILE), their answers verified by ours",
    .strategy = strategy,
    .keys = keys,
    .solve = solve,
};
