/* fzn_post.h - the post functions of the FlatZinc builtins (fzn_post.c:
 * integers and Booleans; fzn_post_global.c: the globals of our MiniZinc
 * library), named in the registry fzn_builtins.c.  Each posts constraint
 * c into b (fzn_builtin.h) and returns 0, or -1 with d. */
#ifndef SEARCHLAB_FZN_FZN_POST_H
#define SEARCHLAB_FZN_FZN_POST_H

#include "fzn_builtin.h"

/* sum coef[i] * t[i] OP k (OP a csp_sum_op), tied to the control r by
 * mode (csp_reif_mode) when r.var != -2; constants folded. */
int fzn_post_linear(fzn_build *b, const fzn_con *c, const fzn_term *t, const int64_t *coef, int n,
                    int op, int64_t k, fzn_term r, int mode, diag *d);

/* A new variable equal to v (for posts that need distinct variables where
 * the model repeats one). */
int fzn_copy_of(fzn_build *b, int v);

int fzn_post_abs(fzn_build *b, const fzn_con *c, diag *d);
int fzn_post_and(fzn_build *b, const fzn_con *c, diag *d);
int fzn_post_and_imp(fzn_build *b, const fzn_con *c, diag *d);
int fzn_post_array_and(fzn_build *b, const fzn_con *c, diag *d);
int fzn_post_array_and_imp(fzn_build *b, const fzn_con *c, diag *d);
int fzn_post_array_max(fzn_build *b, const fzn_con *c, diag *d);
int fzn_post_array_min(fzn_build *b, const fzn_con *c, diag *d);
int fzn_post_array_or(fzn_build *b, const fzn_con *c, diag *d);
int fzn_post_array_or_imp(fzn_build *b, const fzn_con *c, diag *d);
int fzn_post_array_xor(fzn_build *b, const fzn_con *c, diag *d);
int fzn_post_clause(fzn_build *b, const fzn_con *c, diag *d);
int fzn_post_clause_imp(fzn_build *b, const fzn_con *c, diag *d);
int fzn_post_clause_reif(fzn_build *b, const fzn_con *c, diag *d);
int fzn_post_div(fzn_build *b, const fzn_con *c, diag *d);
int fzn_post_element(fzn_build *b, const fzn_con *c, diag *d);
int fzn_post_eq(fzn_build *b, const fzn_con *c, diag *d);
int fzn_post_eq_imp(fzn_build *b, const fzn_con *c, diag *d);
int fzn_post_le(fzn_build *b, const fzn_con *c, diag *d);
int fzn_post_le_imp(fzn_build *b, const fzn_con *c, diag *d);
int fzn_post_lin_eq(fzn_build *b, const fzn_con *c, diag *d);
int fzn_post_lin_eq_imp(fzn_build *b, const fzn_con *c, diag *d);
int fzn_post_lin_le(fzn_build *b, const fzn_con *c, diag *d);
int fzn_post_lin_le_imp(fzn_build *b, const fzn_con *c, diag *d);
int fzn_post_lin_ne(fzn_build *b, const fzn_con *c, diag *d);
int fzn_post_lin_ne_imp(fzn_build *b, const fzn_con *c, diag *d);
int fzn_post_lt(fzn_build *b, const fzn_con *c, diag *d);
int fzn_post_lt_imp(fzn_build *b, const fzn_con *c, diag *d);
int fzn_post_max(fzn_build *b, const fzn_con *c, diag *d);
int fzn_post_min(fzn_build *b, const fzn_con *c, diag *d);
int fzn_post_mod(fzn_build *b, const fzn_con *c, diag *d);
int fzn_post_ne(fzn_build *b, const fzn_con *c, diag *d);
int fzn_post_ne_imp(fzn_build *b, const fzn_con *c, diag *d);
int fzn_post_not(fzn_build *b, const fzn_con *c, diag *d);
int fzn_post_or(fzn_build *b, const fzn_con *c, diag *d);
int fzn_post_or_imp(fzn_build *b, const fzn_con *c, diag *d);
int fzn_post_plus(fzn_build *b, const fzn_con *c, diag *d);
int fzn_post_pow(fzn_build *b, const fzn_con *c, diag *d);
int fzn_post_set_in(fzn_build *b, const fzn_con *c, diag *d);
int fzn_post_set_in_imp(fzn_build *b, const fzn_con *c, diag *d);
int fzn_post_set_in_reif(fzn_build *b, const fzn_con *c, diag *d);
int fzn_post_times(fzn_build *b, const fzn_con *c, diag *d);
int fzn_post_xor(fzn_build *b, const fzn_con *c, diag *d);
int fzn_post_xor_imp(fzn_build *b, const fzn_con *c, diag *d);

/* fzn_post_global.c */
int fzn_post_all_different(fzn_build *b, const fzn_con *c, diag *d);
int fzn_post_alldifferent_except(fzn_build *b, const fzn_con *c, diag *d);
int fzn_post_all_equal(fzn_build *b, const fzn_con *c, diag *d);
int fzn_post_table(fzn_build *b, const fzn_con *c, diag *d);
int fzn_post_count_eq(fzn_build *b, const fzn_con *c, diag *d);
int fzn_post_gcc(fzn_build *b, const fzn_con *c, diag *d);
int fzn_post_gcc_closed(fzn_build *b, const fzn_con *c, diag *d);
int fzn_post_regular(fzn_build *b, const fzn_con *c, diag *d);
int fzn_post_circuit(fzn_build *b, const fzn_con *c, diag *d);
int fzn_post_cumulative(fzn_build *b, const fzn_con *c, diag *d);
int fzn_post_bin_packing_load(fzn_build *b, const fzn_con *c, diag *d);
int fzn_post_disjunctive(fzn_build *b, const fzn_con *c, diag *d);
int fzn_post_inverse(fzn_build *b, const fzn_con *c, diag *d);
int fzn_post_lex_less(fzn_build *b, const fzn_con *c, diag *d);
int fzn_post_lex_lesseq(fzn_build *b, const fzn_con *c, diag *d);
int fzn_post_increasing(fzn_build *b, const fzn_con *c, diag *d);
int fzn_post_nvalue(fzn_build *b, const fzn_con *c, diag *d);
/* Gecode's own constraints (gecode-compat's FlatZinc): read so that an
 * outside solver's answers are checked; searchlab does not solve with
 * them (-1 with d naming the constraint). */
int fzn_post_check_only(fzn_build *b, const fzn_con *c, diag *d);

#endif
