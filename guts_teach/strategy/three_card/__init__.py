"""Three-card Guts (V6): a hand's odds (:mod:`.odds`) and the heads-up game against a
threshold, with its exact equilibrium (:mod:`.equilibrium`) and the command line's report of
it under the order options (:mod:`.report`)."""
