"""pandas views of a season (R12): evenings by players, and the season standings."""

import math

from support.paths import AUTUMN

from guts_teach.frames import season_frame, season_standings_frame
from guts_teach.ledgers.season import evening_results, histories, season_standings, season_totals
from guts_teach.ledgers.season_file import load_season

SAMPLE = AUTUMN


def test_the_season_frame_has_an_evening_a_row_and_a_player_a_column_exactly():
    season = load_season(SAMPLE)
    frame = season_frame(season)
    assert list(frame.index) == [e.label for e in season.evenings]
    assert list(frame.columns) == list(season.players)
    results = evening_results(season)
    for label, row in frame.iterrows():
        assert {p: v for p, v in row.items() if v is not None} == results[label]
    totals = {p: sum(v for v in frame[p] if v is not None) for p in frame.columns}
    assert totals == season_totals(season)


def test_the_float_frame_leaves_absent_players_as_nan_for_plotting():
    season = load_season(SAMPLE)
    frame = season_frame(season, exact=False)
    assert math.isnan(frame.loc["2026-11-12", "Ben"])
    assert frame.loc["2026-11-05", "Cleo"] == -3.0


def test_the_season_standings_frame():
    season = load_season(SAMPLE)
    frame = season_standings_frame(season)
    assert list(frame.columns) == ["place", "player", "total", "evenings"]
    assert frame.to_dict("records") == [
        {
            "place": s.place,
            "player": s.player,
            "total": s.balance,
            "evenings": len(histories(season)[s.player]),
        }
        for s in season_standings(season)
    ]
