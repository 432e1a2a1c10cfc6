/* fzn_eval.h - the checker's evaluators of the FlatZinc builtins
 * (fzn_eval.c), named in the registry fzn_builtins.c: each returns 1 when
 * the solution sol (one value per variable) satisfies c. */
#ifndef SEARCHLAB_FZN_FZN_EVAL_H
#define SEARCHLAB_FZN_FZN_EVAL_H

#include "fzn_inst.h"

int fzn_eval_lin_eq(const fzn_con *c, const int *sol);
int fzn_eval_lin_le(const fzn_con *c, const int *sol);
int fzn_eval_lin_ne(const fzn_con *c, const int *sol);
int fzn_eval_lin_eq_imp(const fzn_con *c, const int *sol);
int fzn_eval_lin_le_imp(const fzn_con *c, const int *sol);
int fzn_eval_lin_ne_imp(const fzn_con *c, const int *sol);
int fzn_eval_eq(const fzn_con *c, const int *sol);
int fzn_eval_ne(const fzn_con *c, const int *sol);
int fzn_eval_le(const fzn_con *c, const int *sol);
int fzn_eval_lt(const fzn_con *c, const int *sol);
int fzn_eval_eq_imp(const fzn_con *c, const int *sol);
int fzn_eval_ne_imp(const fzn_con *c, const int *sol);
int fzn_eval_le_imp(const fzn_con *c, const int *sol);
int fzn_eval_lt_imp(const fzn_con *c, const int *sol);
int fzn_eval_plus(const fzn_con *c, const int *sol);
int fzn_eval_clause(const fzn_con *c, const int *sol);
int fzn_eval_clause_reif(const fzn_con *c, const int *sol);
int fzn_eval_clause_imp(const fzn_con *c, const int *sol);
int fzn_eval_array_and(const fzn_con *c, const int *sol);
int fzn_eval_array_or(const fzn_con *c, const int *sol);
int fzn_eval_array_and_imp(const fzn_con *c, const int *sol);
int fzn_eval_array_or_imp(const fzn_con *c, const int *sol);
int fzn_eval_array_xor(const fzn_con *c, const int *sol);
int fzn_eval_and(const fzn_con *c, const int *sol);
int fzn_eval_or(const fzn_con *c, const int *sol);
int fzn_eval_xor(const fzn_con *c, const int *sol);
int fzn_eval_and_imp(const fzn_con *c, const int *sol);
int fzn_eval_or_imp(const fzn_con *c, const int *sol);
int fzn_eval_xor_imp(const fzn_con *c, const int *sol);
int fzn_eval_not(const fzn_con *c, const int *sol);
int fzn_eval_times(const fzn_con *c, const int *sol);
int fzn_eval_div(const fzn_con *c, const int *sol);
int fzn_eval_mod(const fzn_con *c, const int *sol);
int fzn_eval_pow(const fzn_con *c, const int *sol);
int fzn_eval_abs(const fzn_con *c, const int *sol);
int fzn_eval_min(const fzn_con *c, const int *sol);
int fzn_eval_max(const fzn_con *c, const int *sol);
int fzn_eval_array_min(const fzn_con *c, const int *sol);
int fzn_eval_array_max(const fzn_con *c, const int *sol);
int fzn_eval_element(const fzn_con *c, const int *sol);
int fzn_eval_set_in(const fzn_con *c, const int *sol);
int fzn_eval_set_in_reif(const fzn_con *c, const int *sol);
int fzn_eval_set_in_imp(const fzn_con *c, const int *sol);

/* fzn_eval_global.c */
int fzn_eval_all_different(const fzn_con *c, const int *sol);
int fzn_eval_alldifferent_except(const fzn_con *c, const int *sol);
int fzn_eval_all_equal(const fzn_con *c, const int *sol);
int fzn_eval_table(const fzn_con *c, const int *sol);
int fzn_eval_count_eq(const fzn_con *c, const int *sol);
int fzn_eval_gcc(const fzn_con *c, const int *sol);
int fzn_eval_gcc_closed(const fzn_con *c, const int *sol);
int fzn_eval_regular(const fzn_con *c, const int *sol);
int fzn_eval_circuit(const fzn_con *c, const int *sol);
int fzn_eval_cumulative(const fzn_con *c, const int *sol);
int fzn_eval_bin_packing_load(const fzn_con *c, const int *sol);
int fzn_eval_disjunctive(const fzn_con *c, const int *sol);
int fzn_eval_inverse(const fzn_con *c, const int *sol);
int fzn_eval_lex_less(const fzn_con *c, const int *sol);
int fzn_eval_lex_lesseq(const fzn_con *c, const int *sol);
int fzn_eval_increasing(const fzn_con *c, const int *sol);
int fzn_eval_nvalue(const fzn_con *c, const int *sol);
int fzn_eval_gecode_circuit(const fzn_con *c, const int *sol);
int fzn_eval_inverse_offsets(const fzn_con *c, const int *sol);
int fzn_eval_member(const fzn_con *c, const int *sol);
int fzn_eval_count_imp(const fzn_con *c, const int *sol);
int fzn_eval_nooverlap(const fzn_con *c, const int *sol);
int fzn_eval_count_reif(const fzn_con *c, const int *sol);
int fzn_eval_schedule_unary(const fzn_con *c, const int *sol);
int fzn_eval_gcc_low_up(const fzn_con *c, const int *sol);
int fzn_eval_gcc_low_up_closed(const fzn_con *c, const int *sol);

#endif
