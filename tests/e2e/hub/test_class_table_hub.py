"""Class tables inside ``guts-teach classroom``, as a JupyterHub service: the hub says who
each visitor is (its own OAuth, no second password). The teacher (the hub's admin) reaches the
teacher's page already signed in; each learner reaches their own seat by their hub name, and
sees their own cards only; a learner never gets the teacher's key; someone not signed in to
the hub is sent to its sign-in."""

from __future__ import annotations

import json
import re
from urllib.parse import parse_qs, urlparse

import pytest
import requests
import websocket
from support.classroom_hub import class_folder, classroom, passwords
from support.learner import Channel, Learner, Outcome

from guts_teach.jupyter.launch import LESSON

SERVICE = "/services/tables/"
JOIN_MY_SEAT = """
import json, websocket
from guts_teach.widgets.class_seat.link import seat_from_hub
seat = seat_from_hub()
assert seat.code == "{code}", seat
connection = websocket.create_connection(seat.socket_url, timeout=30)
connection.send(json.dumps({{"token": seat.token}}))
view = json.loads(connection.recv())["view"]
connection.close()
assert view["you"] == "ana" and view["cards"], view
"""


@pytest.fixture
def folder(tmp_path):
    with class_folder(keep_log=tmp_path) as made:
        yield made


def entrance(person: Learner) -> tuple[str, dict[str, str]]:
    """Where the service's entrance sends a signed-in person (through the hub's OAuth), with
    the button a seated learner presses pressed: the page's path and what the address's
    fragment carries."""
    reply = person.http.get(f"{person.hub}{SERVICE}", timeout=60)
    reply.raise_for_status()
    form = re.search(r'name="_xsrf" value="([^"]+)"', reply.text)
    if form is not None:  # a seat to take: the page's form, as the browser posts it
        reply = person.http.post(f"{person.hub}{SERVICE}", data={"_xsrf": form[1]}, timeout=60)
        reply.raise_for_status()
    landed = urlparse(reply.url)
    return landed.path, {k: v[0] for k, v in parse_qs(landed.fragment).items()}


def socket_view(hub: str, code: str, token: str, wait_for=lambda view: True) -> dict:
    """A seat's view through the hub's proxy, once ``wait_for`` holds."""
    address = hub.replace("http://", "ws://") + f"{SERVICE}api/tables/{code}/play"
    connection = websocket.create_connection(address, timeout=30)
    try:
        connection.send(json.dumps({"token": token}))
        while True:
            message = json.loads(connection.recv())
            assert "error" not in message, message
            if wait_for(message["view"]):
                return message["view"]
    finally:
        connection.close()


def assert_a_visit_makes_no_seat_link(learner: Learner, code: str, token: str) -> None:
    """Opening the entrance makes nothing, nor does a post without the hub's XSRF token (a
    link, a picture or a form on another page): the learner's seat link still plays."""
    looked = learner.http.get(f"{learner.hub}{SERVICE}", timeout=30)
    assert "Take my seat" in looked.text and "#t=" not in looked.url, looked.url
    forged = learner.http.post(f"{learner.hub}{SERVICE}", timeout=30, allow_redirects=False)
    assert forged.status_code == 403, forged.status_code
    assert socket_view(learner.hub, code, token)["you"] == learner.name


def join_my_seat_in_kernel(learner: Learner, code: str) -> list[str]:
    """Run :data:`JOIN_MY_SEAT` in ``learner``'s own kernel; the errors it raised."""
    learner.start_server()
    outcome = Outcome(learner.name)
    channel = Channel(learner, learner.start_kernel(LESSON), 300)
    try:
        learner.execute(channel, JOIN_MY_SEAT.format(code=code), outcome)
    finally:
        channel.close()
    return outcome.errors


