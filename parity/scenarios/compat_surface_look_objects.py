# parity: {"atol": 1e-6, "rtol": 1e-6}
"""Port of compat_surface_look_objects.mjs against lite_compat's cameras, lights, materials
and textures.

Projection and view-projection matrices (perspective, horizontal fov, orthographic with and
without bounds, tilt, minZ clamp, ignoreCameraMaxZ, freeze), screenArea, setFocalLength,
forward rays, viewport and rig accessors, serialize/clone/Parse of cameras, UniversalCamera and
TouchCamera defaults, ArcRotateCamera input tuning and focusOn/zoomOn framing; texture
transforms (getTextureMatrix with and without homogeneous rotation, caching, clone, serialize,
readiness, reflection matrix) and a texture uOffset animation through a material path; shadow
view/projection matrices of point, spot and directional lights (fixed frustum and fitted to a
render list), depth ranges, getRotation, spot projection matrices, light
serialize/clone/Parse/toString; material alpha modes, freezing, alpha blending/testing
decisions, texture queries, PBR plugins and falloff switches, image processing shared per
scene, clone and serialize.
"""

from __future__ import annotations

import json
import math
from types import SimpleNamespace
from typing import Any

from lite_compat import (
    Animation,
    ArcRotateCamera,
    Camera,
    Color3,
    DirectionalLight,
    FreeCamera,
    HemisphericLight,
    Light,
    Material,
    Matrix,
    NullEngine,
    PBRMaterial,
    PointLight,
    Scene,
    SpotLight,
    StandardMaterial,
    Texture,
    TouchCamera,
    UniversalCamera,
    Vector3,
)


def num(x: float) -> float | str:
    return x if math.isfinite(x) else ("NaN" if math.isnan(x) else ("Infinity" if x > 0 else "-Infinity"))


def v3(v: Vector3) -> list[float | str]:
    return [num(v.x), num(v.y), num(v.z)]


def mat(m: Matrix) -> list[float | str]:
    return [num(x) for x in m.m]


def pick(o: Any, keys: list[str]) -> dict[str, Any]:
    return {k: getattr(o, k, None) for k in keys}


# (No Logger in Python: the JS script silences the NullEngine banner on stdout.)
engine = NullEngine()
scene = Scene(engine)

# ---------------------------------------------------------------- cameras
free = FreeCamera("free", Vector3(1, 2, -5), scene)
free.setTarget(Vector3.Zero())
cameras: dict[str, Any] = {}
cameras["perspective"] = {
    "view": mat(free.getViewMatrix()),
    "projection": mat(free.getProjectionMatrix()),
    "transformation": mat(free.getTransformationMatrix()),
    "screenArea": free.screenArea,
    "viewport": [free.viewport.x, free.viewport.y, free.viewport.width, free.viewport.height],
    "rig": [free.leftCamera, free.rightCamera, free.getLeftTarget(), free.getRightTarget(), free.isLeftCamera, free.isRightCamera],
    "rigModes": [Camera.RIG_MODE_STEREOSCOPIC_ANAGLYPH, Camera.RIG_MODE_VR, Camera.RIG_MODE_CUSTOM],
    "keys": [free.keysUp, free.keysDown, free.keysLeft, free.keysRight, free.keysUpward, free.keysDownward, free.keysRotateLeft],
    "angularSensibility": free.angularSensibility,
    "needMoveForGravity": free.needMoveForGravity,
    "toString": free.toString(),
}
ray = free.getForwardRay(7)
cameras["ray"] = {"origin": v3(ray.origin), "direction": v3(ray.direction), "length": ray.length}
free.fovMode = Camera.FOVMODE_HORIZONTAL_FIXED
cameras["horizontal"] = {"projection": mat(free.getProjectionMatrix()), "screenArea": free.screenArea}
free.fovMode = Camera.FOVMODE_VERTICAL_FIXED
free.setFocalLength(35)
cameras["focal"] = {"fov": free.fov, "projection": mat(free.getProjectionMatrix())}
free.minZ = 0
cameras["minZClamp"] = {"projection": mat(free.getProjectionMatrix()), "minZ": free.minZ}
free.ignoreCameraMaxZ = True
cameras["infinite"] = mat(free.getProjectionMatrix())
free.ignoreCameraMaxZ = False
free.rotation.x = 0.4
free.applyVerticalCorrection()
cameras["tilt"] = {"projectionPlaneTilt": free.projectionPlaneTilt, "projection": mat(free.getProjectionMatrix(True))}
free.projectionPlaneTilt = 0
free.freezeProjectionMatrix()
free.fov = 1.2
frozen = mat(free.getProjectionMatrix())
free.unfreezeProjectionMatrix()
cameras["freeze"] = {"frozen": frozen, "unfrozen": mat(free.getProjectionMatrix())}
free.mode = Camera.ORTHOGRAPHIC_CAMERA
cameras["orthoDefault"] = {"projection": mat(free.getProjectionMatrix()), "screenArea": free.screenArea}
free.orthoLeft = -4
free.orthoRight = 6
free.orthoBottom = -2
free.orthoTop = 3
cameras["orthoBounds"] = {"projection": mat(free.getProjectionMatrix()), "screenArea": free.screenArea}
free.mode = Camera.PERSPECTIVE_CAMERA
serialized = free.serialize()
serialized.pop("inputsmgr", None)
del serialized["uniqueId"]
cameras["serialize"] = serialized
copy = free.clone("copy")
cameras["clone"] = {"name": copy.name, "className": copy.getClassName(), "position": v3(copy.position), "rotation": v3(copy.rotation), "fov": copy.fov, "orthoTop": copy.orthoTop, "minZ": copy.minZ}
parsed = Camera.Parse(serialized, scene)
cameras["parsed"] = {"className": parsed.getClassName(), "position": v3(parsed.position), "fov": parsed.fov, "view": mat(parsed.getViewMatrix())}
fromName = Camera.GetConstructorFromName("ArcRotateCamera", "made", scene)()
unknown = Camera.GetConstructorFromName("NoSuchCamera", "fallback", scene)()
cameras["constructors"] = [fromName.getClassName(), fromName.alpha, fromName.beta, fromName.radius, unknown.getClassName()]

