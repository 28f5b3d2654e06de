// Note tile: free text kept with the dashboard, saved a moment after typing stops and when the field
// is left, with the save state shown beside it.
import { Group, Text, Textarea } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../api/ApiClient.ts';
import type { TileProps } from './tileProps.ts';

const SAVE_DELAY_MS = 800;
const NOTE_MAX_LENGTH = 10_000;

type SaveState = 'saved' | 'editing' | 'saving' | 'failed';

export function NoteTile({ tile, onUpdate }: TileProps) {
  const [text, setText] = useState(tile.text ?? '');
  const [state, setState] = useState<SaveState>('saved');
  const [error, setError] = useState<string | null>(null);
  const saved = useRef(tile.text ?? '');
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  // Text saved elsewhere (another tab) replaces this one unless it is being edited.
  useEffect(() => {
    if (state === 'saved' && (tile.text ?? '') !== saved.current) {
      saved.current = tile.text ?? '';
      setText(saved.current);
    }
  }, [tile.text, state]);

  const save = async (value: string) => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    if (value === saved.current) {
      setState('saved');
      return;
    }
    setState('saving');
    try {
      await onUpdate({ text: value });
      saved.current = value;
      setState('saved');
      setError(null);
    } catch (e) {
      setState('failed');
      setError(errorMessage(e));
    }
  };

  useEffect(() => () => {
    if (timer.current) clearTimeout(timer.current);
  }, []);

  return (
    <div style={{ display: 'flex', flexDirection: 'column', height: '100%' }} data-testid="note-tile">
      <Textarea
        aria-label="Note"
        placeholder="Write down what you are watching for in this run…"
        value={text}
        maxLength={NOTE_MAX_LENGTH}
        onChange={(e) => {
          const value = e.currentTarget.value;
          setText(value);
          setState('editing');
          if (timer.current) clearTimeout(timer.current);
          timer.current = setTimeout(() => void save(value), SAVE_DELAY_MS);
        }}
        onBlur={() => void save(text)}
        styles={{ root: { flex: 1, display: 'flex', flexDirection: 'column' }, wrapper: { flex: 1 }, input: { height: '100%', resize: 'none' } }}
        data-testid="note-text"
      />
      <Group justify="flex-end" mt={2}>
        <Text size="10px" c={state === 'failed' ? 'red' : 'dimmed'} data-testid="note-state" data-state={state}>
          {state === 'saved' ? 'Saved' : state === 'saving' ? 'Saving…' : state === 'failed' ? `Not saved: ${error}` : 'Editing…'}
        </Text>
      </Group>
    </div>
  );
}
