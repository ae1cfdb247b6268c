"""A club's books: ledgers (:mod:`.ledger`) and their files (:mod:`.ledger_file`), replaying
them into a session (:mod:`.replay`), seasons of evenings (:mod:`.season`, R12) and their
files (:mod:`.season_file`), and settling up at the end (:mod:`.settle_up`).

Built on the rules core (:mod:`guts_teach.game`) and the standard library only.
"""