universal = UniversalCamera("universal", Vector3(0, 1, -10), scene)
touch = TouchCamera("touch", Vector3(0, 0, -3), scene)
cameras["universal"] = {
    "className": universal.getClassName(),
    "touchClassName": touch.getClassName(),
    "sensibilities": [universal.gamepadAngularSensibility, universal.gamepadMoveSensibility, universal.touchAngularSensibility, universal.touchMoveSensibility, touch.touchAngularSensibility],
    "speed": universal.speed,
    "projection": mat(universal.getProjectionMatrix()),
    "view": mat(universal.getViewMatrix()),
    "renderPassIds": [universal.renderPassId - free.renderPassId, touch.renderPassId - free.renderPassId],
}

arc = ArcRotateCamera("arc", 0.7, 1.1, 12, Vector3(1, 0, 2), scene)
cameras["arcDefaults"] = {
    "tuning": [arc.angularSensibilityX, arc.angularSensibilityY, arc.panningSensibility, arc.pinchPrecision, arc.pinchDeltaPercentage, arc.wheelPrecision, arc.wheelDeltaPercentage, arc.useNaturalPinchZoom, arc.zoomToMouseLocation],
    "keys": [arc.keysUp, arc.keysDown, arc.keysLeft, arc.keysRight],
    "behaviors": [arc.useAutoRotationBehavior, arc.useBouncingBehavior, arc.useFramingBehavior, arc.autoRotationBehavior, arc.isInterpolating],
    "projection": mat(arc.getProjectionMatrix()),
    "transformation": mat(arc.getTransformationMatrix()),
}
arcSerialized = arc.serialize()
arcSerialized.pop("inputsmgr", None)
del arcSerialized["uniqueId"]
arcSerialized["lowerTargetYLimit"] = num(arc.lowerTargetYLimit)
cameras["arcSerialize"] = arcSerialized
arc.focusOn({"min": Vector3(-1, -2, -3), "max": Vector3(3, 4, 5), "distance": 6})
arc.getViewMatrix()
cameras["focusOn"] = {"target": v3(arc.target), "maxZ": arc.maxZ, "radius": arc.radius, "position": v3(arc.position)}


def fakeMesh(low: Vector3, high: Vector3) -> SimpleNamespace:
    info = SimpleNamespace(boundingBox=SimpleNamespace(minimumWorld=low, maximumWorld=high))
    return SimpleNamespace(getBoundingInfo=lambda: info)


