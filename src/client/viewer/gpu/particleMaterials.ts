// TSL materials for particles drawn as instanced quads (WebGPU points are 1 px): shaded impostor
// spheres, outlined circles, the fluid-surface depth splat and the range-reduction splat. One definition
// compiles to WGSL and GLSL. All per-particle work (attribute -> colour, clipping plane and volume clips)
// is in the vertex stage.
import { AddEquation, Color, CustomBlending, MaxEquation, NodeMaterial, OneFactor } from 'three/webgpu';
import {
  Discard,
  Fn,
  cameraProjectionMatrix,
  clamp,
  dot,
  float,
  floatBitsToUint,
  max,
  modelViewMatrix,
  modelWorldMatrix,
  normalize,
  select,
  sqrt,
  texture,
  uint,
  uniform,
  varying,
  vec3,
  vec4,
} from 'three/tsl';
import type { SceneUniforms } from './sceneUniforms.ts';
import { asFloat, asUint, asVec3, type FloatNode, type Vec2Node, type Vec3Node } from './nodeTypes.ts';
import type { ParticleRead } from './particleSource.ts';
import { isVolumeCutNode } from './volumeCut.ts';

/** Splat radius of the fluid-surface depth pass, relative to the sphere radius. */
export const SURFACE_SPLAT_SCALE = 1.6;

export type ParticleMaterialKind = 'spheres' | 'circles' | 'surfaceDepth' | 'range' | 'count' | 'mask';

/**
 * Per-object uniforms: world radius of a particle, its plain colour, the drawn stride (WebGPU), and the
 * selection highlight (1 while the object is selected).
 */
export class LayerUniforms {
  readonly radius = uniform(0.01);
  readonly color = uniform(new Color('#4e79a7'));
  readonly stride = uniform(1, 'uint');
  readonly highlight = uniform(0);
  /** Bit mask of the volume cuts (slots of SceneUniforms.volumeCuts) that apply to this object. */
  readonly cutMask = uniform(0, 'uint');
}

/** A selected object is drawn this much brighter, in its own colours (as selected parts are). */
export const SELECTED_PARTICLE_GAIN = 0.35;



/** 1 where the float is NaN, tested on its bits because compilers may fold `v != v`. */
export function isNaNNode(v: FloatNode): FloatNode {
  return select(asUint(floatBitsToUint(v)).bitAnd(uint(0x7fffffff)).greaterThan(uint(0x7f800000)), float(1), float(0)) as unknown as FloatNode;
}

/** Normalised colormap coordinate: clamped into [0, 1]; an empty range maps to 0.5. */
export function normalizedScalar(v: FloatNode, u: SceneUniforms): FloatNode {
  const span = u.rangeMax.sub(u.rangeMin);
  return select(span.greaterThan(0), clamp(v.sub(u.rangeMin).div(max(span, 1e-30)), 0, 1), float(0.5)) as unknown as FloatNode;
}

/** 1 where a world position lies on the removed side of the clipping plane. */
export function isClippedNode(worldPosition: Vec3Node, u: SceneUniforms): FloatNode {
  const side = dot(u.clipPlane.xyz, worldPosition).add(u.clipPlane.w);
  return select(u.clipEnabled.greaterThan(0.5).and(side.lessThan(0)), float(1), float(0)) as unknown as FloatNode;
}

/**
 * 1 where a particle centre is removed: on the removed side of the clipping plane, or cut away by one of
 * the volume clips that apply to its object.
 */
export function isParticleRemovedNode(worldCenter: Vec3Node, u: SceneUniforms, layer: LayerUniforms): FloatNode {
  return max(isClippedNode(worldCenter, u), isVolumeCutNode(worldCenter, u.volumeCuts, asUint(layer.cutMask))) as unknown as FloatNode;
}

/** Headlight shading in view space, shared by spheres and the fluid surface. */
export function headlightShade(base: Vec3Node, normalView: Vec3Node, specular: number): Vec3Node {
  const light = normalize(vec3(0.35, 0.45, 1));
  const diffuse = max(dot(normalView, light), 0);
  const half = normalize(light.add(vec3(0, 0, 1)));
  // x^40 by repeated squaring: far cheaper than pow() on software rasterisers.
  const h = max(dot(normalView, half), 0);
  const h2 = h.mul(h);
  const h4 = h2.mul(h2);
  const h8 = h4.mul(h4);
  const h32 = h8.mul(h8).mul(h8.mul(h8));
  const spec = h32.mul(h8).mul(specular);
  return base.mul(diffuse.mul(0.7).add(0.3)).add(spec) as unknown as Vec3Node;
}

/**
 * @param particle what the vertex stage reads for its particle
 * @param corner corner of the triangle around the particle's disc, in units of the particle radius
 */
