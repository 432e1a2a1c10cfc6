/* status.c - names of the statuses (status.h). */
#include "status.h"

#include "registry.h"

const char *const status_names[STATUS_N + 1] = {
#define STATUS_NAME_(id, name, finished) name,
    STATUS_LIST(STATUS_NAME_)
#undef STATUS_NAME_
        NULL};

static const unsigned char finished_[STATUS_N] = {
#define STATUS_FIN_(id, name, finished) finished,
    STATUS_LIST(STATUS_FIN_)
#undef STATUS_FIN_
};

const char *status_name(run_status s) { return (unsigned)s < STATUS_N ? status_names[s] : "?"; }

int status_find(const char *name) { return names_index(status_names, name); }

int status_finished(run_status s) { return (unsigned)s < STATUS_N && finished_[s]; }
