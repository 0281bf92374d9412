"""Progress of the long ``lite-anim`` commands: a tqdm bar on a terminal, plain lines elsewhere.

Not a port. Every long step of the command line (bake's frames, files and JSON write, plot's
channels, render's sampling and drawing, parity's scenarios, bench's runs) reports through
:class:`Progress`, so the policy lives in one place:

- stderr is a terminal: a tqdm bar (redrawn in place);
- stderr is a pipe or a log file: plain lines, ``render Fox.glb: 8/16 frames (50%)``, one
  each time another tenth of the work is done (bounded by the count, never by a clock), so a
  log shows that the work moves without filling up with carriage returns;
- ``enabled=False`` (``--no-progress``): nothing.

:meth:`Progress.stage` names the phase that follows (``writing Fox.Walk.json``) as a line of
its own, so a phase without a count (a large JSON write) is never silent.
"""

from __future__ import annotations

import sys
from typing import IO, Any, Final

__all__ = ["PLAIN_STEPS", "Progress"]

#: Plain-line mode prints one line per this many equal parts of the work (tenths).
PLAIN_STEPS: Final = 10


class Progress:
    """A progress report over ``total`` units of work, on stderr.

    Parameters
    ----------
    total
        Units of work (frames, files, channels, scenarios).
    desc
        What is being done, e.g. ``"bake Fox.glb:Walk"``.
    unit
        The unit's name, singular (``"frame"``).
    enabled
        None: a bar on a terminal, plain lines otherwise; True: the same; False: silent.
    stream
        Where to write (default ``sys.stderr``, looked up when the report starts).

    Examples
    --------
    >>> import io
    >>> out = io.StringIO()
    >>> with Progress(4, "bake", "file", stream=out) as p:
    ...     for _ in range(4):
    ...         p.update()
    >>> print(out.getvalue().strip())
    bake: 1/4 files (25%)
    bake: 2/4 files (50%)
    bake: 3/4 files (75%)
    bake: 4/4 files (100%)
    """

    def __init__(
        self,
        total: int,
        desc: str,
        unit: str = "step",
        enabled: bool | None = None,
        stream: IO[str] | None = None,
    ) -> None:
        self.total = max(int(total), 0)
        self.desc = desc
        self.unit = unit
        self.done = 0
        self._stream = stream if stream is not None else sys.stderr
        self._enabled = enabled is not False
        self._bar: Any = None
        self._last_step = 0
        if self._enabled and _is_terminal(self._stream):
            from tqdm import tqdm  # type: ignore[import-untyped,unused-ignore]

            self._bar = tqdm(total=self.total, desc=desc, unit=unit, file=self._stream, leave=False)

    @property
    def plain(self) -> bool:
        """Whether this report writes plain lines (enabled, and not on a terminal)."""
        return self._enabled and self._bar is None

    def update(self, n: int = 1) -> None:
        """Count ``n`` more units done."""
        self.done = min(self.done + n, self.total) if self.total else self.done + n
        if self._bar is not None:
            self._bar.update(n)
        elif self._enabled and self.total:
            step = self.done * PLAIN_STEPS // self.total
            if step > self._last_step:
                self._last_step = step
                pct = 100 * self.done // self.total
                plural = self.unit if self.total == 1 else self.unit + "s"
                self._line(f"{self.desc}: {self.done}/{self.total} {plural} ({pct}%)")

    def __call__(self, n: int) -> None:
        """Same as :meth:`update` (a ``progress(n)`` callback)."""
        self.update(n)

    def stage(self, text: str) -> None:
        """Announce the next phase (``writing Fox.Walk.json``): the bar's postfix on a
        terminal, a line of its own otherwise."""
        if self._bar is not None:
            self._bar.set_postfix_str(text, refresh=True)
        elif self._enabled:
            self._line(f"{self.desc}: {text}")

    def close(self) -> None:
        """End the report (the bar is cleared)."""
        if self._bar is not None:
            self._bar.close()
            self._bar = None

    def __enter__(self) -> Progress:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _line(self, text: str) -> None:
        print(text, file=self._stream, flush=True)


def _is_terminal(stream: IO[str]) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):
        return False