arc.lowerRadiusLimit = 2
arc.zoomOn([fakeMesh(Vector3(-1, 0, -1), Vector3(1, 2, 1)), fakeMesh(Vector3(0, -3, 0), Vector3(4, 1, 0.5))])
arc.getViewMatrix()
cameras["zoomOn"] = {"target": v3(arc.target), "maxZ": arc.maxZ, "radius": arc.radius, "position": v3(arc.position)}
arc.mode = Camera.ORTHOGRAPHIC_CAMERA
arc.zoomOn([fakeMesh(Vector3(-1, 0, -1), Vector3(1, 2, 1))], True)
cameras["zoomOnOrtho"] = {"ortho": [arc.orthoLeft, arc.orthoRight, arc.orthoBottom, arc.orthoTop], "radius": arc.radius, "maxZ": arc.maxZ, "projection": mat(arc.getProjectionMatrix())}
arcClone = arc.clone("arcClone")
cameras["arcClone"] = {"alpha": arcClone.alpha, "beta": arcClone.beta, "radius": arcClone.radius, "target": v3(arcClone.target), "mode": arcClone.mode, "className": arcClone.getClassName()}

# goal interpolation, one update() per 100 ms frame (the engine delta is set by hand)
glide = ArcRotateCamera("glide", 0, 1, 10, Vector3.Zero(), scene)
glide.upperRadiusLimit = 18
glide.interpolateTo(1.2, 0.6, 25, Vector3(1, 2, 0), None, 0.2)
engine._deltaTime = 100
glideFrames: list[dict[str, Any]] = []
for i in range(30):
    glide.update()
    if i % 5 == 4:
        glideFrames.append({"alpha": glide.alpha, "beta": glide.beta, "radius": glide.radius, "target": v3(glide.target), "position": v3(glide.position), "interpolating": glide.isInterpolating})
glide.interpolateTo(math.nan, math.nan, 12)
glide.inertialAlphaOffset = 0.05
glide.update()
glideFrames.append({"radius": glide.radius, "alpha": glide.alpha, "interpolating": glide.isInterpolating})
engine._deltaTime = 0
cameras["interpolation"] = glideFrames

# ---------------------------------------------------------------- textures
textures: dict[str, Any] = {}
empty = Texture(None, scene)
grass = Texture("textures/grass.png", scene)


def texDefaults(t: Texture) -> dict[str, Any]:
    return {
        "name": t.name, "url": t.url, "ready": t.isReady(), "size": [t.getSize().width, t.getSize().height],
        "baseSize": [t.getBaseSize().width, t.getBaseSize().height], "readyOrNotBlocking": t.isReadyOrNotBlocking(),
        "uv": [t.uOffset, t.vOffset, t.uScale, t.vScale, t.uAng, t.vAng, t.wAng, t.uRotationCenter, t.vRotationCenter, t.wRotationCenter],
        "flags": [t.level, t.coordinatesIndex, t.coordinatesMode, t.hasAlpha, t.getAlphaFromRGB, t.gammaSpace, t.invertY, t.invertZ, t.noMipmap, t.samplingMode, t.wrapU, t.wrapV, t.wrapR, t.anisotropicFilteringLevel, t.isBlocking, t.isCube, t.is3D, t.is2DArray, t.isRenderTarget, t.canRescale, t.textureType, t.textureFormat, t.delayLoadState, t.loadingError],
        "className": t.getClassName(), "toString": t.toString(), "animations": len(t.animations),
    }


