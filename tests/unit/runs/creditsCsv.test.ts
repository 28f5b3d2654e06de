// credit_transactions.csv goes through the shared CSV writer: user-typed notes and simulation names with
// commas, quotes and line breaks stay one cell each, and missing values are empty cells.
import { describe, expect, it } from 'vitest';
import type { CreditSequence } from '../../../src/domain/credits.ts';
import { creditSequencesCsv } from '../../../src/server/credits/credits.service.ts';

describe('credit_transactions.csv', () => {
  it('quotes what the user typed and leaves missing values empty', () => {
    const sequence: CreditSequence = {
      id: 's1',
      kind: 'simulation',
      updatedAt: '2026-11-25T10:00:00.000Z',
      credits: -12.345,
      simulationHours: 1.23456,
      simulationName: 'Tank, "large"',
      note: 'first line\nsecond line',
      issuerId: null,
      issuer: null,
    };
    const bought: CreditSequence = { ...sequence, id: 's2', kind: 'credits_bought', credits: 1000, simulationHours: 0, simulationName: null, note: null, issuerId: 'u1', issuer: { id: 'u1', avatarId: null, fullName: 'Ada Lovelace' } };
    expect(creditSequencesCsv({ results: [sequence, bought], resultCount: 2, pageCount: 1 })).toBe(
      'Date,Transaction,Simulation,Credits,Simulation hours,Note,Issued by\r\n' +
        '2026-11-25T10:00:00.000Z,Simulation,"Tank, ""large""",-12.35,1.2346,"first line\nsecond line",\r\n' +
        '2026-11-25T10:00:00.000Z,Credits bought,,1000.00,0.0000,,Ada Lovelace\r\n',
    );
  });
});
