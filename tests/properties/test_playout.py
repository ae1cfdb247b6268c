"""Random playouts in the OpenSpiel manner: thousands of deals of random legal moves,
with random illegal moves mixed in, and the invariants checked after every action."""

import random

import pytest

from guts_teach import IllegalActionError, Session, classic, teaching
from guts_teach.game.errors import GutsError


def state(t: Session):
    return (t.pot, t.reserve, t.net, t.dealer, t.deals, t.undeclared, t.in_progress, t.hands)


def try_illegal(table: Session, chooser: random.Random) -> None:
    """Attempt an action that must be refused, and check nothing changed."""
    before = state(table)
    attempts = [
        lambda: table.declare("Nobody", True),
        lambda: table.settle(["Nobody"]),
        lambda: table.start_deal() if table.in_progress else table.settle(),
        lambda: table.declare(table.players[0], True) if not table.in_progress else None,
    ]
    action = chooser.choice(attempts)
    try:
        action()
    except GutsError:
        pass
    else:
        return  # that attempt happened to be a no-op
    assert state(table) == before


@pytest.mark.parametrize("profile", [teaching, classic])
@pytest.mark.parametrize("seed", range(5))
def test_random_playout(profile, seed):
    chooser = random.Random(seed)
    players = [f"P{i}" for i in range(chooser.randint(2, 10))]
    table = Session(
        players,
        rules=profile().replace(reante_when_nobody_in=chooser.random() < 0.5),
        rng=random.Random(seed),
    )
    for _ in range(400):
        try_illegal(table, chooser)
        table.deal_random()
        order = players[:]
        chooser.shuffle(order)
        for player in order:
            try_illegal(table, chooser)
            table.declare(player, chooser.random() < 0.4)
        record = table.settle()
        assert table.conservation_gap() == 0
        assert record.cycle_ended == (table.pot == 0 and table.reserve == 0)
        if chooser.random() < 0.05:
            table.undo()
    assert len(table.deals) > 300
    with pytest.raises(IllegalActionError):
        table.settle()
