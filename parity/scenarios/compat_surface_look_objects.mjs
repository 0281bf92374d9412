// parity: {"atol": 1e-6, "rtol": 1e-6}
// Babylon.js 9.31 cameras, lights, materials and textures beyond their transforms: projection
// and view-projection matrices (perspective, horizontal fov, orthographic with and without
// bounds, tilt, minZ clamp, ignoreCameraMaxZ, freeze), screenArea, setFocalLength, forward
// rays, viewport and rig accessors, serialize/clone/Parse of cameras, UniversalCamera and
// TouchCamera defaults, ArcRotateCamera input tuning and focusOn/zoomOn framing; texture
// transforms (getTextureMatrix with and without homogeneous rotation, caching, clone,
// serialize, readiness, reflection matrix) and a texture uOffset animation through a
// material path; shadow view/projection matrices of point, spot and directional lights
// (fixed frustum and fitted to a render list), depth ranges, getRotation, spot projection
// matrices, light serialize/clone/Parse/toString; material alpha modes, freezing, alpha
// blending/testing decisions, texture queries, PBR plugins and falloff switches, image
// processing shared per scene, clone and serialize.
import {
    Animation,
    ArcRotateCamera,
    Camera,
    Color3,
    DirectionalLight,
    FreeCamera,
    HemisphericLight,
    Light,
    Logger,
    Material,
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
} from "@babylonjs/core";

const num = (x) => (Number.isFinite(x) ? x : String(x));
const v3 = (v) => [num(v.x), num(v.y), num(v.z)];
const mat = (m) => Array.from(m.m).map(num);
const pick = (o, keys) => Object.fromEntries(keys.map((k) => [k, o[k] === undefined ? null : o[k]]));

Logger.LogLevels = Logger.NoneLogLevel;
const engine = new NullEngine();
const scene = new Scene(engine);

// ---------------------------------------------------------------- cameras
const free = new FreeCamera("free", new Vector3(1, 2, -5), scene);
free.setTarget(Vector3.Zero());
const cameras = {};
cameras.perspective = {
    view: mat(free.getViewMatrix()),
    projection: mat(free.getProjectionMatrix()),
    transformation: mat(free.getTransformationMatrix()),
    screenArea: free.screenArea,
    viewport: [free.viewport.x, free.viewport.y, free.viewport.width, free.viewport.height],
    rig: [free.leftCamera, free.rightCamera, free.getLeftTarget(), free.getRightTarget(), free.isLeftCamera, free.isRightCamera],
    rigModes: [Camera.RIG_MODE_STEREOSCOPIC_ANAGLYPH, Camera.RIG_MODE_VR, Camera.RIG_MODE_CUSTOM],
    keys: [free.keysUp, free.keysDown, free.keysLeft, free.keysRight, free.keysUpward, free.keysDownward, free.keysRotateLeft],
    angularSensibility: free.angularSensibility,
    needMoveForGravity: free.needMoveForGravity,
    toString: free.toString(),
};
const ray = free.getForwardRay(7);
cameras.ray = { origin: v3(ray.origin), direction: v3(ray.direction), length: ray.length };
free.fovMode = Camera.FOVMODE_HORIZONTAL_FIXED;
cameras.horizontal = { projection: mat(free.getProjectionMatrix()), screenArea: free.screenArea };
free.fovMode = Camera.FOVMODE_VERTICAL_FIXED;
free.setFocalLength(35);
cameras.focal = { fov: free.fov, projection: mat(free.getProjectionMatrix()) };
free.minZ = 0;
cameras.minZClamp = { projection: mat(free.getProjectionMatrix()), minZ: free.minZ };
free.ignoreCameraMaxZ = true;
cameras.infinite = mat(free.getProjectionMatrix());
free.ignoreCameraMaxZ = false;
free.rotation.x = 0.4;
free.applyVerticalCorrection();
cameras.tilt = { projectionPlaneTilt: free.projectionPlaneTilt, projection: mat(free.getProjectionMatrix(true)) };
free.projectionPlaneTilt = 0;
free.freezeProjectionMatrix();
free.fov = 1.2;
const frozen = mat(free.getProjectionMatrix());
free.unfreezeProjectionMatrix();
cameras.freeze = { frozen, unfrozen: mat(free.getProjectionMatrix()) };
free.mode = Camera.ORTHOGRAPHIC_CAMERA;
cameras.orthoDefault = { projection: mat(free.getProjectionMatrix()), screenArea: free.screenArea };
free.orthoLeft = -4;
free.orthoRight = 6;
free.orthoBottom = -2;
free.orthoTop = 3;
cameras.orthoBounds = { projection: mat(free.getProjectionMatrix()), screenArea: free.screenArea };
free.mode = Camera.PERSPECTIVE_CAMERA;
const serialized = free.serialize();
delete serialized.inputsmgr;
delete serialized.uniqueId;
cameras.serialize = serialized;
const copy = free.clone("copy");
cameras.clone = { name: copy.name, className: copy.getClassName(), position: v3(copy.position), rotation: v3(copy.rotation), fov: copy.fov, orthoTop: copy.orthoTop, minZ: copy.minZ };
const parsed = Camera.Parse(serialized, scene);
cameras.parsed = { className: parsed.getClassName(), position: v3(parsed.position), fov: parsed.fov, view: mat(parsed.getViewMatrix()) };
const fromName = Camera.GetConstructorFromName("ArcRotateCamera", "made", scene)();
const unknown = Camera.GetConstructorFromName("NoSuchCamera", "fallback", scene)();
cameras.constructors = [fromName.getClassName(), fromName.alpha, fromName.beta, fromName.radius, unknown.getClassName()];