textures["empty"] = texDefaults(empty)
textures["grass"] = texDefaults(grass)
textures["identity"] = mat(grass.getTextureMatrix())
grass.uOffset = 0.25
grass.vScale = 2
grass.wAng = 0.3
textures["offsetScaleRotate"] = mat(grass.getTextureMatrix())
grass.uAng = 0.2
grass.vAng = -0.6
grass.uScale = 3
grass.vOffset = -0.5
textures["allAngles"] = mat(grass.getTextureMatrix())
textures["uBase"] = mat(grass.getTextureMatrix(0.5))
grass.uRotationCenter = 0
grass.vRotationCenter = 0
textures["zeroCentres"] = mat(grass.getTextureMatrix())
grass.homogeneousRotationInUVTransform = True
textures["homogeneous"] = mat(grass.getTextureMatrix())
grass.homogeneousRotationInUVTransform = False
textures["reflection"] = mat(grass.getReflectionTextureMatrix())
grass.coordinatesMode = Texture.PLANAR_MODE
textures["reflectionPlanar"] = mat(grass.getReflectionTextureMatrix())
grass.level = 0.5
grass.hasAlpha = True
grass.coordinatesIndex = 1
grassCopy = grass.clone()
textures["clone"] = {**texDefaults(grassCopy), "matrix": mat(grassCopy.getTextureMatrix())}
texSerialized = grass.serialize()
textures["serialize"] = texSerialized
textures["serializeEmpty"] = empty.serialize()
parsedTexture = Texture.Parse(texSerialized, scene, "root/")
textures["parsed"] = {**texDefaults(parsedTexture), "matrix": mat(parsedTexture.getTextureMatrix())}
fromBase64 = Texture.CreateFromBase64String("data:image/png;base64,AAAA", "inline.png", scene)
textures["base64"] = {"name": fromBase64.name, "url": fromBase64.url, "ready": fromBase64.isReady()}
whenReady = [0]
Texture.WhenAllReady([grass, grassCopy], lambda: whenReady.__setitem__(0, whenReady[0] + 1))
textures["whenAllReady"] = whenReady[0]
grass.updateSamplingMode(Texture.NEAREST_SAMPLINGMODE)
textures["samplingMode"] = grass.samplingMode
textures["constants"] = [Texture.CLAMP_ADDRESSMODE, Texture.WRAP_ADDRESSMODE, Texture.MIRROR_ADDRESSMODE, Texture.TRILINEAR_SAMPLINGMODE, Texture.EXPLICIT_MODE, Texture.SPHERICAL_MODE, Texture.PROJECTION_MODE, Texture.SKYBOX_MODE, Texture.EQUIRECTANGULAR_MODE]
before = len(scene.textures)
grassCopy.dispose()
textures["disposeRemoves"] = before - len(scene.textures)

# a texture as an animation target, through the material path "diffuseTexture.uOffset"
animated = StandardMaterial("animated", scene)
animated.diffuseTexture = Texture("textures/flow.png", scene)
scroll = Animation("scroll", "diffuseTexture.uOffset", 30, Animation.ANIMATIONTYPE_FLOAT, Animation.ANIMATIONLOOPMODE_CYCLE)
scroll.setKeys([{"frame": 0, "value": 0}, {"frame": 30, "value": 1}])
spin = Animation("spin", "wAng", 30, Animation.ANIMATIONTYPE_FLOAT, Animation.ANIMATIONLOOPMODE_CONSTANT)
spin.setKeys([{"frame": 0, "value": 0}, {"frame": 30, "value": math.pi}])
scene.beginDirectAnimation(animated, [scroll], 0, 30, True)
scene.beginDirectAnimation(animated.diffuseTexture, [spin], 0, 30, False)
uvFrames = []
for i in range(40):
    scene._animate(16)
    if i % 8 == 7:
        uvFrames.append({"uOffset": animated.diffuseTexture.uOffset, "wAng": animated.diffuseTexture.wAng, "matrix": mat(animated.diffuseTexture.getTextureMatrix())})
textures["animated"] = uvFrames

# ---------------------------------------------------------------- lights
lights: dict[str, Any] = {}
scene.activeCamera = free
point = PointLight("point", Vector3(1, 5, 2), scene)
point.direction = Vector3(0, -1, 0.5)
lights["point"] = {
    "view": mat(point.getViewMatrix()),
    "projection": mat(point.getProjectionMatrix()),
    "depth": [point.getDepthMinZ(free), point.getDepthMaxZ(free), point.getDepthMinZ(None), point.getDepthMaxZ(None)],
    "needCube": point.needCube(),
    "rotation": v3(point.getRotation()),
    "shadowGenerators": [point.getShadowGenerator(), point.getShadowGenerators()],
    "texturesReady": point.areLightTexturesReady(),
    "toString": point.toString(),
}
point.shadowMinZ = 0.5
point.shadowMaxZ = 50
lights["pointRange"] = {"projection": mat(point.getProjectionMatrix()), "depth": [point.getDepthMinZ(free), point.getDepthMaxZ(free)]}
spot = SpotLight("spot", Vector3(-2, 4, 1), Vector3(0.3, -1, 0.2), math.pi / 3, 2, scene)
lights["spot"] = {
    "view": mat(spot.getViewMatrix()),
    "projection": mat(spot.getProjectionMatrix()),
    "rotation": v3(spot.getRotation()),
    "projectionDefaults": [spot.projectionTextureLightNear, spot.projectionTextureLightFar, v3(spot.projectionTextureUpDirection), spot.projectionTexture, spot.iesProfileTexture],
    "projectionTextureMatrix": mat(spot.projectionTextureMatrix),
    "projectionLightMatrix": mat(spot.projectionTextureProjectionLightMatrix),
}
spot.shadowAngleScale = 0.5
lights["spotScaled"] = mat(spot.getProjectionMatrix())
sun = DirectionalLight("sun", Vector3(-1, -2, -1), scene)
sun.position = Vector3(10, 20, 10)
sun.shadowFrustumSize = 30
lights["sunFixed"] = {"view": mat(sun.getViewMatrix()), "projection": mat(sun.getProjectionMatrix())}
sun.shadowFrustumSize = 0


