"""Presses that act on what the boxes hold when pressed, never on a half-typed value.

A text box sends the kernel its value as it is typed, but ipywidgets' browser side sends a
box's next value only once the kernel has finished with its last one (its message throttle):
whatever is typed meanwhile is held back in the browser. A button's press, or Enter in a box,
is sent at once. So a learner who typed "523" and pressed Check straight away had the kernel
see "5", then the press, then "523": the quiz marked "5".

:class:`Settled` makes the kernel wait for the browser: a press asks the browser for an
answer, through a link made in the browser (:func:`ipywidgets.jsdlink`), and is acted on when
the answer comes back. The browser sends its held-back values as soon as the kernel has
finished with the last ones, which is before it reads the question, so by the time the answer
arrives every value typed before the press has arrived too. In Python, with no browser, a
button's ``click()`` acts at once, as nothing can be held back.

>>> done = []
>>> settled = Settled()
>>> settled.then(lambda: done.append("marked"))
>>> done  # the browser has not answered yet
[]
>>> settled.answered.value = settled.asked.value  # what the browser's link does
>>> done
['marked']
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import ipywidgets as widgets


class Settled:
    """A round trip to the browser: :meth:`then` runs an action once the browser has sent
    the kernel everything it held back when the action was asked for. Its two counters are
    never shown; the browser copies ``asked`` to ``answered``."""

    def __init__(self) -> None:
        self.asked = widgets.IntText(value=0)
        self.answered = widgets.IntText(value=0)
        self._link = widgets.jsdlink((self.asked, "value"), (self.answered, "value"))
        self._waiting: list[tuple[int, Callable[[], object]]] = []
        self.answered.observe(self._on_answer, "value")

    def then(self, action: Callable[[], object]) -> None:
        """Run ``action`` once the browser has answered (each action once, in order)."""
        number = self.asked.value + 1
        self._waiting.append((number, action))
        self.asked.value = number

    def _on_answer(self, change: dict[str, Any]) -> None:
        answered = change["new"]
        due = [action for number, action in self._waiting if number <= answered]
        self._waiting = [(n, action) for n, action in self._waiting if n > answered]
        for action in due:
            action()


class SettledButton(widgets.Button):  # type: ignore[misc]
    """A button whose press in the browser takes effect once ``settled`` has heard back from
    the browser, so after every key typed before it; ``click()`` from Python acts at once."""

    def __init__(self, settled: Settled, **kwargs: Any) -> None:
        self._settled = settled
        super().__init__(**kwargs)

    def _handle_button_msg(self, _: Any, content: dict[str, Any], buffers: Any) -> None:
        if content.get("event", "") == "click":
            self._settled.then(self.click)