const universal = new UniversalCamera("universal", new Vector3(0, 1, -10), scene);
const touch = new TouchCamera("touch", new Vector3(0, 0, -3), scene);
cameras.universal = {
    className: universal.getClassName(),
    touchClassName: touch.getClassName(),
    sensibilities: [universal.gamepadAngularSensibility, universal.gamepadMoveSensibility, universal.touchAngularSensibility, universal.touchMoveSensibility, touch.touchAngularSensibility],
    speed: universal.speed,
    projection: mat(universal.getProjectionMatrix()),
    view: mat(universal.getViewMatrix()),
    renderPassIds: [universal.renderPassId - free.renderPassId, touch.renderPassId - free.renderPassId],
};

const arc = new ArcRotateCamera("arc", 0.7, 1.1, 12, new Vector3(1, 0, 2), scene);
cameras.arcDefaults = {
    tuning: [arc.angularSensibilityX, arc.angularSensibilityY, arc.panningSensibility, arc.pinchPrecision, arc.pinchDeltaPercentage, arc.wheelPrecision, arc.wheelDeltaPercentage, arc.useNaturalPinchZoom, arc.zoomToMouseLocation],
    keys: [arc.keysUp, arc.keysDown, arc.keysLeft, arc.keysRight],
    behaviors: [arc.useAutoRotationBehavior, arc.useBouncingBehavior, arc.useFramingBehavior, arc.autoRotationBehavior ?? null, arc.isInterpolating],
    projection: mat(arc.getProjectionMatrix()),
    transformation: mat(arc.getTransformationMatrix()),
};
const arcSerialized = arc.serialize();
delete arcSerialized.inputsmgr;
delete arcSerialized.uniqueId;
arcSerialized.lowerTargetYLimit = num(arc.lowerTargetYLimit);
cameras.arcSerialize = arcSerialized;
arc.focusOn({ min: new Vector3(-1, -2, -3), max: new Vector3(3, 4, 5), distance: 6 });
arc.getViewMatrix();
cameras.focusOn = { target: v3(arc.target), maxZ: arc.maxZ, radius: arc.radius, position: v3(arc.position) };
const fakeMesh = (min, max) => ({ getBoundingInfo: () => ({ boundingBox: { minimumWorld: min, maximumWorld: max } }) });
arc.lowerRadiusLimit = 2;
arc.zoomOn([fakeMesh(new Vector3(-1, 0, -1), new Vector3(1, 2, 1)), fakeMesh(new Vector3(0, -3, 0), new Vector3(4, 1, 0.5))]);
arc.getViewMatrix();
cameras.zoomOn = { target: v3(arc.target), maxZ: arc.maxZ, radius: arc.radius, position: v3(arc.position) };
arc.mode = Camera.ORTHOGRAPHIC_CAMERA;
arc.zoomOn([fakeMesh(new Vector3(-1, 0, -1), new Vector3(1, 2, 1))], true);
cameras.zoomOnOrtho = { ortho: [arc.orthoLeft, arc.orthoRight, arc.orthoBottom, arc.orthoTop], radius: arc.radius, maxZ: arc.maxZ, projection: mat(arc.getProjectionMatrix()) };
const arcClone = arc.clone("arcClone");
cameras.arcClone = { alpha: arcClone.alpha, beta: arcClone.beta, radius: arcClone.radius, target: v3(arcClone.target), mode: arcClone.mode, className: arcClone.getClassName() };

