/* domain.c - the registry of domain representations (CSP_DOMAINS) and the
 * policy that chooses one per variable (the strategy key `domain=`). */
#include "csp.h"

extern const csp_domain_ops csp_domain_bitset, csp_domain_sparse, csp_domain_ranges;

const csp_domain_ops *const csp_domain_ops_of[CSP_DOM_NKINDS] = {
    [CSP_DOM_BITS] = NULL, /* inline in csp.h */
    [CSP_DOM_BITSET] = &csp_domain_bitset,
    [CSP_DOM_SPARSE] = &csp_domain_sparse,
    [CSP_DOM_RANGES] = &csp_domain_ranges,
};

const char *const csp_domain_names[] = {
#define NAME_(e, name, summary) #name,
    CSP_DOMAINS(NAME_)
#undef NAME_
        "auto",
    NULL};

const char *const csp_domain_summaries[] = {
#define SUMMARY_(e, name, summary) summary,
    CSP_DOMAINS(SUMMARY_)
#undef SUMMARY_
        "chosen per variable: bits up to 64 values of span, a bitset up to 4096, "
        "ranges beyond when the values form at most 64 intervals",
    NULL};

int csp_domain_choose(int policy, int64_t span, size_t niv) {
    int dense = span <= CSP_DOM_MAX_DENSE;
    switch (policy) {
    case CSP_DOM_BITS:
        if (span <= CSP_MAX_VALUES) return CSP_DOM_BITS;
        break;
    case CSP_DOM_BITSET:
    case CSP_DOM_SPARSE:
        if (dense) return policy;
        break;
    case CSP_DOM_RANGES:
        return CSP_DOM_RANGES;
    default:
        break;
    }
    /* auto, and the kinds that cannot hold these values */
    if (span <= CSP_MAX_VALUES) return CSP_DOM_BITS;
    if (span <= 4096) return CSP_DOM_BITSET;
    if (niv <= 64 || !dense) return CSP_DOM_RANGES;
    return CSP_DOM_BITSET;
}