def box(low: Vector3, high: Vector3) -> SimpleNamespace:
    corners = [Vector3(x, y, z) for x in (low.x, high.x) for y in (low.y, high.y) for z in (low.z, high.z)]
    info = SimpleNamespace(boundingBox=SimpleNamespace(vectorsWorld=corners))
    return SimpleNamespace(getBoundingInfo=lambda: info)


renderList = [box(Vector3(-1, 0, -1), Vector3(1, 2, 1)), box(Vector3(3, -1, 2), Vector3(5, 1, 4))]
sunView = sun.getViewMatrix()
lights["sunFitted"] = {"projection": mat(sun.getProjectionMatrix(sunView, renderList)), "ortho": [sun.orthoLeft, sun.orthoRight, sun.orthoBottom, sun.orthoTop]}
sun.autoCalcShadowZBounds = True
lights["sunZBounds"] = {"projection": mat(sun.getProjectionMatrix(sunView, renderList)), "z": [sun.shadowMinZ, sun.shadowMaxZ]}
hemi = HemisphericLight("hemi", Vector3(0, 1, 0.2), scene)
lights["hemi"] = {"view": hemi.getViewMatrix(), "projection": hemi.getProjectionMatrix(), "toString": hemi.toString()}


def strip(o: dict[str, Any]) -> dict[str, Any]:
    del o["uniqueId"]
    if "projectionTextureUpDirection" in o:
        o["projectionTextureUpDirection"] = v3(o["projectionTextureUpDirection"])
    return o


lights["serialize"] = [strip(point.serialize()), strip(spot.serialize()), strip(sun.serialize()), strip(hemi.serialize())]
spotCopy = spot.clone("spotCopy")
lights["clone"] = {"name": spotCopy.name, "className": spotCopy.getClassName(), "position": v3(spotCopy.position), "direction": v3(spotCopy.direction), "angle": spotCopy.angle, "exponent": spotCopy.exponent, "shadowAngleScale": spotCopy.shadowAngleScale, "enabled": spotCopy.isEnabled()}
parsedLight = Light.Parse(sun.serialize(), scene)
lights["parsed"] = {"className": parsedLight.getClassName(), "direction": v3(parsedLight.direction), "position": v3(parsedLight.position), "shadowOrthoScale": parsedLight.shadowOrthoScale}
lights["unknownType"] = Light.GetConstructorFromName(42, "x", scene)

# ---------------------------------------------------------------- materials
materials: dict[str, Any] = {}
std = StandardMaterial("std", scene)
pbr = PBRMaterial("pbr", scene)
base = Material("base", scene)


def matState(m: Any) -> dict[str, Any]:
    test_texture = m.getAlphaTestTexture()
    return {
        "alphaMode": m.alphaMode, "alphaModes": list(m.alphaModes), "isFrozen": m.isFrozen, "needDepthPrePass": m.needDepthPrePass,
        "transparencyMode": m.transparencyMode, "needAlphaTesting": m.needAlphaTesting(),
        "activeTextures": len(m.getActiveTextures()), "alphaTestTexture": test_texture.name if test_texture is not None else None,
        "hasNull": m.hasTexture(None), "isReady": m.isReady(), "canRenderToMRT": m.canRenderToMRT, "isPrePassCapable": m.isPrePassCapable,
        "flags": [m.allowShaderHotSwapping, m.blockDirtyMechanism, m.shaderLanguage, m.textureRepetitionMode, m.useVertexPulling, m.isVertexOutputInvariant, m.hasRenderTargetTextures],
        "hexTiling": list(m.textureRepetitionHexTilingParams), "toString": m.toString(),
        "useLogarithmicDepth": m.useLogarithmicDepth,
    }