// goal interpolation, one update() per 100 ms frame (the engine delta is set by hand)
const glide = new ArcRotateCamera("glide", 0, 1, 10, Vector3.Zero(), scene);
glide.upperRadiusLimit = 18;
glide.interpolateTo(1.2, 0.6, 25, new Vector3(1, 2, 0), undefined, 0.2);
engine._deltaTime = 100;
const glideFrames = [];
for (let i = 0; i < 30; i++) {
    glide.update();
    if (i % 5 === 4) glideFrames.push({ alpha: glide.alpha, beta: glide.beta, radius: glide.radius, target: v3(glide.target), position: v3(glide.position), interpolating: glide.isInterpolating });
}
glide.interpolateTo(NaN, NaN, 12);
glide.inertialAlphaOffset = 0.05;
glide.update();
glideFrames.push({ radius: glide.radius, alpha: glide.alpha, interpolating: glide.isInterpolating });
engine._deltaTime = 0;
cameras.interpolation = glideFrames;

// ---------------------------------------------------------------- textures
const textures = {};
const empty = new Texture(null, scene);
const grass = new Texture("textures/grass.png", scene);
const texDefaults = (t) => ({
    name: t.name, url: t.url, ready: t.isReady(), size: [t.getSize().width, t.getSize().height],
    baseSize: [t.getBaseSize().width, t.getBaseSize().height], readyOrNotBlocking: t.isReadyOrNotBlocking(),
    uv: [t.uOffset, t.vOffset, t.uScale, t.vScale, t.uAng, t.vAng, t.wAng, t.uRotationCenter, t.vRotationCenter, t.wRotationCenter],
    flags: [t.level, t.coordinatesIndex, t.coordinatesMode, t.hasAlpha, t.getAlphaFromRGB, t.gammaSpace, t.invertY, t.invertZ, t.noMipmap, t.samplingMode, t.wrapU, t.wrapV, t.wrapR, t.anisotropicFilteringLevel, t.isBlocking, t.isCube, t.is3D, t.is2DArray, t.isRenderTarget, t.canRescale, t.textureType, t.textureFormat, t.delayLoadState, t.loadingError],
    className: t.getClassName(), toString: t.toString(), animations: t.animations.length,
});
textures.empty = texDefaults(empty);
textures.grass = texDefaults(grass);
textures.identity = mat(grass.getTextureMatrix());
grass.uOffset = 0.25;
grass.vScale = 2;
grass.wAng = 0.3;
textures.offsetScaleRotate = mat(grass.getTextureMatrix());
grass.uAng = 0.2;
grass.vAng = -0.6;
grass.uScale = 3;
grass.vOffset = -0.5;
textures.allAngles = mat(grass.getTextureMatrix());
textures.uBase = mat(grass.getTextureMatrix(0.5));
grass.uRotationCenter = 0;
grass.vRotationCenter = 0;
textures.zeroCentres = mat(grass.getTextureMatrix());
grass.homogeneousRotationInUVTransform = true;
textures.homogeneous = mat(grass.getTextureMatrix());
grass.homogeneousRotationInUVTransform = false;
textures.reflection = mat(grass.getReflectionTextureMatrix());
grass.coordinatesMode = Texture.PLANAR_MODE;
textures.reflectionPlanar = mat(grass.getReflectionTextureMatrix());
grass.level = 0.5;
grass.hasAlpha = true;
grass.coordinatesIndex = 1;
const grassCopy = grass.clone();
textures.clone = { ...texDefaults(grassCopy), matrix: mat(grassCopy.getTextureMatrix()) };
const texSerialized = grass.serialize();
textures.serialize = texSerialized;
textures.serializeEmpty = empty.serialize();
const parsedTexture = Texture.Parse(texSerialized, scene, "root/");
textures.parsed = { ...texDefaults(parsedTexture), matrix: mat(parsedTexture.getTextureMatrix()) };
const fromBase64 = Texture.CreateFromBase64String("data:image/png;base64,AAAA", "inline.png", scene);
textures.base64 = { name: fromBase64.name, url: fromBase64.url, ready: fromBase64.isReady() };
let whenReady = 0;
Texture.WhenAllReady([grass, grassCopy], () => { whenReady += 1; });
textures.whenAllReady = whenReady;
grass.updateSamplingMode(Texture.NEAREST_SAMPLINGMODE);
textures.samplingMode = grass.samplingMode;
textures.constants = [Texture.CLAMP_ADDRESSMODE, Texture.WRAP_ADDRESSMODE, Texture.MIRROR_ADDRESSMODE, Texture.TRILINEAR_SAMPLINGMODE, Texture.EXPLICIT_MODE, Texture.SPHERICAL_MODE, Texture.PROJECTION_MODE, Texture.SKYBOX_MODE, Texture.EQUIRECTANGULAR_MODE];
const before = scene.textures.length;
grassCopy.dispose();
textures.disposeRemoves = before - scene.textures.length;

