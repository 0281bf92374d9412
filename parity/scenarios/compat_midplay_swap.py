# parity: {"atol": 1e-5, "rtol": 1e-5, "quaternion_paths": ["$.cases.*.frames[*].q"]}
"""Port of compat_midplay_swap.mjs (issue 29): objects swapped under running animations.

position / rotation / scaling vectors, rotationQuaternion (replaced or set to None), a mesh's
material, a material's diffuseColor, a position shared between two nodes and an animatable's
target, changed after 6 steps of scene._animate(50) under animations started by
beginAnimation, beginDirectAnimation and an AnimationGroup. See the .mjs for the details.
"""

import json

import lite_compat as BABYLON  # noqa: N812 (ports read like the Babylon script)

engine = BABYLON.NullEngine()
CASES = [
    "pos_x",
    "rot_y",
    "scale_x",
    "pos_whole",
    "quat_whole",
    "quat_null",
    "mat_alpha",
    "mat_color",
    "color_whole",
    "shared_whole",
    "shared_mid",
    "shared_x",
    "target_swap",
]
DRIVERS = ["begin", "direct", "group"]
Animation = BABYLON.Animation
Vector3 = BABYLON.Vector3
Quaternion = BABYLON.Quaternion
Color3 = BABYLON.Color3


def makeAnimation(path, type_, from_, to):
    anim = Animation(path, path, 30, type_, Animation.ANIMATIONLOOPMODE_CYCLE)
    anim.setKeys(
        [
            {"frame": 0, "value": from_},
            {"frame": 30, "value": to},
        ]
    )
    return anim


def arr(v):
    return v.asArray() if v else None


cases = {}
for name in CASES:
    for driver in DRIVERS:
        scene = BABYLON.Scene(engine)
        BABYLON.FreeCamera("camera", Vector3(0, 0, -10), scene)
        node = BABYLON.TransformNode("node", scene)
        other = BABYLON.TransformNode("other", scene)
        mesh = BABYLON.MeshBuilder.CreateBox("box", {}, scene)
        matA = BABYLON.StandardMaterial("matA", scene)
        matB = BABYLON.StandardMaterial("matB", scene)
        mesh.material = matA
        target = node
        if name in ("pos_x", "target_swap"):
            anim = makeAnimation("position.x", Animation.ANIMATIONTYPE_FLOAT, 0, 3)
        elif name == "rot_y":
            anim = makeAnimation("rotation.y", Animation.ANIMATIONTYPE_FLOAT, 0, 3)
        elif name == "scale_x":
            anim = makeAnimation("scaling.x", Animation.ANIMATIONTYPE_FLOAT, 1, 3)
        elif name in ("pos_whole", "shared_whole", "shared_mid"):
            anim = makeAnimation(
                "position", Animation.ANIMATIONTYPE_VECTOR3, Vector3(0, 0, 0), Vector3(3, 2, 1)
            )
        elif name in ("quat_whole", "quat_null"):
            node.rotationQuaternion = Quaternion.Identity()
            anim = makeAnimation(
                "rotationQuaternion",
                Animation.ANIMATIONTYPE_QUATERNION,
                Quaternion.Identity(),
                Quaternion.RotationYawPitchRoll(1, 0.5, 0),
            )
        elif name == "mat_alpha":
            target = mesh
            anim = makeAnimation("material.alpha", Animation.ANIMATIONTYPE_FLOAT, 1, 0)
        elif name == "mat_color":
            target = mesh
            anim = makeAnimation(
                "material.diffuseColor",
                Animation.ANIMATIONTYPE_COLOR3,
                Color3(0, 0, 0),
                Color3(1, 0.5, 0.25),
            )
        elif name == "color_whole":
            target = matA
            anim = makeAnimation(
                "diffuseColor",
                Animation.ANIMATIONTYPE_COLOR3,
                Color3(0, 0, 0),
                Color3(1, 0.5, 0.25),
            )
        else:
            anim = makeAnimation("position.x", Animation.ANIMATIONTYPE_FLOAT, 0, 3)
        if name in ("shared_whole", "shared_x"):
            node.position = other.position
        if driver == "begin":
            target.animations = [anim]
            player = scene.beginAnimation(target, 0, 30, True)
        elif driver == "direct":
            player = scene.beginDirectAnimation(target, [anim], 0, 30, True)
        else:
            player = BABYLON.AnimationGroup("group", scene)
            player.addTargetedAnimation(anim, target)
            player.start(True)
        for _i in range(6):
            scene._animate(50)
        old = None
        swapped = None
        if name in ("pos_x", "pos_whole"):
            old = node.position
            swapped = Vector3(0, 1, 0)
            node.position = swapped
        elif name == "rot_y":
            old = node.rotation
            swapped = Vector3(0, 0, 0.5)
            node.rotation = swapped
        elif name == "scale_x":
            old = node.scaling
            swapped = Vector3(2, 2, 2)
            node.scaling = swapped
        elif name == "quat_whole":
            old = node.rotationQuaternion
            swapped = Quaternion(0, 0, 0, 1)
            node.rotationQuaternion = swapped
        elif name == "quat_null":
            old = node.rotationQuaternion
            node.rotationQuaternion = None
        elif name in ("mat_alpha", "mat_color"):
            mesh.material = matB
        elif name == "color_whole":
            old = matA.diffuseColor
            swapped = Color3(0, 0, 1)
            matA.diffuseColor = swapped
        elif name == "shared_mid":
            node.position = other.position
        elif name == "target_swap":
            if driver == "group":
                player.targetedAnimations[0].target = other
            else:
                player.target = other
        frames = []
        for i in range(11):
            if i > 0:
                scene._animate(50)
            f = {"node_p": arr(node.position)}
            if name == "rot_y":
                f["node_r"] = arr(node.rotation)
            if name == "scale_x":
                f["node_s"] = arr(node.scaling)
            if name.startswith("shared") or name == "target_swap":
                f["other_p"] = arr(other.position)
            if name in ("quat_whole", "quat_null"):
                f["q"] = arr(node.rotationQuaternion)
                f["old_q"] = arr(old)
            elif name in ("mat_alpha", "mat_color"):
                f["alpha"] = [matA.alpha, matB.alpha, mesh.material.alpha]
                f["color"] = [*matA.diffuseColor.asArray(), *matB.diffuseColor.asArray()]
            elif name == "color_whole":
                f["color"] = [
                    *matA.diffuseColor.asArray(),
                    *swapped.asArray(),
                    *old.asArray(),
                ]
            elif old:
                f["old"] = arr(old)
                f["swapped"] = arr(swapped)
            frames.append(f)
        cases[f"{name}_{driver}"] = {
            "frames": frames,
            "same_object": node.position is other.position,
        }
        scene.dispose()

print(json.dumps({"cases": cases}))
