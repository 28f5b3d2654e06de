// Colorbar of the colormap panel: the scheme's gradient with ticks at 25, 50 and 75 %, editable min and
// max at its ends (swapped when entered the wrong way round); clicking the bar opens the scheme chooser.
// The two bounds share the row between them, the unit goes below: 6 significant digits with sign and
// exponent fit at the panel's 272 px.
import { Group, Popover, Text, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import { colorbarTicks, colormapCssGradient, formatRangeValue } from '../colormap.ts';
import type { ColorSchemeId } from '../defaults.ts';
import { ColorSchemeChooser } from './ColorSchemeChooser.tsx';
import { RangeValueInput } from './RangeValueInput.tsx';

interface Props {
  scheme: ColorSchemeId;
  min: number;
  max: number;
  unit: string;
  onRange: (min: number, max: number) => void;
  onScheme: (scheme: ColorSchemeId) => void;
}

export function Colorbar({ scheme, min, max, unit, onRange, onScheme }: Props) {
  const [chooserOpen, setChooserOpen] = useState(false);
  const ticks = colorbarTicks({ min, max });
  return (
    <div data-testid="colorbar">
      <Popover opened={chooserOpen} onChange={setChooserOpen} position="bottom" withArrow shadow="md">
        <Popover.Target>
          <UnstyledButton
            onClick={() => setChooserOpen((o) => !o)}
            aria-label="Choose color scheme"
            data-testid="colorbar-gradient"
            style={{ display: 'block', width: '100%' }}
          >
            <div style={{ position: 'relative', height: 16, borderRadius: 3, background: colormapCssGradient(scheme) }}>
              {ticks.map((t) => (
                <div
                  key={t.fraction}
                  style={{ position: 'absolute', left: `${t.fraction * 100}%`, top: 10, width: 1, height: 6, background: '#222' }}
                />
              ))}
            </div>
          </UnstyledButton>
        </Popover.Target>
        <Popover.Dropdown>
          <ColorSchemeChooser
            value={scheme}
            onChange={(s) => {
              onScheme(s);
              setChooserOpen(false);
            }}
          />
        </Popover.Dropdown>
      </Popover>
      <div style={{ position: 'relative', height: 16 }}>
        {ticks.map((t) => (
          <Text
            key={t.fraction}
            size="10px"
            c="dimmed"
            data-testid={`colorbar-tick-${t.fraction * 100}`}
            style={{ position: 'absolute', left: `${t.fraction * 100}%`, transform: 'translateX(-50%)' }}
          >
            {formatRangeValue(t.value, 3)}
          </Text>
        ))}
      </div>
      <Group gap={6} wrap="nowrap" grow preventGrowOverflow={false}>
        <RangeValueInput label="Minimum" testId="colormap-min" value={min} onCommit={(v) => onRange(v, max)} />
        <RangeValueInput label="Maximum" testId="colormap-max" value={max} onCommit={(v) => onRange(min, v)} align="right" />
      </Group>
      {unit && (
        <Text size="10px" c="dimmed" ta="center" mt={2} data-testid="colorbar-unit">
          {unit}
        </Text>
      )}
    </div>
  );
}