// a texture as an animation target, through the material path "diffuseTexture.uOffset"
const animated = new StandardMaterial("animated", scene);
animated.diffuseTexture = new Texture("textures/flow.png", scene);
const scroll = new Animation("scroll", "diffuseTexture.uOffset", 30, Animation.ANIMATIONTYPE_FLOAT, Animation.ANIMATIONLOOPMODE_CYCLE);
scroll.setKeys([{ frame: 0, value: 0 }, { frame: 30, value: 1 }]);
const spin = new Animation("spin", "wAng", 30, Animation.ANIMATIONTYPE_FLOAT, Animation.ANIMATIONLOOPMODE_CONSTANT);
spin.setKeys([{ frame: 0, value: 0 }, { frame: 30, value: Math.PI }]);
scene.beginDirectAnimation(animated, [scroll], 0, 30, true);
scene.beginDirectAnimation(animated.diffuseTexture, [spin], 0, 30, false);
const uvFrames = [];
for (let i = 0; i < 40; i++) {
    scene._animate(16);
    if (i % 8 === 7) {
        uvFrames.push({ uOffset: animated.diffuseTexture.uOffset, wAng: animated.diffuseTexture.wAng, matrix: mat(animated.diffuseTexture.getTextureMatrix()) });
    }
}
textures.animated = uvFrames;

