"""A cross-fading animation state machine over named parameters, run as a manager task.

DriftEngine's "crossfading state machine over parameters you name", in the shape game engines
give it (Unity's Animator, Unreal's state machines). States are clips or blend spaces;
transitions fire on conditions over parameters, on triggers, and after an exit time, and
cross-fade linearly so the state weights always sum to 1.

Two evaluation modes, chosen at creation:

* ``"groups"``: every state is a distinct clip of the asset. The states *are* the asset's
  animation groups; the machine sets their weights with the manager's own fades
  (:func:`lite.fade_animation_weight`) and the glTF mixer blends them during a cross-fade
  (:func:`lite.enable_animation_blending`). Outside a cross-fade one group plays at weight 1,
  so the batched stage (:mod:`lite.batch`) evaluates it with every other instance playing
  that clip.
* ``"pose"``: any state is a blend space (or a clip that is not the asset's). The machine
  samples its active states into caller-invisible scratch poses, blends them and applies the
  result (:func:`lite.apply_pose`) itself.

The machine's task runs after the group pipeline in each update: it reads the frame's
state, then decides transitions, whose fades start advancing on the next update.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TYPE_CHECKING, Final

import numpy as np

from lite.animation.animation_group import play_animation, stop_animation
from lite.animation.animation_group_task import add_animation_group
from lite.animation.animation_manager import add_animation_task, create_animation_task
from lite.animation.animation_weight_fade import fade_animation_weight
from lite.animation.signal import CallbackList
from lite.animation.state import (
    AnimationGroup,
    AnimationManager,
    AnimationTask,
    check_manager,
    set_weight_unchecked,
)
from lite.animation.types import AnimationClip
from lite.errors import AnimationStateError, finite_real
from lite.loader_gltf.asset import GltfAsset
from lite.pose.blend import blend_poses_unchecked
from lite.pose.blend_space import (
    BlendSpace,
    sample_blend_space_unchecked,
    space_duration_unchecked,
    weights_into,
)
from lite.pose.pose import (
    GraphPose,
    apply_pose_unchecked,
    clip_plan,
    create_pose,
    sample_clip_unchecked,
)
from lite.skeleton.animation_controller import GltfController
from lite.skeleton.skeleton_updater import as_sink
from lite.skeleton.weighted_gltf_mixer import enable_animation_blending

if TYPE_CHECKING:
    from lite.animation.types import F64Array

__all__ = [
    "MODE_GROUPS",
    "MODE_POSE",
    "StateMachine",
    "StateSignal",
    "create_state_machine",
    "fire_state_trigger",
    "set_state_parameter",
]

MODE_GROUPS: Final = "groups"
MODE_POSE: Final = "pose"
#: Wildcard source of a transition: any state but its target.
ANY_STATE: Final = "*"

_OPS: Final = {"<": 0, "<=": 1, ">": 2, ">=": 3, "==": 4, "!=": 5}
_TRANSITION_KEYS: Final = frozenset({"from", "to", "when", "trigger", "duration_ms", "exit_time"})
_CLIP_KEYS: Final = frozenset({"clip", "loop", "speed"})
_SPACE_KEYS: Final = frozenset({"blend_space", "parameter", "loop", "speed"})
#: A zero-length cross-fade runs as a fade this short, so it completes in the next update.
_INSTANT_MS: Final = 1e-9

StateCallback = Callable[["StateMachine", str], object]


class StateSignal(CallbackList[StateCallback]):
    """Callbacks ``callback(machine, state_name)``, shaped like a group's end signal.

    ``add(callback)`` returns a function that removes it again.
    """

    __slots__ = ()
    _what = "a state callback"
    _hint = "pass a function taking (machine, state_name)"


@dataclass(slots=True, eq=False)
class _State:
    name: str
    clip: AnimationClip | None
    space: BlendSpace | None
    params: tuple[str, ...]
    loop: bool
    speed: float
    group: AnimationGroup | None = None
    active: bool = False
    weight: float = 0.0
    fade_from: float = 0.0
    #: Clip seconds, or a blend space's phase.
    time: float = 0.0
    #: Normalised time since the state was entered (compared with exit times).
    elapsed: float = 0.0
    pose: GraphPose | None = None
    weights: F64Array = field(default_factory=lambda: np.zeros(0, dtype=np.float64))


@dataclass(frozen=True, slots=True)
class _Transition:
    source: int  # -1: any state
    target: int
    conditions: tuple[tuple[str, int, float], ...]
    trigger: str | None
    duration_ms: float
    exit_time: float  # -1: none


@dataclass(slots=True, eq=False)
class StateMachine:
    """A state machine on one asset, ticked by its manager (see :func:`create_state_machine`).

    Attributes
    ----------
    manager, asset
        What it runs on and drives.
    mode
        ``"groups"`` (states are the asset's groups) or ``"pose"`` (the machine blends).
    on_state_enter
        :class:`StateSignal` fired with the target's name when a transition to it starts
        (``machine.state`` is then that name).
    on_state_exit
        :class:`StateSignal` fired with a state's name when its weight has faded to 0.
    """

    manager: AnimationManager
    asset: GltfAsset
    mode: str
    on_state_enter: StateSignal = field(default_factory=StateSignal)
    on_state_exit: StateSignal = field(default_factory=StateSignal)
    _states: tuple[_State, ...] = ()
    _index: dict[str, int] = field(default_factory=dict)
    _transitions: tuple[_Transition, ...] = ()
    _params: dict[str, float] = field(default_factory=dict)
    _triggers: frozenset[str] = frozenset()
    _pending: set[str] = field(default_factory=set)
    _current: int = 0
    _fade_elapsed_ms: float = 0.0
    _fade_ms: float = 0.0
    _fading: bool = False
    _events: list[tuple[StateSignal, str]] = field(default_factory=list)
    _out: GraphPose | None = None
    _task: AnimationTask | None = None

    @property
    def state(self) -> str:
        """The current state's name (the target, once a transition has started)."""
        return self._states[self._current].name

    @property
    def states(self) -> tuple[str, ...]:
        """Every state's name, in the order given."""
        return tuple(s.name for s in self._states)

    @property
    def weights(self) -> dict[str, float]:
        """State name -> blend weight (they sum to 1, during a cross-fade too)."""
        if self.mode == MODE_GROUPS:
            return {
                s.name: (s.group.weight if s.group is not None and s.active else 0.0)
                for s in self._states
            }
        return {s.name: (s.weight if s.active else 0.0) for s in self._states}

    @property
    def parameters(self) -> Mapping[str, float]:
        """The parameters' current values (read-only view; booleans read as 1.0 / 0.0)."""
        return MappingProxyType(self._params)

    @property
    def triggers(self) -> frozenset[str]:
        """The trigger names the transitions use."""
        return self._triggers

    @property
    def task(self) -> AnimationTask:
        """The manager task that runs the machine (``lite.remove_animation_task`` stops it)."""
        task = self._task
        if task is None:  # only before create_state_machine has finished
            raise AnimationStateError(
                "LITE-POSE-026",
                "this StateMachine was not made by lite.create_state_machine",
                hint="make one with lite.create_state_machine",
                input_name="machine",
            )
        return task

    @property
    def in_transition(self) -> bool:
        """Whether a cross-fade is running (more than one state has weight)."""
        return sum(1 for s in self._states if s.active) > 1


# ---------------------------------------------------------------------------------------------
# validation


def _err(code: str, message: str, hint: str, name: str) -> AnimationStateError:
    return AnimationStateError(code, message, hint=hint, input_name=name)


def _bad_state(message: str, name: str) -> AnimationStateError:
    return _err(
        "LITE-POSE-020",
        message,
        "a state is a clip, a clip name, {'clip': clip, 'loop': bool, 'speed': x} or "
        "{'blend_space': space, 'parameter': name (2D: (x_name, y_name))}",
        name,
    )


def _bad_transition(message: str, name: str) -> AnimationStateError:
    return _err(
        "LITE-POSE-024",
        message,
        "a transition is {'from': state or '*', 'to': state, 'when': [(parameter, op, value)], "
        "'trigger': name, 'duration_ms': ms, 'exit_time': normalised time}; ops are "
        "<, <=, >, >=, ==, !=",
        name,
    )


def _unknown_state(value: object, names: Sequence[str], name: str) -> AnimationStateError:
    return _err(
        "LITE-POSE-021",
        f"{name} names the state {value!r}, which the machine does not have",
        f"use one of {sorted(names)}",
        name,
    )


def _unknown_parameter(value: object, names: Sequence[str], name: str) -> AnimationStateError:
    return _err(
        "LITE-POSE-022",
        f"{name} names the parameter {value!r}, which the machine does not have",
        f"declare it in parameters=...; known: {sorted(names)}",
        name,
    )


def _param_value(value: object, name: str) -> float:
    if isinstance(value, bool):
        return 1.0 if value else 0.0
    number = finite_real(value)
    if number is None:
        raise _err(
            "LITE-POSE-025",
            f"{name} must be a finite number or a bool, got {value!r}",
            "parameters hold numbers (speed, direction) or booleans (grounded)",
            name,
        )
    return number


def _speed(value: object, name: str) -> float:
    number = finite_real(value)
    if number is None or number < 0.0:
        raise _bad_state(f"{name} must be a finite number >= 0, got {value!r}", name)
    return number


def _find_clip(asset: GltfAsset, value: str, name: str) -> AnimationClip:
    for clip in asset.animation_data.clips:
        if clip.name == value:
            return clip
    raise _err(
        "LITE-STATE-041",
        f"{name}: the asset has no clip named {value!r}",
        f"use one of {[c.name for c in asset.animation_data.clips]}",
        name,
    )


def _parse_state(
    asset: GltfAsset, key: object, spec: object, params: Mapping[str, float]
) -> _State:
    if not isinstance(key, str) or not key or key == ANY_STATE:
        raise _bad_state(
            f"state names must be non-empty strings other than '*', got {key!r}", "states"
        )
    name = f"states[{key!r}]"
    if isinstance(spec, str):
        return _State(key, _find_clip(asset, spec, name), None, (), True, 1.0)
    if isinstance(spec, AnimationClip):
        return _State(key, spec, None, (), True, 1.0)
    if isinstance(spec, BlendSpace):
        raise _bad_state(f"{name} is a blend space without the parameter that drives it", name)
    if not isinstance(spec, Mapping):
        raise _bad_state(
            f"{name} must be a clip, a clip name or a mapping, got {type(spec).__name__}", name
        )
    keys = set(spec)
    loop = spec.get("loop", True)
    if not isinstance(loop, bool):
        raise _bad_state(f"{name}['loop'] must be a bool, got {loop!r}", name)
    speed = _speed(spec.get("speed", 1.0), f"{name}['speed']")
    if "clip" in spec:
        if keys - _CLIP_KEYS:
            raise _bad_state(f"{name} has unknown keys {sorted(map(str, keys - _CLIP_KEYS))}", name)
        clip = spec["clip"]
        if isinstance(clip, str):
            clip = _find_clip(asset, clip, name)
        if not isinstance(clip, AnimationClip):
            raise _bad_state(f"{name}['clip'] must be a clip or a clip name", name)
        return _State(key, clip, None, (), loop, speed)
    if "blend_space" not in spec or keys - _SPACE_KEYS:
        raise _bad_state(
            f"{name} needs 'clip' or 'blend_space' (keys: {sorted(map(str, keys))})", name
        )
    space = spec["blend_space"]
    if not isinstance(space, BlendSpace):
        raise _bad_state(f"{name}['blend_space'] must be a BlendSpace", name)
    drive = spec.get("parameter")
    names: tuple[str, ...]
    if space.dimensions == 1:
        if not isinstance(drive, str):
            raise _bad_state(f"{name}['parameter'] must name one parameter, got {drive!r}", name)
        names = (drive,)
    else:
        if (
            isinstance(drive, (str, bytes))
            or not isinstance(drive, Sequence)
            or len(drive) != 2
            or not all(isinstance(d, str) for d in drive)
        ):
            raise _bad_state(
                f"{name}['parameter'] must name two parameters (x, y), got {drive!r}", name
            )
        names = (str(drive[0]), str(drive[1]))
    for param in names:
        if param not in params:
            raise _unknown_parameter(param, list(params), f"{name}['parameter']")
    state = _State(key, None, space, names, loop, speed)
    state.weights = np.zeros(len(space.clips), dtype=np.float64)
    return state


def _parse_transition(
    index: int,
    spec: object,
    states: Mapping[str, int],
    params: Mapping[str, float],
) -> _Transition:
    name = f"transitions[{index}]"
    if not isinstance(spec, Mapping):
        raise _bad_transition(f"{name} must be a mapping, got {type(spec).__name__}", name)
    extra = set(spec) - _TRANSITION_KEYS
    if extra:
        raise _bad_transition(f"{name} has unknown keys {sorted(map(str, extra))}", name)
    source_name = spec.get("from", ANY_STATE)
    if source_name == ANY_STATE:
        source = -1
    elif source_name in states:
        source = states[source_name]
    else:
        raise _unknown_state(source_name, list(states), f"{name}['from']")
    if "to" not in spec:
        raise _bad_transition(f"{name} has no 'to' state", name)
    target_name = spec["to"]
    if target_name not in states:
        raise _unknown_state(target_name, list(states), f"{name}['to']")
    target = states[target_name]
    if source == target:
        raise _bad_transition(f"{name} goes from {target_name!r} to itself", name)
    conditions: list[tuple[str, int, float]] = []
    when = spec.get("when", ())
    if isinstance(when, (str, bytes)) or not isinstance(when, Sequence):
        raise _bad_transition(f"{name}['when'] must be a list of (parameter, op, value)", name)
    for c, cond in enumerate(when):
        where = f"{name}['when'][{c}]"
        if isinstance(cond, (str, bytes)) or not isinstance(cond, Sequence) or len(cond) != 3:
            raise _bad_transition(f"{where} must be (parameter, op, value), got {cond!r}", where)
        param, op, value = cond
        if param not in params:
            raise _unknown_parameter(param, list(params), where)
        if op not in _OPS:
            raise _bad_transition(f"{where} has the unknown operator {op!r}", where)
        conditions.append((str(param), _OPS[str(op)], _param_value(value, where)))
    trigger = spec.get("trigger")
    if trigger is not None and (not isinstance(trigger, str) or not trigger):
        raise _bad_transition(f"{name}['trigger'] must be a non-empty string", name)
    if trigger is not None and trigger in params:
        raise _bad_transition(f"{name}['trigger'] {trigger!r} is also a parameter's name", name)
    duration = finite_real(spec.get("duration_ms", 0.0))
    if duration is None or duration < 0.0:
        raise _bad_transition(
            f"{name}['duration_ms'] must be a finite number >= 0, got {spec.get('duration_ms')!r}",
            name,
        )
    exit_time = -1.0
    if spec.get("exit_time") is not None:
        value = finite_real(spec["exit_time"])
        if value is None or value < 0.0:
            raise _bad_transition(
                f"{name}['exit_time'] must be a finite number >= 0, got {spec['exit_time']!r}",
                name,
            )
        exit_time = value
    if not conditions and trigger is None and exit_time < 0.0:
        raise _bad_transition(
            f"{name} has no 'when', 'trigger' or 'exit_time': it would fire every update", name
        )
    return _Transition(source, target, tuple(conditions), trigger, duration, exit_time)


def _check_machine(value: object) -> StateMachine:
    if not isinstance(value, StateMachine):
        raise _err(
            "LITE-POSE-026",
            f"machine must be a StateMachine, got {type(value).__name__}",
            "make one with lite.create_state_machine",
            "machine",
        )
    return value


def _asset_group(asset: GltfAsset, clip: AnimationClip) -> AnimationGroup | None:
    for group in asset.animation_groups:
        ctrl = group._ctrl
        if isinstance(ctrl, GltfController) and ctrl.clip is clip:
            return group
    return None


# ---------------------------------------------------------------------------------------------
# public API


def create_state_machine(
    manager: AnimationManager,
    asset: GltfAsset,
    *,
    states: Mapping[str, object],
    transitions: Sequence[Mapping[str, object]],
    parameters: Mapping[str, float | bool],
    initial: str,
) -> StateMachine:
    """A cross-fading state machine on ``asset``, updated by ``manager`` as one of its tasks.

    Parameters
    ----------
    manager
        From :func:`lite.create_animation_manager`; each update runs the machine once.
    asset
        The asset (or instance) it drives.
    states
        Name -> a clip of the asset (an ``AnimationClip`` or a clip name), or a mapping:
        ``{"clip": clip, "loop": True, "speed": 1.0}`` or ``{"blend_space": space,
        "parameter": "speed"}`` (2D: ``"parameter": ("vx", "vy")``, plus ``loop``/``speed``).
    transitions
        Mappings ``{"from": name or "*", "to": name, "when": [(parameter, op, value), ...],
        "trigger": name, "duration_ms": cross-fade length, "exit_time": normalised time}``.
        ``from`` defaults to ``"*"`` (any state but ``to``); ``op`` is one of ``<``, ``<=``,
        ``>``, ``>=``, ``==``, ``!=``; every condition must hold, the trigger (if any) must
        have been fired since the last update, and the current state must have played
        ``exit_time`` normalised time since it was entered (1.0: one whole clip or phase).
        The first transition (in list order) whose tests pass starts; one per update.
        ``duration_ms`` 0 (the default) switches in the next update.
    parameters
        Name -> initial value (a number or a bool). Trigger names come from the transitions.
    initial
        The state playing at weight 1 from time 0.

    Returns
    -------
    StateMachine
        In ``"groups"`` mode when every state is a distinct clip of ``asset``: those groups
        are attached to ``manager`` (the initial one playing at weight 1, the others stopped at
        weight 0) and glTF blending is enabled on it (:func:`lite.enable_animation_blending`,
        which takes the manager's mixer slot). Otherwise ``"pose"`` mode: attach none of the
        asset's groups to the manager, the machine writes the asset's pose.

    Raises
    ------
    AnimationStateError
        ``LITE-POSE-020`` malformed state, ``LITE-POSE-021`` unknown state name (``initial``,
        ``from``, ``to``), ``LITE-POSE-022`` unknown parameter (a condition, a blend space's),
        ``LITE-POSE-024`` malformed transition, ``LITE-POSE-025`` a parameter value that is
        not a finite number or bool, ``LITE-POSE-027`` malformed ``parameters``,
        ``LITE-POSE-003`` a non-asset, ``LITE-STATE-041`` an unknown clip name,
        ``LITE-STATE-014`` a non-manager, ``LITE-STATE-005`` a state's group attached to
        another manager. Nothing is attached or changed then.

    Examples
    --------
    >>> import lite
    >>> from lite.assets import figure_path
    >>> figure = lite.load_gltf(figure_path())
    >>> manager = lite.create_animation_manager()
    >>> machine = lite.create_state_machine(
    ...     manager, figure,
    ...     states={"walk": "walk", "run": "run"},
    ...     transitions=[{"from": "walk", "to": "run", "when": [("speed", ">", 2.0)],
    ...                   "duration_ms": 200}],
    ...     parameters={"speed": 1.0}, initial="walk")
    >>> lite.set_state_parameter(machine, "speed", 3.0)
    >>> lite.update_animation_manager(manager, 16.0)
    >>> machine.state, machine.mode
    ('run', 'groups')
    """
    check_manager(manager)
    if not isinstance(asset, GltfAsset):
        raise _err(
            "LITE-POSE-003",
            f"asset must be a loaded GltfAsset, got {type(asset).__name__}",
            "pass what lite.load_gltf returned",
            "asset",
        )
    if not isinstance(parameters, Mapping):
        raise _err(
            "LITE-POSE-027",
            f"parameters must be a mapping of name to value, got {type(parameters).__name__}",
            "e.g. parameters={'speed': 0.0}",
            "parameters",
        )
    params: dict[str, float] = {}
    for key, value in parameters.items():
        if not isinstance(key, str) or not key:
            raise _err(
                "LITE-POSE-027",
                f"parameter names must be non-empty strings, got {key!r}",
                "e.g. parameters={'speed': 0.0}",
                "parameters",
            )
        params[key] = _param_value(value, f"parameters[{key!r}]")
    if not isinstance(states, Mapping) or not states:
        raise _bad_state("states must be a non-empty mapping of name to state", "states")
    parsed = tuple(_parse_state(asset, k, v, params) for k, v in states.items())
    index = {s.name: i for i, s in enumerate(parsed)}
    if isinstance(transitions, (str, bytes, Mapping)) or not isinstance(transitions, Sequence):
        raise _bad_transition("transitions must be a list of mappings", "transitions")
    moves = tuple(_parse_transition(i, t, index, params) for i, t in enumerate(transitions))
    if not isinstance(initial, str) or initial not in index:
        raise _unknown_state(initial, list(index), "initial")

    groups = [(_asset_group(asset, s.clip) if s.clip is not None else None) for s in parsed]
    distinct = len({id(g) for g in groups}) == len(groups)
    mode = MODE_GROUPS if distinct and all(g is not None for g in groups) else MODE_POSE
    if mode == MODE_GROUPS:
        for s, g in zip(parsed, groups, strict=True):
            owner = g._manager if g is not None else None
            if owner is not None and owner is not manager:
                raise _err(
                    "LITE-STATE-005",
                    f"the group of state {s.name!r} is attached to another manager",
                    "remove it from that manager first",
                    "states",
                )
    else:
        probe = create_pose(asset)
        for s in parsed:  # every clip must fit the asset's pose before anything changes
            clips = (s.clip,) if s.clip is not None else s.space.clips if s.space else ()
            for clip in clips:
                clip_plan(clip, probe)

    triggers = frozenset(t.trigger for t in moves if t.trigger is not None)
    machine = StateMachine(
        manager=manager,
        asset=asset,
        mode=mode,
        _states=parsed,
        _index=index,
        _transitions=moves,
        _params=params,
        _triggers=triggers,
        _current=index[initial],
    )
    with manager._lock:
        start = parsed[machine._current]
        start.active = True
        start.weight = 1.0
        if mode == MODE_GROUPS:
            for s, g in zip(parsed, groups, strict=True):
                if g is None:  # never in groups mode; keeps the type checker informed
                    continue
                s.group = g
                add_animation_group(manager, g)
                g.loop_animation = s.loop
                g.speed_ratio = s.speed
                if s is start:
                    stop_animation(g)
                    play_animation(g)
                    set_weight_unchecked(g, 1.0)
                else:
                    stop_animation(g)
                    set_weight_unchecked(g, 0.0)
            enable_animation_blending(manager)
        else:
            machine._out = create_pose(asset)
            for s in parsed:
                s.pose = create_pose(asset)
        task = create_animation_task(_task_update(machine))
        machine._task = task
        add_animation_task(manager, task)
    return machine


def set_state_parameter(machine: StateMachine, name: str, value: float | bool) -> None:
    """Set parameter ``name`` (read by the transitions at the next update).

    Raises
    ------
    AnimationStateError
        ``LITE-POSE-026`` for a non-machine; ``LITE-POSE-022`` for a name the machine was not
        given; ``LITE-POSE-025`` for a value that is not a finite number or a bool.
    """
    m = _check_machine(machine)
    if not isinstance(name, str) or name not in m._params:
        raise _unknown_parameter(name, list(m._params), "name")
    number = _param_value(value, "value")
    with m.manager._lock:
        m._params[name] = number


def fire_state_trigger(machine: StateMachine, name: str) -> None:
    """Fire trigger ``name``: it stays set through the next update, then is cleared.

    A transition that names it may start in that update (and consumes it); a trigger no
    transition can use then is dropped, so it never fires a transition much later.

    Raises
    ------
    AnimationStateError
        ``LITE-POSE-026`` for a non-machine; ``LITE-POSE-023`` for a name no transition uses.
    """
    m = _check_machine(machine)
    if not isinstance(name, str) or name not in m._triggers:
        raise _err(
            "LITE-POSE-023",
            f"the machine has no trigger {name!r}",
            f"triggers are the 'trigger' names of its transitions: {sorted(m._triggers)}",
            "name",
        )
    with m.manager._lock:
        m._pending.add(name)


# ---------------------------------------------------------------------------------------------
# per update


def _task_update(machine: StateMachine) -> Callable[[AnimationManager, float, AnimationTask], None]:
    groups_mode = machine.mode == MODE_GROUPS

    def update(manager: AnimationManager, delta_ms: float, task: AnimationTask) -> None:
        if groups_mode:
            _update_groups(machine, delta_ms)
        else:
            _update_pose(machine, delta_ms)
        _decide(machine)
        if machine._events:
            _fire(machine)

    return update


def _update_groups(m: StateMachine, delta_ms: float) -> None:
    dt = delta_ms / 1000.0
    current = m._current
    for i, s in enumerate(m._states):
        if not s.active:
            continue
        group = s.group
        if group is None:
            continue
        if i == current:
            duration = group.duration
            if duration > 0.0:
                s.elapsed += dt * group.speed_ratio / duration
        elif group.weight <= 0.0:
            s.active = False
            stop_animation(group)
            m._events.append((m.on_state_exit, s.name))


def _update_pose(m: StateMachine, delta_ms: float) -> None:
    dt = delta_ms / 1000.0
    states = m._states
    if m._fading:
        m._fade_elapsed_ms += delta_ms
        p = m._fade_elapsed_ms / m._fade_ms if m._fade_ms > 0.0 else 1.0
        done = p >= 1.0
        if done:
            p = 1.0
            m._fading = False
        current = m._current
        for i, s in enumerate(states):
            if not s.active:
                continue
            if i == current:
                s.weight = s.fade_from + (1.0 - s.fade_from) * p
            else:
                s.weight = s.fade_from * (1.0 - p)
                if done:
                    s.active = False
                    s.weight = 0.0
                    m._events.append((m.on_state_exit, s.name))
    params = m._params
    out = m._out
    acc = 0.0
    for s in states:
        if not s.active:
            continue
        pose = s.pose
        space = s.space
        step = dt * s.speed
        if space is not None:
            names = s.params
            weights_into(
                space,
                params[names[0]],
                params[names[1]] if len(names) > 1 else 0.0,
                s.weights,
            )
            duration = space_duration_unchecked(space, s.weights)
            advance = step / duration if duration > 0.0 else 0.0
            s.elapsed += advance
            t = s.time + advance
            s.time = t % 1.0 if s.loop else (t if t < 1.0 else 1.0)
            if pose is not None:
                phase = s.time if s.time < 1.0 else math.nextafter(1.0, 0.0)
                sample_blend_space_unchecked(space, s.weights, phase, pose)
        elif s.clip is not None:
            duration = float(s.clip.duration)
            s.elapsed += step / duration if duration > 0.0 else 0.0
            t = s.time + step
            if s.loop:
                s.time = t % duration if duration > 0.0 else 0.0
            else:
                s.time = t if t < duration else duration
            if pose is not None:
                sample_clip_unchecked(clip_plan(s.clip, pose), s.time, pose)
        if pose is None or out is None or s.weight <= 0.0:
            continue
        if acc == 0.0:
            np.copyto(out.local, pose.local)
            np.copyto(out.weights, pose.weights)
            acc = s.weight
        else:
            acc += s.weight
            blend_poses_unchecked(out, pose, s.weight / acc, out)
    if out is not None and acc > 0.0:
        engine = m.manager.engine
        apply_pose_unchecked(out, m.asset, as_sink(engine) if engine is not None else None)


def _holds(m: StateMachine, t: _Transition) -> bool:
    if t.exit_time >= 0.0 and m._states[m._current].elapsed < t.exit_time:
        return False
    if t.trigger is not None and t.trigger not in m._pending:
        return False
    params = m._params
    for name, op, value in t.conditions:
        v = params[name]
        if op == 0:
            ok = v < value
        elif op == 1:
            ok = v <= value
        elif op == 2:
            ok = v > value
        elif op == 3:
            ok = v >= value
        elif op == 4:
            ok = v == value
        else:
            ok = v != value
        if not ok:
            return False
    return True


def _decide(m: StateMachine) -> None:
    current = m._current
    for t in m._transitions:
        if t.source != current and not (t.source == -1 and t.target != current):
            continue
        if _holds(m, t):
            if t.trigger is not None:
                m._pending.discard(t.trigger)
            _start(m, t)
            break
    if m._pending:
        m._pending.clear()


def _start(m: StateMachine, t: _Transition) -> None:
    target = m._states[t.target]
    m._current = t.target
    if not target.active:
        target.time = 0.0
        target.weight = 0.0
        target.active = True
        group = target.group
        if group is not None:
            stop_animation(group)  # from time 0
            play_animation(group)
            set_weight_unchecked(group, 0.0)
    target.elapsed = 0.0
    m._events.append((m.on_state_enter, target.name))
    duration = t.duration_ms if t.duration_ms > 0.0 else _INSTANT_MS
    if m.mode == MODE_GROUPS:
        for i, s in enumerate(m._states):
            group = s.group
            if not s.active or group is None:
                continue
            to = 1.0 if i == t.target else 0.0
            fade_animation_weight(m.manager, group, to=to, duration_ms=duration)
        return
    for s in m._states:
        s.fade_from = s.weight if s.active else 0.0
    m._fade_elapsed_ms = 0.0
    m._fade_ms = duration
    m._fading = True


def _fire(m: StateMachine) -> None:
    events = tuple(m._events)
    m._events.clear()
    first: BaseException | None = None
    for signal, name in events:
        for callback in signal:
            try:
                callback(m, name)
            except Exception as exc:  # noqa: BLE001 - the others still run; first one raised
                if first is None:
                    first = exc
    if first is not None:
        raise first