export function createParticleMaterial(
  kind: ParticleMaterialKind,
  particle: ParticleRead,
  corner: Vec2Node,
  u: SceneUniforms,
  layer: LayerUniforms,
): NodeMaterial {
  const material = new NodeMaterial();
  material.name = `particles-${kind}`;

  const center = particle.center;
  const worldCenter = modelWorldMatrix.mul(vec4(center, 1)).xyz;
  const clipped = isParticleRemovedNode(worldCenter, u, layer);
  const scalar = particle.scalar;
  const hasValue = particle.hasValue.greaterThan(0.5);
  const nan = asFloat(select(hasValue, isNaNNode(scalar), float(0)));

  const viewCenter = modelViewMatrix.mul(vec4(center, 1)).xyz;
  const vCorner = varying(corner, 'vCorner');
  const vViewCenter = varying(viewCenter, 'vViewCenter');
  // The surface keeps the colormap coordinate per pixel; -1 marks the plain colour.
  const vT = varying(select(hasValue, normalizedScalar(scalar, u), float(-1)), 'vColorT');
  const vNan = varying(nan, 'vIsNaN');

  if (kind === 'range') {
    // Every visible, non-NaN particle covers the single texel of the 1x1 target once; MAX blending
    // keeps (max v, max -v, _, any).
    const hidden = clipped.add(nan).greaterThan(0);
    material.vertexNode = select(hidden, vec4(2, 2, 2, 1), vec4(corner.mul(1.5), 0, 1));
    const vValue = varying(scalar, 'vValue');
    material.fragmentNode = vec4(vValue, vValue.negate(), 0, 1);
    material.blending = CustomBlending;
    material.blendEquation = MaxEquation;
    material.blendEquationAlpha = MaxEquation;
    material.blendSrc = OneFactor;
    material.blendDst = OneFactor;
    material.blendSrcAlpha = OneFactor;
    material.blendDstAlpha = OneFactor;
    material.transparent = true;
    material.depthTest = false;
    material.depthWrite = false;
    return material;
  }

  if (kind === 'count') {
    // Every particle that no clipping removes adds 1 to the single texel of the 1x1 target (WebGL2 count).
    material.vertexNode = select(clipped.greaterThan(0.5), vec4(2, 2, 2, 1), vec4(corner.mul(1.5), 0, 1));
    material.fragmentNode = vec4(1, 0, 0, 1);
    material.blending = CustomBlending;
    material.blendEquation = AddEquation;
    material.blendEquationAlpha = AddEquation;
    material.blendSrc = OneFactor;
    material.blendDst = OneFactor;
    material.blendSrcAlpha = OneFactor;
    material.blendDstAlpha = OneFactor;
    material.transparent = true;
    material.depthTest = false;
    material.depthWrite = false;
    return material;
  }

  // The fluid surface splats larger spheres so that the gaps of the particle lattice close.
  const radius = kind === 'surfaceDepth' ? layer.radius.mul(SURFACE_SPLAT_SCALE) : layer.radius;
  const viewPosition = viewCenter.add(vec3(corner.mul(radius), 0));
  material.vertexNode = select(clipped.greaterThan(0.5), vec4(2, 2, 2, 1), cameraProjectionMatrix.mul(vec4(viewPosition, 1)));

  // One colour per particle, looked up in the vertex stage rather than for every fragment.
  const mapped = select(nan.greaterThan(0.5), asVec3(u.nanColor), texture(u.lutTexture, u.lutUv(normalizedScalar(scalar, u))).level(float(0)).rgb);
  const gain = layer.highlight.mul(SELECTED_PARTICLE_GAIN).add(1);
  const baseColor = varying(select(hasValue, mapped, asVec3(layer.color)).mul(gain), 'vBaseColor');

  const sphereNormal = Fn(() => {
    const r2 = dot(vCorner, vCorner);
    Discard(r2.greaterThan(1));
    return vec3(vCorner, sqrt(float(1).sub(r2)));
  });

  const sphereDepth = Fn(() => {
    const r2 = dot(vCorner, vCorner);
    const n = vec3(vCorner, sqrt(max(float(1).sub(r2), 0)));
    const p = vViewCenter.add(n.mul(radius));
    const clip = cameraProjectionMatrix.mul(vec4(p, 1));
    return clip.z.div(clip.w).mul(u.ndcDepth.x).add(u.ndcDepth.y);
  });

  if (kind === 'mask') {
    // Silhouette of the object for the hover and selection outline: every drawn disc, white.
    material.fragmentNode = Fn(() => {
      Discard(dot(vCorner, vCorner).greaterThan(1));
      return vec4(1, 1, 1, 1);
    })();
    material.depthTest = false;
    material.depthWrite = false;
    return material;
  }

  if (kind === 'spheres') {
    material.fragmentNode = Fn(() => {
      const n = sphereNormal();
      return vec4(headlightShade(baseColor, n, 0.25), 1);
    })();
    material.depthNode = sphereDepth();
  } else if (kind === 'circles') {
    material.fragmentNode = Fn(() => {
      const r2 = dot(vCorner, vCorner);
      Discard(r2.greaterThan(1));
      return vec4(select(r2.greaterThan(0.64), baseColor.mul(0.2), baseColor), 1);
    })();
  } else {
    // Fluid surface, first pass: linear view depth of the sphere front, colormap coordinate, coverage, NaN.
    material.fragmentNode = Fn(() => {
      const n = sphereNormal();
      const p = vViewCenter.add(n.mul(radius));
      return vec4(p.z.negate(), vT, 1, vNan);
    })();
    material.depthNode = sphereDepth();
  }
  // fragmentNode skips three's colour management; the canvas pass converts to sRGB itself.
  return material;
}