// ---------------------------------------------------------------- lights
const lights = {};
scene.activeCamera = free;
const point = new PointLight("point", new Vector3(1, 5, 2), scene);
point.direction = new Vector3(0, -1, 0.5);
lights.point = {
    view: mat(point.getViewMatrix()),
    projection: mat(point.getProjectionMatrix()),
    depth: [point.getDepthMinZ(free), point.getDepthMaxZ(free), point.getDepthMinZ(null), point.getDepthMaxZ(null)],
    needCube: point.needCube(),
    rotation: v3(point.getRotation()),
    shadowGenerators: [point.getShadowGenerator(), point.getShadowGenerators()],
    texturesReady: point.areLightTexturesReady(),
    toString: point.toString(),
};
point.shadowMinZ = 0.5;
point.shadowMaxZ = 50;
lights.pointRange = { projection: mat(point.getProjectionMatrix()), depth: [point.getDepthMinZ(free), point.getDepthMaxZ(free)] };
const spot = new SpotLight("spot", new Vector3(-2, 4, 1), new Vector3(0.3, -1, 0.2), Math.PI / 3, 2, scene);
lights.spot = {
    view: mat(spot.getViewMatrix()),
    projection: mat(spot.getProjectionMatrix()),
    rotation: v3(spot.getRotation()),
    projectionDefaults: [spot.projectionTextureLightNear, spot.projectionTextureLightFar, v3(spot.projectionTextureUpDirection), spot.projectionTexture ?? null, spot.iesProfileTexture],
    projectionTextureMatrix: mat(spot.projectionTextureMatrix),
    projectionLightMatrix: mat(spot.projectionTextureProjectionLightMatrix),
};
spot.shadowAngleScale = 0.5;
lights.spotScaled = mat(spot.getProjectionMatrix());
const sun = new DirectionalLight("sun", new Vector3(-1, -2, -1), scene);
sun.position = new Vector3(10, 20, 10);
sun.shadowFrustumSize = 30;
lights.sunFixed = { view: mat(sun.getViewMatrix()), projection: mat(sun.getProjectionMatrix()) };
sun.shadowFrustumSize = 0;
const box = (min, max) => {
    const corners = [];
    for (const x of [min.x, max.x]) for (const y of [min.y, max.y]) for (const z of [min.z, max.z]) corners.push(new Vector3(x, y, z));
    return { getBoundingInfo: () => ({ boundingBox: { vectorsWorld: corners } }) };
};
const renderList = [box(new Vector3(-1, 0, -1), new Vector3(1, 2, 1)), box(new Vector3(3, -1, 2), new Vector3(5, 1, 4))];
const sunView = sun.getViewMatrix();
lights.sunFitted = { projection: mat(sun.getProjectionMatrix(sunView, renderList)), ortho: [sun.orthoLeft, sun.orthoRight, sun.orthoBottom, sun.orthoTop] };
sun.autoCalcShadowZBounds = true;
lights.sunZBounds = { projection: mat(sun.getProjectionMatrix(sunView, renderList)), z: [sun.shadowMinZ, sun.shadowMaxZ] };
const hemi = new HemisphericLight("hemi", new Vector3(0, 1, 0.2), scene);
lights.hemi = { view: hemi.getViewMatrix(), projection: hemi.getProjectionMatrix(), toString: hemi.toString() };
const strip = (o) => { delete o.uniqueId; if (o.projectionTextureUpDirection) o.projectionTextureUpDirection = v3(o.projectionTextureUpDirection); return o; };
lights.serialize = [strip(point.serialize()), strip(spot.serialize()), strip(sun.serialize()), strip(hemi.serialize())];
const spotCopy = spot.clone("spotCopy");
lights.clone = { name: spotCopy.name, className: spotCopy.getClassName(), position: v3(spotCopy.position), direction: v3(spotCopy.direction), angle: spotCopy.angle, exponent: spotCopy.exponent, shadowAngleScale: spotCopy.shadowAngleScale, enabled: spotCopy.isEnabled() };
const parsedLight = Light.Parse(sun.serialize(), scene);
lights.parsed = { className: parsedLight.getClassName(), direction: v3(parsedLight.direction), position: v3(parsedLight.position), shadowOrthoScale: parsedLight.shadowOrthoScale };
lights.unknownType = Light.GetConstructorFromName(42, "x", scene);

