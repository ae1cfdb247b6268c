"""What the widgets are made of: their look (:mod:`.style`: buttons that are real buttons,
panels, progress bars, text stand-ins), keyboard and screen-reader access (:mod:`.access`),
sentences without rule codes (:mod:`.codes`), pages turned by buttons (:mod:`.pages`), card
pictures (:mod:`.pictures`) and the deck's colours (:mod:`.deck`), presses that wait for the
keys typed before them (:mod:`.settled`), and the Shelby table's HTML (:mod:`.shelby_view`,
:mod:`.shelby_rounds`)."""
