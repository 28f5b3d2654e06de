// The colour scheme chooser opened from the colorbar: every scheme with its gradient and label.
import { Stack, UnstyledButton, Text, Group } from '@mantine/core';
import { COLOR_SCHEMES, type ColorSchemeId } from '../defaults.ts';
import { colormapCssGradient } from '../colormap.ts';

interface Props {
  value: ColorSchemeId;
  onChange: (scheme: ColorSchemeId) => void;
}

export function ColorSchemeChooser({ value, onChange }: Props) {
  return (
    <Stack gap={4} data-testid="color-scheme-chooser">
      <Text size="xs" fw={600}>
        Color Scheme
      </Text>
      {COLOR_SCHEMES.map((s) => (
        <UnstyledButton
          key={s.id}
          onClick={() => onChange(s.id)}
          data-testid={`color-scheme-${s.id}`}
          aria-pressed={s.id === value}
          style={{ borderRadius: 4, padding: 2, outline: s.id === value ? '2px solid #2d69b2' : 'none' }}
        >
          <Group gap={8} wrap="nowrap">
            <div style={{ width: 120, height: 12, borderRadius: 2, background: colormapCssGradient(s.id) }} />
            <Text size="xs">{s.label}</Text>
          </Group>
        </UnstyledButton>
      ))}
    </Stack>
  );
}
