"""The number words a learner types for zero to twenty, written out here, apart from the
package's own list, so that a test of how answers are read does not take the package's word
for them."""

from __future__ import annotations

WORDS = [
    "zero",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
    "thirteen",
    "fourteen",
    "fifteen",
    "sixteen",
    "seventeen",
    "eighteen",
    "nineteen",
    "twenty",
]
