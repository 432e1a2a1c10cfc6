/* changes.c - the changes since a mark, read from the trail (see
 * changes.h): the one reader of the trail's encoding outside the engine's
 * undo. */
#include "changes.h"

int csp_change_at(const csp *p, size_t i, csp_change *ch) {
    int entry = p->trail.e[i].var;
    if (entry == CSP_TRAIL_SAVED) return 0;
    if (entry >= 0) { /* the word of a bits variable */
        *ch = (csp_change){.var = entry, .bits = 1, .before = p->trail.e[i].old};
        return 1;
    }
    int v = CSP_TRAIL_VDOM - entry;
    *ch = (csp_change){.var = v, .size_before = csp_size(p, v)};
    for (size_t j = i; j < p->trail.len; j++) /* word 1 of a representation is its size */
        if (p->trail.e[j].var == entry && p->trail.e[j].idx == 1) {
            ch->size_before = (int64_t)p->trail.e[j].old;
            break;
        }
    return 1;
}