def assert_she_joins_the_lobby_signed_in(learner: Learner) -> None:
    """No table seats her yet: the entrance's button joins the class's lobby as the hub says
    she is, with no code to type, and her device's token finds her place there."""
    looked = learner.http.get(f"{learner.hub}{SERVICE}", timeout=30).text
    assert f"Join the class's Guts game, {learner.name}" in looked
    page, fragment = entrance(learner)
    assert page == f"{SERVICE}join" and fragment.get("d"), (page, fragment)
    where = requests.get(
        f"{learner.hub}{SERVICE}api/class/me",
        headers={"Authorization": f"Bearer {fragment['d']}"},
        timeout=30,
    ).json()
    assert where["name"] == learner.name and where["table"] is None


def test_the_hub_seats_each_learner_and_signs_the_teacher_in(folder):
    args = ("--teacher", "mx-lee", "--learners", "ana", "ben", "cy")
    with classroom(folder, *args) as hub:
        shown = passwords(folder)

        stranger = requests.get(f"{hub}{SERVICE}", timeout=60)
        assert urlparse(stranger.url).path == "/hub/login", stranger.url

        teacher = Learner(hub, "mx-lee", shown["mx-lee"])
        teacher.sign_in()
        page, fragment = entrance(teacher)
        assert page == f"{SERVICE}teacher" and fragment.get("k"), (page, fragment)
        html = teacher.http.get(f"{hub}{page}", timeout=30).text
        assert f'href="{SERVICE}static/style.css"' in html and "{{base}}" not in html
        key = {"Authorization": f"Bearer {fragment['k']}"}

        ana = Learner(hub, "ana", shown["ana"])
        ana.sign_in()
        assert_she_joins_the_lobby_signed_in(ana)

        opened = requests.post(
            f"{hub}{SERVICE}api/tables",
            json={"players": ["ana", "ben", "Dev"], "bots": {"Dev": "equilibrium"}, "timer": 60},
            headers=key,
            timeout=30,
        )
        assert opened.status_code == 201, opened.text
        code = opened.json()["code"]

        seats = {}
        for name in ("ana", "ben"):
            person = ana if name == "ana" else Learner(hub, name, shown[name])
            if name != "ana":
                person.sign_in()
            page, fragment = entrance(person)
            assert page == f"{SERVICE}play/{code}", page
            assert "k" not in fragment  # a learner never gets the teacher's key
            seats[name] = fragment["t"]

        cy = Learner(hub, "cy", shown["cy"])
        cy.sign_in()
        page, fragment = entrance(cy)  # not seated: the lobby, until the class is seated
        assert page == f"{SERVICE}join" and set(fragment) == {"d"}
        refused = requests.get(f"{hub}{SERVICE}api/tables", timeout=30)
        assert refused.status_code == 403  # the teacher's API without the key

        dealt = requests.post(f"{hub}{SERVICE}api/tables/{code}/deal", headers=key, timeout=30)
        assert dealt.status_code == 200, dealt.text
        views = {
            name: socket_view(hub, code, token, lambda view: "cards" in view)
            for name, token in seats.items()
        }
        assert views["ana"]["you"] == "ana" and views["ben"]["you"] == "ben"
        assert views["ana"]["cards"] != views["ben"]["cards"]
        assert views["ben"]["cards"] not in json.dumps(views["ana"])

        assert_a_visit_makes_no_seat_link(ana, code, seats["ana"])
        # Taking the seat again gives a new seat link and ends the old one.
        _, again = entrance(ana)
        assert again["t"] != seats["ana"]
        address = hub.replace("http://", "ws://") + f"{SERVICE}api/tables/{code}/play"
        old = websocket.create_connection(address, timeout=30)
        old.send(json.dumps({"token": seats["ana"]}))
        assert "error" in json.loads(old.recv())
        old.close()

        # Her notebook's Join my seat finds the same seat, asked with her server's own token,
        # and its link plays: the socket it names shows her cards.
        assert join_my_seat_in_kernel(ana, code) == []