materials["base"] = matState(base)
materials["std"] = matState(std)
materials["pbr"] = matState(pbr)
materials["constants"] = [Material.TextureDirtyFlag, Material.LightDirtyFlag, Material.FresnelDirtyFlag, Material.AttributesDirtyFlag, Material.MiscDirtyFlag, Material.PrePassDirtyFlag, Material.ImageProcessingDirtyFlag, Material.AllDirtyFlag, Material.MATERIAL_OPAQUE, Material.MATERIAL_ALPHATEST, Material.MATERIAL_ALPHABLEND, Material.MATERIAL_ALPHATESTANDBLEND, Material.MATERIAL_NORMALBLENDMETHOD_RNM, Material.LIGHTFALLOFF_STANDARD]
materials["stdStatics"] = [StandardMaterial.DiffuseTextureEnabled, StandardMaterial.BumpTextureEnabled, StandardMaterial.FresnelEnabled]
materials["stencil"] = pick(std.stencil, ["func", "backFunc", "funcRef", "funcMask", "opStencilFail", "opDepthFail", "opStencilDepthPass", "mask", "enabled"])
materials["imageProcessing"] = {
    "shared": std.imageProcessingConfiguration is pbr.imageProcessingConfiguration,
    "camera": [std.cameraExposure, std.cameraContrast, std.cameraToneMappingEnabled, std.cameraColorCurvesEnabled, std.cameraColorGradingEnabled, std.cameraColorGradingTexture],
    "curves": pick(std.cameraColorCurves, ["globalHue", "globalDensity", "highlightsHue", "shadowsExposure"]),
}
std.cameraExposure = 1.5
materials["imageProcessing"]["afterSet"] = [pbr.cameraExposure, std.imageProcessingConfiguration.exposure]
materials["pbrPlugins"] = {
    "clearCoat": pick(pbr.clearCoat, ["isEnabled", "intensity", "roughness", "indexOfRefraction", "useRoughnessFromMainTexture", "remapF0OnInterfaceChange", "isTintEnabled", "tintColorAtDistance", "tintThickness"]),
    "sheen": pick(pbr.sheen, ["isEnabled", "intensity", "linkSheenWithAlbedo", "useRoughnessFromMainTexture", "roughness", "albedoScaling"]),
    "iridescence": pick(pbr.iridescence, ["isEnabled", "intensity", "minimumThickness", "maximumThickness", "indexOfRefraction"]),
    "anisotropy": {**pick(pbr.anisotropy, ["isEnabled", "intensity", "angle", "legacy"]), "direction": [pbr.anisotropy.direction.x, pbr.anisotropy.direction.y]},
    "subSurface": pick(pbr.subSurface, ["isRefractionEnabled", "isTranslucencyEnabled", "refractionIntensity", "translucencyIntensity", "indexOfRefraction", "volumeIndexOfRefraction", "minimumThickness", "maximumThickness", "useGltfStyleTextures"]),
    "brdf": pick(pbr.brdf, ["useEnergyConservation", "useSmithVisibilityHeightCorrelated", "useSphericalHarmonics", "baseDiffuseModel"]),
    "detailMap": pick(pbr.detailMap, ["isEnabled", "diffuseBlendLevel", "roughnessBlendLevel", "bumpLevel", "normalBlendMethod"]),
    "flags": [pbr.useHorizonOcclusion, pbr.useRadianceOcclusion, pbr.realTimeFiltering, pbr.realTimeFilteringQuality, pbr.debugMode, pbr.debugLimit, pbr.debugFactor, pbr.parallaxScaleBias, PBRMaterial.DEFAULT_AO_ON_ANALYTICAL_LIGHTS],
    "falloff": [pbr.usePhysicalLightFalloff, pbr.useGLTFLightFalloff],
    "metallicWorkflow": pbr.isMetallicWorkflow(),
}
pbr.useGLTFLightFalloff = True
gltfFalloff = [pbr.usePhysicalLightFalloff, pbr.useGLTFLightFalloff]
pbr.usePhysicalLightFalloff = False
materials["pbrPlugins"]["falloffSwitches"] = [gltfFalloff, [pbr.usePhysicalLightFalloff, pbr.useGLTFLightFalloff]]
pbr.metallic = 0.3
materials["pbrPlugins"]["metallicWorkflowAfter"] = pbr.isMetallicWorkflow()

