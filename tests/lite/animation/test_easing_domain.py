"""Every parameterised easing factory gives a finite curve or a coded refusal (issue 15, #8).

A grid of parameters (including the domain edges, tiny and huge magnitudes) times 61
gradients (60 frames and the end) in all three modes: each factory either refuses the
parameters at creation with ``LITE-ANIM-014`` or returns a curve that is finite everywhere.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable

import numpy as np
import pytest

from lite.animation import easing as E  # noqa: N812
from lite.errors import KeyframeError

GRADIENTS = [i / 60 for i in range(61)]
EDGES = [
    -1e300, -1e6, -10.0, -1.0, -0.5, 0.0, 1e-300, 1e-7, 1e-6, 0.001, 0.5, 1.0, 1.0001, 1.5,
    2.0, 3.0, 10.0, 99.0, 100.0, 699.0, 700.0, 701.0, 710.0, 1e3, 1e5, 1e6, 1e300,
]  # fmt: skip
BEZIER = [-1e300, -1e7, -1e6, -1.0, 0.0, 1e-9, 0.25, 0.5, 0.999, 1.0, 1.5, 1e6, 1e7, 1e300]
FACTORIES: dict[str, tuple[Callable[..., E.AnimationEasing], list[list[float]]]] = {
    "power": (E.create_power_ease, [EDGES]),
    "exponential": (E.create_exponential_ease, [EDGES]),
    "back": (E.create_back_ease, [EDGES]),
    "elastic": (E.create_elastic_ease, [EDGES, EDGES]),
    # bounces * ln(bounciness) around the limit of 100: 100 bounces at e, 1e5 at 1.001.
    "bounce": (E.create_bounce_ease, [[*EDGES, 36.0, 50.0], [*EDGES, math.e, 7.0, 20.0]]),
    "bezier": (E.create_bezier_curve_ease, [BEZIER, BEZIER[::3], BEZIER, BEZIER[::3]]),
}


@pytest.mark.parametrize("name", sorted(FACTORIES))
def test_each_factory_is_finite_on_every_frame_or_refuses_with_a_code(name: str) -> None:
    factory, grids = FACTORIES[name]
    accepted = refused = 0
    for params in itertools.product(*grids):
        try:
            curve = factory(*params)
        except KeyframeError as exc:
            codes = (exc.code, bool(exc.hint))
            assert codes == ("LITE-ANIM-014", True), (name, params)  # noqa: PT017
            refused += 1
            continue
        accepted += 1
        for mode in (E.EASE_IN, E.EASE_OUT, E.EASE_IN_OUT):
            out = [E.ease_with_mode(curve, mode, g) for g in GRADIENTS]
            assert np.all(np.isfinite(out)), (name, params, mode)
    assert accepted > 0


def test_defaults_and_the_domain_edges_are_accepted() -> None:
    for factory in (
        E.create_power_ease,
        E.create_exponential_ease,
        E.create_back_ease,
        E.create_elastic_ease,
        E.create_bounce_ease,
        E.create_bezier_curve_ease,
    ):
        factory()
    E.create_exponential_ease(E.EXPONENT_MIN)
    E.create_exponential_ease(E.EXPONENT_MAX)
    E.create_bezier_curve_ease(0.0, -E.BEZIER_Y_MAX, 1.0, E.BEZIER_Y_MAX)


@pytest.mark.parametrize(
    ("factory", "args", "name"),
    [
        (E.create_exponential_ease, (1e-300,), "exponent"),
        (E.create_exponential_ease, (710.0,), "exponent"),
        (E.create_elastic_ease, (3.0, 1e3), "springiness"),
        (E.create_bounce_ease, (700.0, 3.0), "bounces"),
        (E.create_bezier_curve_ease, (-0.5, 0.0, 1.0, 1.0), "x1"),
        (E.create_bezier_curve_ease, (0.0, 0.0, 1.5, 1.0), "x2"),
        (E.create_bezier_curve_ease, (0.0, 1e7, 1.0, 1.0), "y1"),
    ],
)
def test_out_of_domain_parameters_are_refused_naming_the_parameter(
    factory: Callable[..., E.AnimationEasing], args: tuple[float, ...], name: str
) -> None:
    with pytest.raises(KeyframeError) as exc:
        factory(*args)
    assert exc.value.code == "LITE-ANIM-014"
    assert exc.value.input_name == name


def test_the_default_bezier_is_finite_at_its_end_and_matches_the_raw_curve_inside() -> None:
    curve = E.create_bezier_curve_ease()
    assert curve(1.0) == 1.0
    assert E.ease_with_mode(curve, E.EASE_OUT, 0.0) == 0.0
    assert math.isnan(E.bezier_curve_ease(1.0, 0.0, 0.0, 1.0, 1.0))  # the raw curve is Babylon's
    for g in GRADIENTS[:-1]:
        assert curve(g) == E.bezier_curve_ease(g, 0.0, 0.0, 1.0, 1.0)
