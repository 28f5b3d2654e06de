// An editable colour-range bound: edits are drafts until Enter or blur, then committed as a number. It
// takes the width it is given (no fixed width), with tight padding so that 6 significant digits fit.
import { TextInput } from '@mantine/core';
import { useState } from 'react';
import { formatRangeValue } from '../colormap.ts';

interface Props {
  label: string;
  value: number;
  onCommit: (value: number) => void;
  testId: string;
  align?: 'left' | 'right';
}

export function RangeValueInput({ label, value, onCommit, testId, align = 'left' }: Props) {
  const [draft, setDraft] = useState<string | null>(null);
  const commit = () => {
    if (draft === null) return;
    const parsed = Number(draft.replace(',', '.'));
    setDraft(null);
    if (Number.isFinite(parsed) && draft.trim() !== '') onCommit(parsed);
  };
  return (
    <TextInput
      size="xs"
      miw={0}
      aria-label={label}
      styles={{ input: { paddingInline: 6, textAlign: align, fontVariantNumeric: 'tabular-nums' } }}
      data-testid={testId}
      value={draft ?? formatRangeValue(value)}
      onChange={(e) => setDraft(e.currentTarget.value)}
      onBlur={commit}
      onKeyDown={(e) => {
        if (e.key === 'Enter') commit();
        if (e.key === 'Escape') setDraft(null);
      }}
    />
  );
}
