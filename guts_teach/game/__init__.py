"""The rules core: cards and hands, the rules, money and settlement, the showdown, the deal
and session state machine, and the records that tell each deal.

- :mod:`.cards`: cards, decks, two- and three-card hands and their comparison;
- :mod:`.play`: the session a table plays, its state, bookkeeping and listeners;
- the modules here: the frozen :class:`~.rules.Rules` and profiles, exact money, settlement,
  the showdown's pure decision, records and their narration, the words they use, errors.

Standard library only, and nothing else of the package: every other layer (the club's
ledgers, the Shelby games, the strategy lab, the lessons) and every adapter (widgets,
workbook, CLI) is built on it. See ARCHITECTURE.md for the layers and the import rule.
"""
