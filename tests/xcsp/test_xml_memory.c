/* test_xml_memory.c - libxml2 out of memory inside the XCSP3 reader is
 * an out-of-memory death (xmalloc's message, then abort), which the
 * driver records as a memout, not a bad file or a crash (issue 27, item
 * 9).  A child process reads a table of 8 MB with libxml2's allocator
 * made to refuse any block over 1 MiB; the parent checks how it died. */
#include <libxml/xmlmemory.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "check.h"
#include "xcsp/xcsp.h"

static void *small_malloc(size_t n) { return n > (1 << 20) ? NULL : malloc(n); }
static void *small_realloc(void *p, size_t n) { return n > (1 << 20) ? NULL : realloc(p, n); }
static char *plain_strdup(const char *s) { return strdup(s); }

/* The child: reads the instance with the small allocator; exit 0 when the
 * reader returned (what it must not do), 3 when it returned NULL. */
static int child(const char *text, size_t len) {
    xmlMemSetup(free, small_malloc, small_realloc, plain_strdup);
    diag d = {{0}};
    xcsp_inst *in = xcsp_read(text, len, "big.xml", &d);
    if (in) {
        xcsp_inst_free(in);
        return 0;
    }
    fprintf(stderr, "%s\n", d.msg);
    return 3;
}

int main(void) {
    const char *head = "<instance format=\"XCSP3\" type=\"CSP\">\n<variables><var id=\"x\"> 0..9 "
                       "</var><var id=\"y\"> 0..9 </var></variables>\n<constraints><extension>"
                       "<list> x y </list><supports>";
    const char *tail = "</supports></extension></constraints>\n</instance>\n";
    size_t n = 8 << 20, hl = strlen(head), tl = strlen(tail), len = hl + n + tl;
    char *text = malloc(len);
    memcpy(text, head, hl);
    for (size_t i = 0; i < n; i += 5) memcpy(text + hl + i, "(0,1)", 5);
    memcpy(text + hl + n, tail, tl);
    int pipefd[2];
    CHECK(pipe(pipefd) == 0);
    pid_t pid = fork();
    if (pid == 0) {
        dup2(pipefd[1], 2);
        close(pipefd[0]);
        _exit(child(text, len));
    }
    close(pipefd[1]);
    char err[4096];
    size_t got = 0;
    ssize_t r;
    while (got + 1 < sizeof err && (r = read(pipefd[0], err + got, sizeof err - 1 - got)) > 0)
        got += (size_t)r;
    err[got] = '\0';
    int status = 0;
    waitpid(pid, &status, 0);
    CHECK_MSG(WIFSIGNALED(status) && WTERMSIG(status) == SIGABRT,
              "expected an abort, got %s %d; stderr: %s",
              WIFSIGNALED(status) ? "signal" : "exit status",
              WIFSIGNALED(status) ? WTERMSIG(status) : WEXITSTATUS(status), err);
    CHECK_MSG(strstr(err, "(out of memory)") != NULL, "stderr: %s", err);
    free(text);
    return CHECK_DONE();
}
