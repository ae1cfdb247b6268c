"""A run builds only the parser of the command it names; that parser says exactly
what the whole one says: each command's help, its errors, and the top level's."""

import pytest

from guts_teach.cli.options import COMMANDS, parser


def said(build, argv, capsys):
    with pytest.raises(SystemExit) as stopped:
        build.parse_args(argv)
    out, err = capsys.readouterr()
    return stopped.value.code, out, err


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_one_commands_help_is_the_whole_parsers(name, capsys):
    alone = said(parser(name), [name, "--help"], capsys)
    assert alone == said(parser(), [name, "--help"], capsys)
    assert alone[0] == 0 and f"usage: guts-teach {name}" in alone[1]


@pytest.mark.parametrize(
    "argv",
    [
        ["replay"],
        ["replay", "L.json", "--jsn"],
        ["odds", "Qs Qh"],
        ["strategy", "--players", "many"],
        ["workbook", "nothing"],
    ],
)
def test_one_commands_errors_are_the_whole_parsers(argv, capsys):
    alone = said(parser(argv[0]), argv, capsys)
    assert alone == said(parser(), argv, capsys)
    assert alone[0] == 2 and alone[2].startswith("usage: guts-teach ")


def test_anything_else_gets_every_command(capsys):
    assert parser("--help").format_help() == parser().format_help() == parser(None).format_help()
    code, _, err = said(parser("reply"), ["reply"], capsys)
    assert code == 2 and "invalid choice: 'reply'" in err and "'replay'" in err
    assert all(name in parser().format_help() for name in ("replay", "strategy", "rank"))


def test_present_class_serves_the_class_deck():
    """Issue 23, item 3: ``present --class`` is the 45-minute deck; plain ``present`` the lesson."""
    from guts_teach.cli.options import parser

    assert parser().parse_args(["present", "--class"]).notebook == "00_class.ipynb"
    assert parser().parse_args(["present"]).notebook == "01_lesson.ipynb"
