// Order-preserving map between float32 values and uint32 keys, as the WebGPU range reduction uses it
// with atomicMin/atomicMax: negative floats get all bits flipped, others only the sign bit set.

const scratch = new DataView(new ArrayBuffer(4));

export function floatToOrderedKey(value: number): number {
  scratch.setFloat32(0, value);
  const bits = scratch.getUint32(0);
  return (bits & 0x80000000 ? ~bits : bits | 0x80000000) >>> 0;
}

export function orderedKeyToFloat(key: number): number {
  const bits = key & 0x80000000 ? (key ^ 0x80000000) >>> 0 : ~key >>> 0;
  scratch.setUint32(0, bits);
  return scratch.getFloat32(0);
}
