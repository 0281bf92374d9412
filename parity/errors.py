"""Errors raised by the parity harness.

``ParityError`` is the base; the command line prints any of them as one line on stderr and
exits with status 2, never with a traceback.

    ParityError
    ├── HeaderError     a malformed or conflicting ``parity:`` header
    ├── ScenarioError   an unknown scenario filter, a missing or unreadable recording
    └── RecorderError   Node.js, npm or the recorder's node_modules missing or failing
"""

from __future__ import annotations

__all__ = ["HeaderError", "ParityError", "RecorderError", "ScenarioError"]


class ParityError(Exception):
    """Base class of every error the parity harness reports to a user.

    Parameters
    ----------
    message
        What was wrong, where, and what was received.
    hint
        Optional next step for the user (what to install or run).
    """

    def __init__(self, message: str, *, hint: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.hint = hint

    def one_line(self) -> str:
        """The message and hint joined on a single line (for stderr)."""
        text = " ".join(self.message.split())
        if self.hint:
            text += f" ({' '.join(self.hint.split())})"
        return text


class HeaderError(ParityError):
    """A ``parity:`` header is not a JSON object of known settings, or two headers conflict."""


class ScenarioError(ParityError):
    """A scenario filter matched nothing, or a scenario's files are missing or unreadable."""


class RecorderError(ParityError):
    """Node.js/npm are missing, the recorder is not installed, or a recording failed."""
