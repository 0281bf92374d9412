"""Ear-clipping polygon triangulation with holes, as Mapbox earcut 2.2.4 does it.

``MeshBuilder.CreatePolygon``/``ExtrudePolygon`` hand Babylon.js's ``PolygonMeshBuilder`` an
``earcut`` function; the recordings use Mapbox's earcut 2.2.4 (the version Babylon's CDN
serves). This is a Python port of that algorithm (ISC licence, (c) 2016 Mapbox): the outer ring
and holes become doubly linked rings, holes are bridged into the outer ring from their leftmost
points, and ears are cut in ring order (z-order hashed past 80 points) with the same three
fall-back passes (filter collinear points, cure local self-intersections, split), so the triangle
list, index for index, equals earcut's.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

__all__ = ["earcut"]


class _Node:
    __slots__ = ("i", "next", "nextZ", "prev", "prevZ", "steiner", "x", "y", "z")

    def __init__(self, i: int, x: float, y: float) -> None:
        self.i = i
        self.x = x
        self.y = y
        self.prev: _Node = self
        self.next: _Node = self
        self.z = 0
        self.prevZ: _Node | None = None
        self.nextZ: _Node | None = None
        self.steiner = False


def earcut(
    data: Sequence[float], hole_indices: Sequence[int] | None = None, dim: int = 2
) -> list[int]:
    """Triangles (vertex indices, 3 per triangle) of the flat polygon ``data``.

    Parameters
    ----------
    data
        Flat coordinates ``[x0, y0, x1, y1, ...]`` (``dim`` per vertex): the outer ring, then
        each hole.
    hole_indices
        Vertex index where each hole starts.
    dim
        Coordinates per vertex (only the first two are used).
    """
    has_holes = bool(hole_indices)
    outer_len = hole_indices[0] * dim if hole_indices else len(data)
    outer = _linked_list(data, 0, outer_len, dim, True)
    triangles: list[int] = []
    if outer is None or outer.next is outer.prev:
        return triangles
    min_x = min_y = 0.0
    inv_size = 0.0
    if has_holes:
        outer = _eliminate_holes(data, hole_indices or [], outer, dim)
    if len(data) > 80 * dim:
        min_x = max_x = data[0]
        min_y = max_y = data[1]
        for i in range(dim, outer_len, dim):
            x = data[i]
            y = data[i + 1]
            min_x = min(min_x, x)
            min_y = min(min_y, y)
            max_x = max(max_x, x)
            max_y = max(max_y, y)
        inv_size = max(max_x - min_x, max_y - min_y)
        inv_size = 32767 / inv_size if inv_size != 0 else 0.0
    _earcut_linked(outer, triangles, dim, min_x, min_y, inv_size, 0)
    return triangles


def _linked_list(
    data: Sequence[float], start: int, end: int, dim: int, clockwise: bool
) -> _Node | None:
    last: _Node | None = None
    if clockwise == (_signed_area(data, start, end, dim) > 0):
        for i in range(start, end, dim):
            last = _insert_node(i, data[i], data[i + 1], last)
    else:
        for i in range(end - dim, start - 1, -dim):
            last = _insert_node(i, data[i], data[i + 1], last)
    if last is not None and _equals(last, last.next):
        _remove_node(last)
        last = last.next
    return last


def _filter_points(start: _Node | None, end: _Node | None = None) -> _Node | None:
    if start is None:
        return start
    if end is None:
        end = start
    p = start
    while True:
        again = False
        if not p.steiner and (_equals(p, p.next) or _area(p.prev, p, p.next) == 0):
            _remove_node(p)
            p = end = p.prev
            if p is p.next:
                break
            again = True
        else:
            p = p.next
        if not (again or p is not end):
            break
    return end


def _earcut_linked(
    ear: _Node | None,
    triangles: list[int],
    dim: int,
    min_x: float,
    min_y: float,
    inv_size: float,
    pass_: int,
) -> None:
    if ear is None:
        return
    if not pass_ and inv_size:
        _index_curve(ear, min_x, min_y, inv_size)
    stop = ear
    while ear.prev is not ear.next:
        prev = ear.prev
        nxt = ear.next
        if _is_ear_hashed(ear, min_x, min_y, inv_size) if inv_size else _is_ear(ear):
            triangles.extend((prev.i // dim, ear.i // dim, nxt.i // dim))
            _remove_node(ear)
            ear = nxt.next
            stop = nxt.next
            continue
        ear = nxt
        if ear is stop:
            if not pass_:
                _earcut_linked(_filter_points(ear), triangles, dim, min_x, min_y, inv_size, 1)
            elif pass_ == 1:
                cured = _cure_local_intersections(_filter_points(ear), triangles, dim)
                _earcut_linked(cured, triangles, dim, min_x, min_y, inv_size, 2)
            elif pass_ == 2:
                _split_earcut(ear, triangles, dim, min_x, min_y, inv_size)
            break


def _bbox(a: _Node, b: _Node, c: _Node) -> tuple[float, float, float, float]:
    ax, bx, cx, ay, by, cy = a.x, b.x, c.x, a.y, b.y, c.y
    x0 = (ax if ax < cx else cx) if ax < bx else (bx if bx < cx else cx)
    y0 = (ay if ay < cy else cy) if ay < by else (by if by < cy else cy)
    x1 = (ax if ax > cx else cx) if ax > bx else (bx if bx > cx else cx)
    y1 = (ay if ay > cy else cy) if ay > by else (by if by > cy else cy)
    return x0, y0, x1, y1


def _is_ear(ear: _Node) -> bool:
    a, b, c = ear.prev, ear, ear.next
    if _area(a, b, c) >= 0:
        return False
    x0, y0, x1, y1 = _bbox(a, b, c)
    p = c.next
    while p is not a:
        if (
            x0 <= p.x <= x1
            and y0 <= p.y <= y1
            and _point_in_triangle(a.x, a.y, b.x, b.y, c.x, c.y, p.x, p.y)
            and _area(p.prev, p, p.next) >= 0
        ):
            return False
        p = p.next
    return True


def _blocks(n: _Node, a: _Node, b: _Node, c: _Node, box: tuple[float, float, float, float]) -> bool:
    x0, y0, x1, y1 = box
    return (
        x0 <= n.x <= x1
        and y0 <= n.y <= y1
        and n is not a
        and n is not c
        and _point_in_triangle(a.x, a.y, b.x, b.y, c.x, c.y, n.x, n.y)
        and _area(n.prev, n, n.next) >= 0
    )


def _is_ear_hashed(ear: _Node, min_x: float, min_y: float, inv_size: float) -> bool:
    a, b, c = ear.prev, ear, ear.next
    if _area(a, b, c) >= 0:
        return False
    box = _bbox(a, b, c)
    min_z = _z_order(box[0], box[1], min_x, min_y, inv_size)
    max_z = _z_order(box[2], box[3], min_x, min_y, inv_size)
    p = ear.prevZ
    n = ear.nextZ
    while p is not None and p.z >= min_z and n is not None and n.z <= max_z:
        if _blocks(p, a, b, c, box):
            return False
        p = p.prevZ
        if _blocks(n, a, b, c, box):
            return False
        n = n.nextZ
    while p is not None and p.z >= min_z:
        if _blocks(p, a, b, c, box):
            return False
        p = p.prevZ
    while n is not None and n.z <= max_z:
        if _blocks(n, a, b, c, box):
            return False
        n = n.nextZ
    return True


def _cure_local_intersections(start: _Node | None, triangles: list[int], dim: int) -> _Node | None:
    if start is None:
        return None
    p = start
    while True:
        a = p.prev
        b = p.next.next
        if (
            not _equals(a, b)
            and _intersects(a, p, p.next, b)
            and _locally_inside(a, b)
            and _locally_inside(b, a)
        ):
            triangles.extend((a.i // dim, p.i // dim, b.i // dim))
            _remove_node(p)
            _remove_node(p.next)
            p = start = b
        p = p.next
        if p is start:
            break
    return _filter_points(p)


def _split_earcut(
    start: _Node, triangles: list[int], dim: int, min_x: float, min_y: float, inv_size: float
) -> None:
    a = start
    while True:
        b = a.next.next
        while b is not a.prev:
            if a.i != b.i and _is_valid_diagonal(a, b):
                c: _Node | None = _split_polygon(a, b)
                a2 = _filter_points(a, a.next)
                c = _filter_points(c, c.next if c is not None else None)
                _earcut_linked(a2, triangles, dim, min_x, min_y, inv_size, 0)
                _earcut_linked(c, triangles, dim, min_x, min_y, inv_size, 0)
                return
            b = b.next
        a = a.next
        if a is start:
            break


def _eliminate_holes(
    data: Sequence[float], hole_indices: Sequence[int], outer: _Node, dim: int
) -> _Node:
    queue: list[_Node] = []
    count = len(hole_indices)
    for i in range(count):
        start = hole_indices[i] * dim
        end = hole_indices[i + 1] * dim if i < count - 1 else len(data)
        ring = _linked_list(data, start, end, dim, False)
        if ring is None:
            continue
        if ring is ring.next:
            ring.steiner = True
        queue.append(_get_leftmost(ring))
    # Array.prototype.sort is stable in Node, as Python's sort is.
    queue.sort(key=lambda node: node.x)
    for hole in queue:
        outer = _eliminate_hole(hole, outer)
    return outer


def _eliminate_hole(hole: _Node, outer: _Node) -> _Node:
    bridge = _find_hole_bridge(hole, outer)
    if bridge is None:
        return outer
    bridge_reverse = _split_polygon(bridge, hole)
    _filter_points(bridge_reverse, bridge_reverse.next)
    result = _filter_points(bridge, bridge.next)
    return result if result is not None else outer


def _find_hole_bridge(hole: _Node, outer: _Node) -> _Node | None:
    p = outer
    hx = hole.x
    hy = hole.y
    qx = -math.inf
    m: _Node | None = None
    while True:
        if hy <= p.y and hy >= p.next.y and p.next.y != p.y:
            x = p.x + (hy - p.y) * (p.next.x - p.x) / (p.next.y - p.y)
            if x <= hx and x > qx:
                qx = x
                m = p if p.x < p.next.x else p.next
                if x == hx:
                    return m
        p = p.next
        if p is outer:
            break
    if m is None:
        return None
    stop = m
    mx = m.x
    my = m.y
    tan_min = math.inf
    p = m
    while True:
        if (
            hx >= p.x >= mx
            and hx != p.x
            and _point_in_triangle(
                hx if hy < my else qx, hy, mx, my, qx if hy < my else hx, hy, p.x, p.y
            )
        ):
            tan = abs(hy - p.y) / (hx - p.x)
            if _locally_inside(p, hole) and (
                tan < tan_min
                or (
                    tan == tan_min and (p.x > m.x or (p.x == m.x and _sector_contains_sector(m, p)))
                )
            ):
                m = p
                tan_min = tan
        p = p.next
        if p is stop:
            break
    return m


def _sector_contains_sector(m: _Node, p: _Node) -> bool:
    return _area(m.prev, m, p.prev) < 0 and _area(p.next, m, m.next) < 0


def _index_curve(start: _Node, min_x: float, min_y: float, inv_size: float) -> None:
    p = start
    while True:
        if p.z == 0:
            p.z = _z_order(p.x, p.y, min_x, min_y, inv_size)
        p.prevZ = p.prev
        p.nextZ = p.next
        p = p.next
        if p is start:
            break
    assert p.prevZ is not None
    p.prevZ.nextZ = None
    p.prevZ = None
    _sort_linked(p)


def _sort_linked(head: _Node) -> _Node | None:
    in_size = 1
    lst: _Node | None = head
    while True:
        p = lst
        lst = None
        tail: _Node | None = None
        merges = 0
        while p is not None:
            merges += 1
            q: _Node | None = p
            p_size = 0
            for _ in range(in_size):
                p_size += 1
                assert q is not None
                q = q.nextZ
                if q is None:
                    break
            q_size = in_size
            while p_size > 0 or (q_size > 0 and q is not None):
                if p_size != 0 and (q_size == 0 or q is None or (p is not None and p.z <= q.z)):
                    assert p is not None
                    e = p
                    p = p.nextZ
                    p_size -= 1
                else:
                    assert q is not None
                    e = q
                    q = q.nextZ
                    q_size -= 1
                if tail is not None:
                    tail.nextZ = e
                else:
                    lst = e
                e.prevZ = tail
                tail = e
            p = q
        assert tail is not None
        tail.nextZ = None
        in_size *= 2
        if merges <= 1:
            return lst


def _int32(value: float) -> int:
    """JavaScript ``value | 0``."""
    if not math.isfinite(value):
        return 0
    n = int(value) & 0xFFFFFFFF
    return n - 0x100000000 if n & 0x80000000 else n


def _z_order(x: float, y: float, min_x: float, min_y: float, inv_size: float) -> int:
    xi = _int32((x - min_x) * inv_size)
    yi = _int32((y - min_y) * inv_size)
    xi = (xi | (xi << 8)) & 0x00FF00FF
    xi = (xi | (xi << 4)) & 0x0F0F0F0F
    xi = (xi | (xi << 2)) & 0x33333333
    xi = (xi | (xi << 1)) & 0x55555555
    yi = (yi | (yi << 8)) & 0x00FF00FF
    yi = (yi | (yi << 4)) & 0x0F0F0F0F
    yi = (yi | (yi << 2)) & 0x33333333
    yi = (yi | (yi << 1)) & 0x55555555
    return _int32(xi | (yi << 1))


def _get_leftmost(start: _Node) -> _Node:
    p = start
    leftmost = start
    while True:
        if p.x < leftmost.x or (p.x == leftmost.x and p.y < leftmost.y):
            leftmost = p
        p = p.next
        if p is start:
            break
    return leftmost


def _point_in_triangle(
    ax: float, ay: float, bx: float, by: float, cx: float, cy: float, px: float, py: float
) -> bool:
    return (
        (cx - px) * (ay - py) >= (ax - px) * (cy - py)
        and (ax - px) * (by - py) >= (bx - px) * (ay - py)
        and (bx - px) * (cy - py) >= (cx - px) * (by - py)
    )


def _is_valid_diagonal(a: _Node, b: _Node) -> bool:
    return (
        a.next.i != b.i
        and a.prev.i != b.i
        and not _intersects_polygon(a, b)
        and (
            (
                _locally_inside(a, b)
                and _locally_inside(b, a)
                and _middle_inside(a, b)
                and bool(_area(a.prev, a, b.prev) or _area(a, b.prev, b))
            )
            or (_equals(a, b) and _area(a.prev, a, a.next) > 0 and _area(b.prev, b, b.next) > 0)
        )
    )


def _area(p: _Node, q: _Node, r: _Node) -> float:
    return (q.y - p.y) * (r.x - q.x) - (q.x - p.x) * (r.y - q.y)


def _equals(p1: _Node, p2: _Node) -> bool:
    return p1.x == p2.x and p1.y == p2.y


def _sign(value: float) -> int:
    return 1 if value > 0 else (-1 if value < 0 else 0)


def _intersects(p1: _Node, q1: _Node, p2: _Node, q2: _Node) -> bool:
    o1 = _sign(_area(p1, q1, p2))
    o2 = _sign(_area(p1, q1, q2))
    o3 = _sign(_area(p2, q2, p1))
    o4 = _sign(_area(p2, q2, q1))
    if o1 != o2 and o3 != o4:
        return True
    if o1 == 0 and _on_segment(p1, p2, q1):
        return True
    if o2 == 0 and _on_segment(p1, q2, q1):
        return True
    if o3 == 0 and _on_segment(p2, p1, q2):
        return True
    return o4 == 0 and _on_segment(p2, q1, q2)


def _on_segment(p: _Node, q: _Node, r: _Node) -> bool:
    return min(p.x, r.x) <= q.x <= max(p.x, r.x) and min(p.y, r.y) <= q.y <= max(p.y, r.y)


def _intersects_polygon(a: _Node, b: _Node) -> bool:
    p = a
    while True:
        if (
            p.i != a.i
            and p.next.i != a.i
            and p.i != b.i
            and p.next.i != b.i
            and _intersects(p, p.next, a, b)
        ):
            return True
        p = p.next
        if p is a:
            break
    return False


def _locally_inside(a: _Node, b: _Node) -> bool:
    if _area(a.prev, a, a.next) < 0:
        return _area(a, b, a.next) >= 0 and _area(a, a.prev, b) >= 0
    return _area(a, b, a.prev) < 0 or _area(a, a.next, b) < 0


def _middle_inside(a: _Node, b: _Node) -> bool:
    p = a
    inside = False
    px = (a.x + b.x) / 2
    py = (a.y + b.y) / 2
    while True:
        if (
            (p.y > py) != (p.next.y > py)
            and p.next.y != p.y
            and px < (p.next.x - p.x) * (py - p.y) / (p.next.y - p.y) + p.x
        ):
            inside = not inside
        p = p.next
        if p is a:
            break
    return inside


def _split_polygon(a: _Node, b: _Node) -> _Node:
    a2 = _Node(a.i, a.x, a.y)
    b2 = _Node(b.i, b.x, b.y)
    an = a.next
    bp = b.prev
    a.next = b
    b.prev = a
    a2.next = an
    an.prev = a2
    b2.next = a2
    a2.prev = b2
    bp.next = b2
    b2.prev = bp
    return b2


def _insert_node(i: int, x: float, y: float, last: _Node | None) -> _Node:
    p = _Node(i, x, y)
    if last is not None:
        p.next = last.next
        p.prev = last
        last.next.prev = p
        last.next = p
    return p


def _remove_node(p: _Node) -> None:
    p.next.prev = p.prev
    p.prev.next = p.next
    if p.prevZ is not None:
        p.prevZ.nextZ = p.nextZ
    if p.nextZ is not None:
        p.nextZ.prevZ = p.prevZ


def _signed_area(data: Sequence[float], start: int, end: int, dim: int) -> float:
    total = 0.0
    j = end - dim
    for i in range(start, end, dim):
        total += (data[j] - data[i]) * (data[i + 1] + data[j + 1])
        j = i
    return total
