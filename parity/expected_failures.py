"""Recorded scenarios whose port is known not to match Babylon yet, in one place.

Issue 29 ("ports that change things while they play") added recorded Babylon.js 9.31 scenarios
(``compat_midplay_*``, ``compat_render_skeletons``) before the runtime fixes that make them pass:
they record what Babylon does when a script changes keys, timing, easing, objects, weights or
masks while an animation plays, and what ``scene.render()`` does to skeletons. Until those
fixes are merged, the pytest wrappers (``parity/test_scenarios.py`` and
``tests/lite/batch/test_batch_parity.py``) mark the scenarios listed here as expected failures
(``xfail(strict=True)``): a listed scenario that starts to pass fails the suite as XPASS, so the
entry must then be removed. ``python -m parity`` itself still runs and reports them as FAIL.

Each entry maps a scenario name to the paths it fails through (``"default"``: the test run as
``python -m parity`` runs it; ``"batched"``: every lite manager batched, as
``tests/lite/batch/test_batch_parity.py`` runs it) and the reason. Empty this mapping as the
fixes land; do not add a scenario here to hide a regression.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

__all__ = ["EXPECTED_FAILURES", "expected_failure"]

_BOTH: Final = frozenset({"default", "batched"})

#: Scenario name -> (paths it fails through, why). See the module docstring.
EXPECTED_FAILURES: Final[Mapping[str, tuple[frozenset[str], str]]] = {
    "compat_midplay_keys": (
        _BOTH,
        "issue 29: keys changed mid-play (setKeys, in-place edits, inserted keys) are ignored "
        "by native float/Vector3/Quaternion node tracks until they restart",
    ),
    "compat_midplay_timing": (
        _BOTH,
        "issue 29: one animation's framePerSecond changed mid-play re-times its siblings on the "
        "same target (beginAnimation / beginDirectAnimation)",
    ),
    "compat_midplay_easing": (
        _BOTH,
        "issue 29: a key's easingFunction set mid-play is ignored by native float/Vector3/"
        "Quaternion node tracks",
    ),
    "compat_midplay_swap": (
        _BOTH,
        "issue 29: objects swapped under running animations (position/rotation/scaling "
        "vectors, a mesh's material, rotationQuaternion = None raising AttributeError, a "
        "position shared mid-play, animatable.target) are followed instead of the objects "
        "resolved at start",
    ),
    "compat_midplay_batched": (
        _BOTH,
        "issue 29: the same mid-play changes through 20 batched rows (keys, a key's easing, "
        "framePerSecond re-timing siblings, swapped vectors, rotationQuaternion = None raising "
        "AttributeError)",
    ),
}


def expected_failure(name: str, path: str = "default") -> str | None:
    """The reason ``name`` is expected to fail through ``path``, or None when it must pass."""
    entry = EXPECTED_FAILURES.get(name)
    if entry is None or path not in entry[0]:
        return None
    return entry[1]
