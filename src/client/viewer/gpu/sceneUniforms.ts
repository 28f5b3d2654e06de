// GPU-side state shared by every particle, surface, arrow and mesh material of one viewer: the colour
// lookup table, the colour range, the attribute sub-option, the clipping plane and the volume clips.
// Changing one of these is a uniform write, never a pass over the particles.
import { Color, DataTexture, type Node, NearestFilter, RGBAFormat, SRGBColorSpace, UnsignedByteType, Vector2, Vector4 } from 'three/webgpu';
import { texture, uniform, vec2 } from 'three/tsl';
import { buildColormapLut, LUT_SIZE, NAN_COLOR } from '../colormap.ts';
import type { ColorSchemeId } from '../defaults.ts';
import { VolumeCutUniforms } from './volumeCut.ts';

/** Sub-option codes as the shaders read them. */
export const SUB_OPTION_CODE = { magnitude: 0, x: 1, y: 2, z: 3 } as const;

export class SceneUniforms {
  readonly lutTexture: DataTexture;
  readonly lut = texture(new DataTexture());
  readonly rangeMin = uniform(0);
  readonly rangeMax = uniform(1);
  readonly subOption = uniform(0);
  /** Plane n·x + w >= 0 is kept; xyz = unit normal in world space. */
  readonly clipPlane = uniform(new Vector4(1, 0, 0, 0));
  readonly clipEnabled = uniform(0);
  /** Volume clips that cut particles (each layer says which apply to it). */
  readonly volumeCuts = new VolumeCutUniforms();
  /** Maps NDC z to window depth: WebGPU uses [0, 1], WebGL2 [-1, 1]. */
  readonly ndcDepth = uniform(new Vector2(1, 0));
  readonly nanColor = uniform(new Color().setRGB(NAN_COLOR[0] / 255, NAN_COLOR[1] / 255, NAN_COLOR[2] / 255, SRGBColorSpace));

  constructor(scheme: ColorSchemeId, webgl: boolean) {
    const data = buildColormapLut(scheme);
    this.lutTexture = new DataTexture(data, LUT_SIZE, 1, RGBAFormat, UnsignedByteType);
    this.lutTexture.colorSpace = SRGBColorSpace;
    this.lutTexture.magFilter = NearestFilter;
    this.lutTexture.minFilter = NearestFilter;
    this.lutTexture.generateMipmaps = false;
    this.lutTexture.needsUpdate = true;
    this.lut.value = this.lutTexture;
    this.ndcDepth.value.set(webgl ? 0.5 : 1, webgl ? 0.5 : 0);
  }

  setScheme(scheme: ColorSchemeId): void {
    (this.lutTexture.image.data as Uint8Array).set(buildColormapLut(scheme));
    this.lutTexture.needsUpdate = true;
  }

  /** LUT texel centre for a normalised value t in [0, 1] (nearest texel, as colormap.lutIndex). */
  lutUv(t: Node<'float'>) {
    return vec2(t.mul((LUT_SIZE - 1) / LUT_SIZE).add(0.5 / LUT_SIZE), 0.5);
  }

  dispose(): void {
    this.lutTexture.dispose();
  }
}