// ---------------------------------------------------------------- materials
const materials = {};
const std = new StandardMaterial("std", scene);
const pbr = new PBRMaterial("pbr", scene);
const base = new Material("base", scene);
const matState = (m) => ({
    alphaMode: m.alphaMode, alphaModes: [...m.alphaModes], isFrozen: m.isFrozen, needDepthPrePass: m.needDepthPrePass,
    transparencyMode: m.transparencyMode ?? null, needAlphaTesting: m.needAlphaTesting(),
    activeTextures: m.getActiveTextures().length, alphaTestTexture: m.getAlphaTestTexture()?.name ?? null,
    hasNull: m.hasTexture(null), isReady: m.isReady(), canRenderToMRT: m.canRenderToMRT, isPrePassCapable: m.isPrePassCapable,
    flags: [m.allowShaderHotSwapping, m.blockDirtyMechanism, m.shaderLanguage, m.textureRepetitionMode, m.useVertexPulling, m.isVertexOutputInvariant, m.hasRenderTargetTextures],
    hexTiling: [...m.textureRepetitionHexTilingParams], toString: m.toString(),
    useLogarithmicDepth: m.useLogarithmicDepth ?? null,
});
materials.base = matState(base);
materials.std = matState(std);
materials.pbr = matState(pbr);
materials.constants = [Material.TextureDirtyFlag, Material.LightDirtyFlag, Material.FresnelDirtyFlag, Material.AttributesDirtyFlag, Material.MiscDirtyFlag, Material.PrePassDirtyFlag, Material.ImageProcessingDirtyFlag, Material.AllDirtyFlag, Material.MATERIAL_OPAQUE, Material.MATERIAL_ALPHATEST, Material.MATERIAL_ALPHABLEND, Material.MATERIAL_ALPHATESTANDBLEND, Material.MATERIAL_NORMALBLENDMETHOD_RNM, Material.LIGHTFALLOFF_STANDARD];
materials.stdStatics = [StandardMaterial.DiffuseTextureEnabled, StandardMaterial.BumpTextureEnabled, StandardMaterial.FresnelEnabled];
materials.stencil = pick(std.stencil, ["func", "backFunc", "funcRef", "funcMask", "opStencilFail", "opDepthFail", "opStencilDepthPass", "mask", "enabled"]);
materials.imageProcessing = {
    shared: std.imageProcessingConfiguration === pbr.imageProcessingConfiguration,
    camera: [std.cameraExposure, std.cameraContrast, std.cameraToneMappingEnabled, std.cameraColorCurvesEnabled, std.cameraColorGradingEnabled, std.cameraColorGradingTexture ?? null],
    curves: pick(std.cameraColorCurves, ["globalHue", "globalDensity", "highlightsHue", "shadowsExposure"]),
};
std.cameraExposure = 1.5;
materials.imageProcessing.afterSet = [pbr.cameraExposure, std.imageProcessingConfiguration.exposure];
materials.pbrPlugins = {
    clearCoat: pick(pbr.clearCoat, ["isEnabled", "intensity", "roughness", "indexOfRefraction", "useRoughnessFromMainTexture", "remapF0OnInterfaceChange", "isTintEnabled", "tintColorAtDistance", "tintThickness"]),
    sheen: pick(pbr.sheen, ["isEnabled", "intensity", "linkSheenWithAlbedo", "useRoughnessFromMainTexture", "roughness", "albedoScaling"]),
    iridescence: pick(pbr.iridescence, ["isEnabled", "intensity", "minimumThickness", "maximumThickness", "indexOfRefraction"]),
    anisotropy: { ...pick(pbr.anisotropy, ["isEnabled", "intensity", "angle", "legacy"]), direction: [pbr.anisotropy.direction.x, pbr.anisotropy.direction.y] },
    subSurface: pick(pbr.subSurface, ["isRefractionEnabled", "isTranslucencyEnabled", "refractionIntensity", "translucencyIntensity", "indexOfRefraction", "volumeIndexOfRefraction", "minimumThickness", "maximumThickness", "useGltfStyleTextures"]),
    brdf: pick(pbr.brdf, ["useEnergyConservation", "useSmithVisibilityHeightCorrelated", "useSphericalHarmonics", "baseDiffuseModel"]),
    detailMap: pick(pbr.detailMap, ["isEnabled", "diffuseBlendLevel", "roughnessBlendLevel", "bumpLevel", "normalBlendMethod"]),
    flags: [pbr.useHorizonOcclusion, pbr.useRadianceOcclusion, pbr.realTimeFiltering, pbr.realTimeFilteringQuality, pbr.debugMode, pbr.debugLimit, pbr.debugFactor, pbr.parallaxScaleBias, PBRMaterial.DEFAULT_AO_ON_ANALYTICAL_LIGHTS],
    falloff: [pbr.usePhysicalLightFalloff, pbr.useGLTFLightFalloff],
    metallicWorkflow: pbr.isMetallicWorkflow(),
};
pbr.useGLTFLightFalloff = true;
const gltfFalloff = [pbr.usePhysicalLightFalloff, pbr.useGLTFLightFalloff];
pbr.usePhysicalLightFalloff = false;
materials.pbrPlugins.falloffSwitches = [gltfFalloff, [pbr.usePhysicalLightFalloff, pbr.useGLTFLightFalloff]];
pbr.metallic = 0.3;
materials.pbrPlugins.metallicWorkflowAfter = pbr.isMetallicWorkflow();