std.diffuseTexture = Texture("textures/diffuse.png", scene)
std.opacityTexture = Texture("textures/opacity.png", scene)
materials["stdWithTextures"] = matState(std)
std.diffuseTexture.hasAlpha = True
materials["stdAlphaTest"] = {"needAlphaTesting": std.needAlphaTesting(), "hasDiffuse": std.hasTexture(std.diffuseTexture), "hasOther": std.hasTexture(grass)}
meshLike = SimpleNamespace(visibility=1, hasVertexAlpha=False)
materials["decisions"] = [std.needAlphaBlendingForMesh(meshLike), std.needAlphaTestingForMesh(meshLike)]
meshLike.visibility = 0.5
materials["decisions"] += [std.needAlphaBlendingForMesh(meshLike), std.needAlphaTestingForMesh(meshLike)]
std.transparencyMode = Material.MATERIAL_ALPHATESTANDBLEND
materials["decisions"] += [std.needAlphaBlendingForMesh(meshLike), std.needAlphaTestingForMesh(meshLike), std.needAlphaTesting()]
std.transparencyMode = Material.MATERIAL_OPAQUE
meshLike.visibility = 1
materials["decisions"] += [std.needAlphaBlendingForMesh(meshLike), std.needAlphaTestingForMesh(meshLike)]
std.transparencyMode = None
std.freeze()
frozenState = std.isFrozen
std.unfreeze()
materials["freeze"] = [frozenState, std.isFrozen]
atomic: list[Any] = [None]
std.atomicMaterialsUpdate(lambda m: atomic.__setitem__(0, m.blockDirtyMechanism))
materials["atomic"] = [atomic[0], std.blockDirtyMechanism]
std.alphaMode = 1
std.setAlphaMode(7, 2)
materials["alphaModes"] = [std.alphaMode, list(std.alphaModes)]
std.alphaMode = 2
std.useLogarithmicDepth = True
materials["logarithmicDepth"] = std.useLogarithmicDepth
std.diffuseColor = Color3(0.2, 0.4, 0.6)
std.specularPower = 32
std.backFaceCulling = False
stdCopy = std.clone("stdCopy")
materials["clone"] = {
    "name": stdCopy.name, "id": stdCopy.id, "className": stdCopy.getClassName(), "diffuse": [stdCopy.diffuseColor.r, stdCopy.diffuseColor.g, stdCopy.diffuseColor.b],
    "specularPower": stdCopy.specularPower, "backFaceCulling": stdCopy.backFaceCulling, "diffuseTexture": stdCopy.diffuseTexture.name,
    "textureShared": stdCopy.diffuseTexture is std.diffuseTexture, "colorShared": stdCopy.diffuseColor is std.diffuseColor,
    "diffuseTextureHasAlpha": stdCopy.diffuseTexture.hasAlpha, "activeTextures": len(stdCopy.getActiveTextures()),
}
stdSerialized = std.serialize()
materials["serialize"] = {k: stdSerialized.get(k) for k in ["diffuse", "specular", "ambient", "emissive", "specularPower", "alpha", "backFaceCulling", "id", "name", "_alphaMode", "fillMode", "cullBackFaces", "indexOfRefraction", "maxSimultaneousLights"]}
materials["serialize"]["diffuseTexture"] = stdSerialized["diffuseTexture"]["name"]
parsedMaterial = Material.Parse(stdSerialized, scene, "")
materials["parsed"] = {"className": parsedMaterial.getClassName(), "diffuse": [parsedMaterial.diffuseColor.r, parsedMaterial.diffuseColor.g, parsedMaterial.diffuseColor.b], "specularPower": parsedMaterial.specularPower, "backFaceCulling": parsedMaterial.backFaceCulling, "diffuseTexture": parsedMaterial.diffuseTexture.name, "alphaModes": list(parsedMaterial.alphaModes)}

print(json.dumps({"cameras": cameras, "textures": textures, "lights": lights, "materials": materials}))
