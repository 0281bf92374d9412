"""AnimationGroupMask: Babylon's mode values and the checked names and modes."""

from __future__ import annotations

from typing import Any

import pytest

from lite.errors import AnimationStateError
from lite_compat.animations.animation_group_mask import AnimationGroupMask, AnimationGroupMaskMode


def test_mask_mode_values_are_babylons() -> None:
    assert int(AnimationGroupMaskMode.Include) == 0
    assert int(AnimationGroupMaskMode.Exclude) == 1
    mask = AnimationGroupMask(["a"])
    assert mask.retainsTarget("a")
    assert not mask.retainsTarget(None)
    assert AnimationGroupMask(["a"], AnimationGroupMaskMode.Exclude).retainsTarget(None)


@pytest.mark.parametrize(
    ("names", "mode", "name"),
    [(5, 0, "names"), (["a", 3], 0, "names"), (["a"], 2, "mode"), (["a"], True, "mode")],
)
def test_mask_rejects_bad_names_and_modes(names: Any, mode: Any, name: str) -> None:
    with pytest.raises(AnimationStateError) as exc:
        AnimationGroupMask(names, mode)
    assert (exc.value.code, exc.value.input_name) == ("LITE-STATE-013", name)
