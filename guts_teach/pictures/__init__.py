"""Pictures without a plotting library: cards, hands and the table as SVG (:mod:`.svg`), the
lessons' charts (:mod:`.charts`) and their colours (:mod:`.colours`)."""
