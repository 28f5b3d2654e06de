// Typed views of TSL nodes where three's type declarations lose the node type (bitcasts, colour
// uniforms, loop indices). They only narrow the static type; nothing happens at runtime.
import type { Node } from 'three/webgpu';

export type FloatNode = Node<'float'>;
export type UintNode = Node<'uint'>;
export type Vec2Node = Node<'vec2'>;
export type Vec3Node = Node<'vec3'>;
export type Vec4Node = Node<'vec4'>;

export const asFloat = (node: unknown): FloatNode => node as FloatNode;
export const asUint = (node: unknown): UintNode => node as UintNode;
export const asVec2 = (node: unknown): Vec2Node => node as Vec2Node;
export const asVec3 = (node: unknown): Vec3Node => node as Vec3Node;
export const asVec4 = (node: unknown): Vec4Node => node as Vec4Node;