std.diffuseTexture = new Texture("textures/diffuse.png", scene);
std.opacityTexture = new Texture("textures/opacity.png", scene);
materials.stdWithTextures = matState(std);
std.diffuseTexture.hasAlpha = true;
materials.stdAlphaTest = { needAlphaTesting: std.needAlphaTesting(), hasDiffuse: std.hasTexture(std.diffuseTexture), hasOther: std.hasTexture(grass) };
const meshLike = { visibility: 1, hasVertexAlpha: false };
materials.decisions = [std.needAlphaBlendingForMesh(meshLike), std.needAlphaTestingForMesh(meshLike)];
meshLike.visibility = 0.5;
materials.decisions.push(std.needAlphaBlendingForMesh(meshLike), std.needAlphaTestingForMesh(meshLike));
std.transparencyMode = Material.MATERIAL_ALPHATESTANDBLEND;
materials.decisions.push(std.needAlphaBlendingForMesh(meshLike), std.needAlphaTestingForMesh(meshLike), std.needAlphaTesting());
std.transparencyMode = Material.MATERIAL_OPAQUE;
meshLike.visibility = 1;
materials.decisions.push(std.needAlphaBlendingForMesh(meshLike), std.needAlphaTestingForMesh(meshLike));
std.transparencyMode = null;
std.freeze();
const frozenState = std.isFrozen;
std.unfreeze();
materials.freeze = [frozenState, std.isFrozen];
let atomic = null;
std.atomicMaterialsUpdate((m) => { atomic = m.blockDirtyMechanism; });
materials.atomic = [atomic, std.blockDirtyMechanism];
std.alphaMode = 1;
std.setAlphaMode(7, 2);
materials.alphaModes = [std.alphaMode, [...std.alphaModes].map((x) => (x === undefined ? null : x))];
std.alphaMode = 2;
std.useLogarithmicDepth = true;
materials.logarithmicDepth = std.useLogarithmicDepth;
std.diffuseColor = new Color3(0.2, 0.4, 0.6);
std.specularPower = 32;
std.backFaceCulling = false;
const stdCopy = std.clone("stdCopy");
materials.clone = {
    name: stdCopy.name, id: stdCopy.id, className: stdCopy.getClassName(), diffuse: [stdCopy.diffuseColor.r, stdCopy.diffuseColor.g, stdCopy.diffuseColor.b],
    specularPower: stdCopy.specularPower, backFaceCulling: stdCopy.backFaceCulling, diffuseTexture: stdCopy.diffuseTexture.name,
    textureShared: stdCopy.diffuseTexture === std.diffuseTexture, colorShared: stdCopy.diffuseColor === std.diffuseColor,
    diffuseTextureHasAlpha: stdCopy.diffuseTexture.hasAlpha, activeTextures: stdCopy.getActiveTextures().length,
};
const stdSerialized = std.serialize();
materials.serialize = pick(stdSerialized, ["diffuse", "specular", "ambient", "emissive", "specularPower", "alpha", "backFaceCulling", "id", "name", "_alphaMode", "fillMode", "cullBackFaces", "indexOfRefraction", "maxSimultaneousLights"]);
materials.serialize.diffuseTexture = stdSerialized.diffuseTexture.name;
const parsedMaterial = Material.Parse(stdSerialized, scene, "");
materials.parsed = { className: parsedMaterial.getClassName(), diffuse: [parsedMaterial.diffuseColor.r, parsedMaterial.diffuseColor.g, parsedMaterial.diffuseColor.b], specularPower: parsedMaterial.specularPower, backFaceCulling: parsedMaterial.backFaceCulling, diffuseTexture: parsedMaterial.diffuseTexture.name, alphaModes: [...parsedMaterial.alphaModes].map((x) => (x === undefined ? null : x)) };

console.log(JSON.stringify({ cameras, textures, lights, materials }));
