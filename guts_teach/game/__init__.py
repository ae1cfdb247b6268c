"""The rules core: cards, hands, rules, the deal and session state machine, records, ledgers.

Standard library only, and nothing else of the package: every other layer (the Shelby games,
the strategy lab, the lessons) and every adapter (widgets, workbook, CLI) is built on it.
See ARCHITECTURE.md for the layers and the import rule.
"""
