// Reads VTK XML files with an appended raw-binary block back, as ParaView's reader would: the XML head,
// each DataArray's type, name, components and offset, the UInt64 size header at that offset, and the
// little-endian values after it. Strict: sizes must agree with the declared counts.
export interface VtkArrayRead {
  name: string;
  type: string;
  components: number;
  offset: number;
  values: Float32Array | Uint32Array | Int32Array | Uint8Array;
}

export interface VtkFileRead {
  type: string;
  byteOrder: string;
  headerType: string;
  pieces: Record<string, number>;
  /** Arrays by section (Points, Cells, Polys, PointData) and name. */
  arrays: Map<string, VtkArrayRead>;
  pointDataDefaults: { scalars: string | null; vectors: string | null };
}

function attributes(tag: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of tag.matchAll(/(\w+)="([^"]*)"/g)) out[m[1]] = m[2];
  return out;
}

export function readVtk(bytes: Uint8Array): VtkFileRead {
  const marker = Buffer.from('<AppendedData encoding="raw">');
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const at = buffer.indexOf(marker);
  if (at < 0) throw new Error('no appended data');
  const underscore = buffer.indexOf('_', at + marker.length);
  const dataStart = underscore + 1;
  const head = buffer.subarray(0, at).toString('utf8');
  const file = attributes(/<VTKFile[^>]*>/.exec(head)?.[0] ?? '');
  const piece = attributes(/<Piece[^>]*>/.exec(head)?.[0] ?? '');
  const pointData = attributes(/<PointData[^>]*>/.exec(head)?.[0] ?? '');
  const arrays = new Map<string, VtkArrayRead>();
  const sections = ['Points', 'Cells', 'Polys', 'PointData'];
  for (const section of sections) {
    const body = new RegExp(`<${section}[^>]*>([\\s\\S]*?)</${section}>`).exec(head)?.[1] ?? '';
    for (const m of body.matchAll(/<DataArray[^>]*\/>/g)) {
      const a = attributes(m[0]);
      if (a.format !== 'appended') throw new Error(`array ${a.Name} is not appended`);
      const offset = Number(a.offset);
      const size = Number(buffer.readBigUInt64LE(dataStart + offset));
      const raw = buffer.subarray(dataStart + offset + 8, dataStart + offset + 8 + size);
      if (raw.length !== size) throw new Error(`array ${a.Name} is cut short`);
      const copy = new Uint8Array(raw).buffer;
      const values =
        a.type === 'Float32' ? new Float32Array(copy) : a.type === 'UInt32' ? new Uint32Array(copy) : a.type === 'Int32' ? new Int32Array(copy) : new Uint8Array(copy);
      arrays.set(`${section}/${a.Name}`, { name: a.Name, type: a.type, components: Number(a.NumberOfComponents ?? 1), offset, values });
    }
  }
  const tail = buffer.subarray(buffer.length - 40).toString('utf8');
  if (!tail.includes('</AppendedData>') || !tail.includes('</VTKFile>')) throw new Error('the file does not end with its closing tags');
  return {
    type: file.type,
    byteOrder: file.byte_order,
    headerType: file.header_type,
    pieces: Object.fromEntries(Object.entries(piece).map(([k, v]) => [k, Number(v)])),
    arrays,
    pointDataDefaults: { scalars: pointData.Scalars ?? null, vectors: pointData.Vectors ?? null },
  };
}

/** The DataSet entries of a .pvd. */
export function readPvd(text: string): { timestep: number; file: string }[] {
  return [...text.matchAll(/<DataSet[^>]*\/>/g)].map((m) => {
    const a = attributes(m[0]);
    return { timestep: Number(a.timestep), file: a.file };
  });
}
