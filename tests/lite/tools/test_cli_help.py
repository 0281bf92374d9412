"""Every ``lite-anim`` subcommand has ``--help`` with an example; bad usage is one line."""

from __future__ import annotations

import pytest

from tests.lite.tools._cli_util import assert_one_line_failure, run_cli

COMMANDS = ("demo", "inspect", "bake", "plot", "plot-easing", "render", "parity", "bench")
#: ``lite-anim parity`` is the parity harness's own parser (parity/cli.py), not built here.
WITH_EXAMPLE = tuple(c for c in COMMANDS if c != "parity")


@pytest.mark.parametrize("command", COMMANDS)
def test_every_subcommand_has_help_with_an_example(command: str) -> None:
    result = run_cli(command, "--help")
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith(f"usage: lite-anim {command}")
    assert "Traceback" not in result.stderr
    if command in WITH_EXAMPLE:
        assert "example:" in result.stdout


def test_top_level_help_lists_every_subcommand() -> None:
    result = run_cli("--help")
    assert result.returncode == 0
    for command in COMMANDS:
        assert command in result.stdout


def test_unknown_subcommand_is_one_line() -> None:
    assert_one_line_failure(run_cli("frobnicate"), "invalid choice", "lite-anim --help")


def test_missing_argument_is_one_line() -> None:
    assert_one_line_failure(run_cli("bake", "--fps"), "lite-anim bake", "expected one argument")


def test_unknown_option_is_one_line() -> None:
    assert_one_line_failure(run_cli("plot-easing", "--colour", "red"), "unrecognized arguments")
