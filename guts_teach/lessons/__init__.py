"""Teaching material: the documents' worked examples, stepping through them, the quiz, the
scene a table picture shows.

Built on the layers below (the rules core, the Shelby games, the strategy lab) and the
standard library only; the widgets and the CLI present it.
"""
