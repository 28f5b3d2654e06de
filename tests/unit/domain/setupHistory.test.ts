// Setup history shaping: what a save changed (entities added, removed, changed with their fields; the
// settings), successive saves folded into one entry, the cap, and the words the History panel shows.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { SetupDocument } from '../../../src/domain/setup.ts';
import {
  capSetupChanges,
  describeSetupChange,
  mergeSetupChanges,
  SETUP_CHANGES_MAX,
  setupChanges,
  type SetupChange,
} from '../../../src/domain/setupHistory.ts';
import { createCondition } from '../../../src/domain/condition.ts';

const DAM_BREAK = JSON.parse(readFileSync(resolve(import.meta.dirname, '../../../src/solver/cases/dam-break.json'), 'utf8')) as SetupDocument;

function edited(edit: (doc: SetupDocument) => void, from: SetupDocument = DAM_BREAK): SetupDocument {
  const doc = structuredClone(from);
  edit(doc);
  return doc;
}

describe('setupChanges', () => {
  it('is empty for the same document, and for a copy with keys in another order', () => {
    expect(setupChanges(DAM_BREAK, structuredClone(DAM_BREAK))).toEqual([]);
    const reordered = edited((d) => {
      d.settings = Object.fromEntries(Object.entries(d.settings).reverse()) as SetupDocument['settings'];
    });
    expect(setupChanges(DAM_BREAK, reordered)).toEqual([]);
  });

  it('names the settings that changed', () => {
    const after = edited((d) => {
      d.settings.endTime = 3;
      d.settings.outputTimeInterval = 0.04;
    });
    expect(setupChanges(DAM_BREAK, after)).toEqual([{ area: 'settings', action: 'changed', id: null, name: null, fields: ['endTime', 'outputTimeInterval'] }]);
  });

  it('lists parts added, removed and changed with the fields that changed', () => {
    const after = edited((d) => {
      const tank = d.parts.find((p) => p.id === 'tank')!;
      tank.appearance.color = '#ff0000';
      tank.shape.translation = [1, 0, 0];
      d.parts = d.parts.filter((p) => p.id !== 'water-column');
      d.parts.push({ ...structuredClone(tank), id: 'lid', name: 'Lid' });
    });
    expect(setupChanges(DAM_BREAK, after)).toEqual([
      { area: 'parts', action: 'changed', id: 'tank', name: 'Tank', fields: ['shape', 'appearance'] },
      { area: 'parts', action: 'added', id: 'lid', name: 'Lid', fields: [] },
      { area: 'parts', action: 'removed', id: 'water-column', name: 'Water column', fields: [] },
    ]);
  });

  it('ignores timestamps and the triggered flag of conditions; names conditions by what they do', () => {
    const withCondition = edited((d) => {
      d.conditions = [createCondition('time', 0.5, 'warning', 'c1')];
    });
    expect(setupChanges(DAM_BREAK, withCondition)).toEqual([{ area: 'conditions', action: 'added', id: 'c1', name: 'warning at time 0.5', fields: [] }]);
    const triggered = edited((d) => {
      d.conditions[0].triggered = true;
    }, withCondition);
    expect(setupChanges(withCondition, triggered)).toEqual([]);
  });

  it('reports the single objects added, changed and removed', () => {
    const base = edited((d) => {
      d.periodicBoundary = null;
    });
    const added = edited((d) => {
      d.periodicBoundary = { id: 'pb', type: 'rotational', center: [0, 0, 0], axis: [0, 0, 1], sliceRotation: 0, sliceAngle: 90, normal: [1, 0, 0], visibility: true };
    }, base);
    expect(setupChanges(base, added)).toEqual([{ area: 'periodicBoundary', action: 'added', id: null, name: null, fields: [] }]);
    const changed = edited((d) => {
      d.periodicBoundary!.sliceAngle = 45;
    }, added);
    expect(setupChanges(added, changed)).toEqual([{ area: 'periodicBoundary', action: 'changed', id: null, name: null, fields: ['sliceAngle'] }]);
    expect(setupChanges(changed, base)).toEqual([{ area: 'periodicBoundary', action: 'removed', id: null, name: null, fields: [] }]);
  });
});

describe('mergeSetupChanges', () => {
  const change = (action: SetupChange['action'], id: string, fields: string[] = [], name = id): SetupChange => ({ area: 'parts', action, id, name, fields });

  it('adds up the fields of an entity changed twice, keeping the order first touched', () => {
    const merged = mergeSetupChanges([change('changed', 'a', ['shape']), change('changed', 'b', ['name'])], [change('changed', 'a', ['appearance', 'shape'])]);
    expect(merged).toEqual([change('changed', 'a', ['shape', 'appearance']), change('changed', 'b', ['name'])]);
  });

  it('drops an entity added and removed again, keeps an added one added whatever changed after', () => {
    expect(mergeSetupChanges([change('added', 'a')], [change('removed', 'a')])).toEqual([]);
    expect(mergeSetupChanges([change('added', 'a', [], 'Cube')], [change('changed', 'a', ['name'], 'Lid')])).toEqual([change('added', 'a', [], 'Lid')]);
  });

  it('keeps a removal after a change, and calls a removed and re-added entity replaced', () => {
    expect(mergeSetupChanges([change('changed', 'a', ['shape'])], [change('removed', 'a')])).toEqual([change('removed', 'a')]);
    const back = mergeSetupChanges([change('removed', 'a')], [change('added', 'a')]);
    expect(back).toEqual([change('changed', 'a')]);
    expect(describeSetupChange(back[0])).toBe("Part 'a' replaced");
  });

  it('keeps settings and parts apart', () => {
    const settings: SetupChange = { area: 'settings', action: 'changed', id: null, name: null, fields: ['endTime'] };
    expect(mergeSetupChanges([settings], [change('changed', 'a', ['shape'])])).toHaveLength(2);
  });
});

describe('capSetupChanges and describeSetupChange', () => {
  it('keeps the first SETUP_CHANGES_MAX changes and counts the rest', () => {
    const many = Array.from({ length: SETUP_CHANGES_MAX + 7 }, (_, i): SetupChange => ({ area: 'parts', action: 'added', id: `p${i}`, name: `P${i}`, fields: [] }));
    const capped = capSetupChanges(many, 3);
    expect(capped.changes).toHaveLength(SETUP_CHANGES_MAX);
    expect(capped.omitted).toBe(10);
    expect(capSetupChanges(many.slice(0, 2))).toEqual({ changes: many.slice(0, 2), omitted: 0 });
  });

  it('says each change in words', () => {
    expect(describeSetupChange({ area: 'parts', action: 'added', id: 'x', name: 'Tank', fields: [] })).toBe("Part 'Tank' added");
    expect(describeSetupChange({ area: 'settings', action: 'changed', id: null, name: null, fields: ['endTime', 'calcDomainMax'] })).toBe(
      'Settings changed: end time, deletion boundary max',
    );
    expect(describeSetupChange({ area: 'volumeClips', action: 'removed', id: 'v', name: 'Clip 1', fields: [] })).toBe("Volume clip 'Clip 1' removed");
    expect(describeSetupChange({ area: 'airDragDomain', action: 'changed', id: null, name: null, fields: ['cellSize'] })).toBe('Air drag domain changed: cell size');
  });
});
