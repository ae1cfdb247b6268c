"""Shelby and Psycho Shelby, the multi-round games of seed 000 (RULINGS S1-S4).

Built on the rules core (:mod:`guts_teach.game`), the ledgers' checks
(:mod:`guts_teach.ledgers`) and the standard library only: the game
engine, its ledger files, the five-card and low hands its rounds play, and seeded bots.
"""
