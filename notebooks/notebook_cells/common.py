"""The first code cell that the lesson and the try-hands notebooks share."""

SETUP = """\
from guts_teach.lessons import example
from guts_teach.widgets import ExampleStepper, HandComparer, RulesPicker, SettlementQuiz, follow"""
