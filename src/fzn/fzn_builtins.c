/* fzn_builtins.c - the registry of the FlatZinc builtins (fzn_builtin.h):
 * one line each, the name, its arguments ('s' scalar, 'a' array, 'c'
 * array of integers within 32 bits, 'S' constant set, 'b' Boolean scalar,
 * 'B' array of Booleans), the post function (fzn_post*.c) and the
 * evaluator (fzn_eval.c).  The Boolean forms share the integer ones (true is 1). */
#include <string.h>

#include "fzn_builtin.h"
#include "fzn_eval.h"
#include "fzn_post.h"

#define FZN_BUILTINS(X)                                                                            \
    X("int_lin_eq", "cas", lin_eq, lin_eq)                                                         \
    X("int_lin_le", "cas", lin_le, lin_le)                                                         \
    X("int_lin_ne", "cas", lin_ne, lin_ne)                                                         \
    X("int_lin_eq_reif", "casb", lin_eq, lin_eq)                                                   \
    X("int_lin_le_reif", "casb", lin_le, lin_le)                                                   \
    X("int_lin_ne_reif", "casb", lin_ne, lin_ne)                                                   \
    X("int_lin_eq_imp", "casb", lin_eq_imp, lin_eq_imp)                                            \
    X("int_lin_le_imp", "casb", lin_le_imp, lin_le_imp)                                            \
    X("int_lin_ne_imp", "casb", lin_ne_imp, lin_ne_imp)                                            \
    X("bool_lin_eq", "cBs", lin_eq, lin_eq)                                                        \
    X("bool_lin_le", "cBs", lin_le, lin_le)                                                        \
    X("int_eq", "ss", eq, eq)                                                                      \
    X("int_ne", "ss", ne, ne)                                                                      \
    X("int_le", "ss", le, le)                                                                      \
    X("int_lt", "ss", lt, lt)                                                                      \
    X("int_eq_reif", "ssb", eq, eq)                                                                \
    X("int_ne_reif", "ssb", ne, ne)                                                                \
    X("int_le_reif", "ssb", le, le)                                                                \
    X("int_lt_reif", "ssb", lt, lt)                                                                \
    X("int_eq_imp", "ssb", eq_imp, eq_imp)                                                         \
    X("int_ne_imp", "ssb", ne_imp, ne_imp)                                                         \
    X("int_le_imp", "ssb", le_imp, le_imp)                                                         \
    X("int_lt_imp", "ssb", lt_imp, lt_imp)                                                         \
    X("bool_eq", "bb", eq, eq)                                                                     \
    X("bool_ne", "bb", ne, ne)                                                                     \
    X("bool_le", "bb", le, le)                                                                     \
    X("bool_lt", "bb", lt, lt)                                                                     \
    X("bool_eq_reif", "bbb", eq, eq)                                                               \
    X("bool_ne_reif", "bbb", ne, ne)                                                               \
    X("bool_le_reif", "bbb", le, le)                                                               \
    X("bool_lt_reif", "bbb", lt, lt)                                                               \
    X("bool_eq_imp", "bbb", eq_imp, eq_imp)                                                        \
    X("bool_ne_imp", "bbb", ne_imp, ne_imp)                                                        \
    X("bool_le_imp", "bbb", le_imp, le_imp)                                                        \
    X("bool_lt_imp", "bbb", lt_imp, lt_imp)                                                        \
    X("bool2int", "bs", eq, eq)                                                                    \
    X("bool_not", "bb", not, not )                                                                 \
    X("bool_and", "bbb", and, and)                                                                 \
    X("bool_or", "bbb", or, or)                                                                    \
    X("bool_xor", "bbb", xor, xor)                                                                 \
    X("bool_and_imp", "bbb", and_imp, and_imp)                                                     \
    X("bool_or_imp", "bbb", or_imp, or_imp)                                                        \
    X("bool_xor_imp", "bbb", xor_imp, xor_imp)                                                     \
    X("bool_clause", "BB", clause, clause)                                                         \
    X("bool_clause_reif", "BBb", clause_reif, clause_reif)                                         \
    X("bool_clause_imp", "BBb", clause_imp, clause_imp)                                            \
    X("array_bool_and", "Bb", array_and, array_and)                                                \
    X("array_bool_or", "Bb", array_or, array_or)                                                   \
    X("array_bool_and_imp", "Bb", array_and_imp, array_and_imp)                                    \
    X("array_bool_or_imp", "Bb", array_or_imp, array_or_imp)                                       \
    X("array_bool_xor", "B", array_xor, array_xor)                                                 \
    X("int_plus", "sss", plus, plus)                                                               \
    X("int_times", "sss", times, times)                                                            \
    X("int_div", "sss", div, div)                                                                  \
    X("int_mod", "sss", mod, mod)                                                                  \
    X("int_pow", "sss", pow, pow)                                                                  \
    X("int_abs", "ss", abs, abs)                                                                   \
    X("int_min", "sss", min, min)                                                                  \
    X("int_max", "sss", max, max)                                                                  \
    X("array_int_minimum", "sa", array_min, array_min)                                             \
    X("array_int_maximum", "sa", array_max, array_max)                                             \
    X("array_int_element", "sas", element, element)                                                \
    X("array_bool_element", "sBb", element, element)                                               \
    X("array_var_int_element", "sas", element, element)                                            \
    X("array_var_bool_element", "sBb", element, element)                                           \
    X("set_in", "sS", set_in, set_in)                                                              \
    X("set_in_reif", "sSb", set_in_reif, set_in_reif)                                              \
    X("set_in_imp", "sSb", set_in_imp, set_in_imp)                                                 \
    /* the globals of share/searchlab/mznlib */                                                    \
    X("fzn_all_different_int", "a", all_different, all_different)                                  \
    X("fzn_alldifferent_except", "aS", alldifferent_except, alldifferent_except)                   \
    X("fzn_all_equal_int", "a", all_equal, all_equal)                                              \
    X("searchlab_table_int", "ac", table, table)                                                   \
    X("fzn_count_eq", "ass", count_eq, count_eq)                                                   \
    X("fzn_global_cardinality", "aca", gcc, gcc)                                                   \
    X("fzn_global_cardinality_closed", "aca", gcc_closed, gcc_closed)                              \
    X("searchlab_regular", "asscsS", regular, regular)                                             \
    X("searchlab_circuit", "as", circuit, circuit)                                                 \
    X("fzn_cumulative", "aaas", cumulative, cumulative)                                            \
    X("fzn_disjunctive", "aa", disjunctive, disjunctive)                                           \
    X("searchlab_inverse", "aass", inverse, inverse)                                               \
    X("fzn_lex_less_int", "aa", lex_less, lex_less)                                                \
    X("fzn_lex_lesseq_int", "aa", lex_lesseq, lex_lesseq)                                          \
    X("fzn_increasing_int", "a", increasing, increasing)                                           \
    X("fzn_nvalue", "sa", nvalue, nvalue)                                                          \
    X("searchlab_bin_packing_load", "aacs", bin_packing_load, bin_packing_load)                    \
    /* Gecode's, as gecode-compat's library leaves them (checked only) */                          \
    X("gecode_all_different_int", "a", check_only, all_different)                                  \
    X("gecode_table_int", "ac", check_only, table)                                                 \
    X("gecode_regular", "asscsS", check_only, regular)                                             \
    X("gecode_count", "ass", check_only, count_eq)                                                 \
    X("gecode_count_imp", "assb", check_only, count_imp)                                           \
    X("gecode_global_cardinality", "aca", check_only, gcc)                                         \
    X("gecode_global_cardinality_closed", "aca", check_only, gcc_closed)                           \
    X("gecode_cumulatives", "aaas", check_only, cumulative)                                        \
    X("gecode_bin_packing_load", "aacs", check_only, bin_packing_load)                             \
    X("gecode_circuit", "sa", check_only, gecode_circuit)                                          \
    X("inverse_offsets", "asas", check_only, inverse_offsets)                                      \
    X("array_int_lt", "aa", check_only, lex_less)                                                  \
    X("array_bool_lq", "BB", check_only, lex_lesseq)                                               \
    X("gecode_member_int", "as", check_only, member)                                               \
    X("gecode_nooverlap", "aaaa", check_only, nooverlap)                                           \
    X("gecode_count_reif", "assb", check_only, count_reif)                                         \
    X("gecode_int_pow", "sss", check_only, pow)                                                    \
    X("gecode_schedule_unary", "ac", check_only, schedule_unary)                                   \
    X("gecode_nvalue", "sa", check_only, nvalue)                                                   \
    X("gecode_increasing_int", "a", check_only, increasing)                                        \
    X("gecode_all_equal_int", "a", check_only, all_equal)                                          \
    X("gecode_global_cardinality_low_up", "accc", check_only, gcc_low_up)                          \
    X("gecode_global_cardinality_low_up_closed", "accc", check_only, gcc_low_up_closed)            \
    X("array_int_lq", "aa", check_only, lex_lesseq)                                                \
    X("array_bool_lt", "BB", check_only, lex_less)

#define ROW_(name, sig, post, eval) {name, sig, fzn_post_##post, fzn_eval_##eval},
const fzn_builtin fzn_builtins[] = {FZN_BUILTINS(ROW_){NULL, NULL, NULL, NULL}};
#undef ROW_

const fzn_builtin *fzn_builtin_find(const char *name, size_t len) {
    for (const fzn_builtin *b = fzn_builtins; b->name; b++)
        if (strlen(b->name) == len && !memcmp(b->name, name, len)) return b;
    return NULL;
}
