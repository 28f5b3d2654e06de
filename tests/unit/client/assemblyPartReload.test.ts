// Reloading the parts of a completed tessellation: downloads go at most 12 at a time and every one is
// tried, and the working copy takes the server's version of exactly those parts, keeping the others.
import { describe, expect, it } from 'vitest';
import { runQueued, withServerParts } from '../../../src/client/assemblies/partReload.ts';
import { TESSELLATION_DOWNLOAD_CONCURRENCY } from '../../../src/domain/constants.ts';
import { createPart } from '../../../src/domain/part.ts';
import { emptySetup } from '../../../src/domain/setup.ts';
import { cubeShape } from '../../../src/domain/shape.ts';
import { defaultRigidComponent } from '../../../src/domain/component.ts';

describe('tessellated part reload', () => {
  it('downloads at most 12 files at once and reports each failure', async () => {
    let inFlight = 0;
    let most = 0;
    const files = Array.from({ length: 40 }, (_, i) => i);
    const results = await runQueued(files, TESSELLATION_DOWNLOAD_CONCURRENCY, async (i) => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      await new Promise((r) => setTimeout(r, 2 + (i % 3)));
      inFlight -= 1;
      if (i === 7) throw new Error('gone');
    });
    expect(most).toBe(12);
    expect(results.filter((r) => r.status === 'rejected')).toHaveLength(1);
    expect(results[7].status).toBe('rejected');
  });

  it('replaces and adds the run\'s parts in the working copy, leaving unsaved edits of others', () => {
    const part = (id: string, name: string) => createPart({ id, name, component: defaultRigidComponent(), shape: cubeShape() });
    const local = { ...emptySetup(), parts: [part('a', 'A edited here'), part('b', 'B old mesh')] };
    const server = { ...emptySetup(), parts: [part('a', 'A on the server'), part('b', 'B new mesh'), part('c', 'C new')] };
    const merged = withServerParts(local, server, ['b', 'c']);
    expect(merged.parts.map((p) => p.name)).toEqual(['A edited here', 'B new mesh', 'C new']);
    expect(withServerParts(local, server, ['z'])).toBe(local);
  });
});
