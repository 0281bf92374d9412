# parity: {"atol": 1e-6, "rtol": 1e-6}
"""Port of compat_surface_scene_render_bounds.mjs: scene.render() computes the world matrices
and bounding info of the enabled, ready, non-zero-scaled meshes once per frame."""

from __future__ import annotations

import json

from lite_compat import Animation, FreeCamera, MeshBuilder, NullEngine, Scene, Space, Vector3

scene = Scene(NullEngine())
scene.useConstantAnimationDeltaTime = True
FreeCamera("camera", Vector3(0, 0, -10), scene)


def v(p):
    return [p.x, p.y, p.z]


box = MeshBuilder.CreateBox("box", {"width": 2, "height": 1, "depth": 0.5}, scene)
box.rotate(Vector3(0, 1, 0), 0.5, Space.LOCAL)
box.position.x = 2
sphere = MeshBuilder.CreateSphere("sphere", {"diameter": 1, "segments": 4}, scene)
sphere.parent = box
sphere.position.y = 3
off = MeshBuilder.CreateBox("off", {}, scene)
off.position.z = 5
off.setEnabled(False)
flat = MeshBuilder.CreateBox("flat", {}, scene)
flat.position.y = -4
flat.scaling.y = 0
meshes = [box, sphere, off, flat]


def bounds():
    out = {}
    for m in meshes:
        b = m.getBoundingInfo().boundingBox
        out[m.name] = {"min": v(b.minimumWorld), "max": v(b.maximumWorld), "center": v(b.centerWorld)}
    return out


out = {"before": bounds()}
scene.render()
out["afterRender"] = bounds()
box.position.x = -1
off.position.z = 7
flat.position.y = -6
out["movedNoRender"] = bounds()
scene.render()
out["afterSecondRender"] = bounds()
slide = Animation("slide", "position.y", 60, Animation.ANIMATIONTYPE_FLOAT, Animation.ANIMATIONLOOPMODE_CYCLE)
slide.setKeys([{"frame": 0, "value": 0}, {"frame": 30, "value": 3}, {"frame": 60, "value": 0}])
box.animations.append(slide)
scene.beginAnimation(box, 0, 60, True)
out["frames"] = []
for _ in range(12):
    scene.render()
    out["frames"].append(bounds())
print(json.dumps(out))
