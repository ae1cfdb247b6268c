"""Cards and hands: the deck (:mod:`.deck`), two-card hands and their ranking (:mod:`.hands`,
R1), three-card hands (:mod:`.three_cards`, V6) and comparing any of them in words
(:mod:`.compare`)."""
