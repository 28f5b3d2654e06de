// Settings form (large): time control, particle size, the solver's numerical options and the acceleration
// file, with the rules of spec 1 §4/§5 (total outputs 5..10000, density threshold in percent, surface
// tension forcing lyu21, the end time after every movement's start).
import { Divider, Stack, Text, Tooltip } from '@mantine/core';
import { allowedShifting, particleSizeEditable } from '../../../domain/dependencies.ts';
import { limitsFor } from '../../../domain/limits.ts';
import type { SetupDocument } from '../../../domain/setup.ts';
import { densityThresholdToPercent, outputCount, percentToDensityThreshold, shiftingKinds, type SimulationSettings } from '../../../domain/settings.ts';
import { NumberField } from '../fields/NumberField.tsx';
import { SelectField } from '../fields/SelectField.tsx';
import { SwitchField } from '../fields/SwitchField.tsx';
import { SETUP_VALIDATION_PROFILE } from '../setupParts.ts';
import { AccelerationFileSection } from './acceleration/AccelerationFileSection.tsx';
import { FormFrame } from './FormFrame.tsx';
import { useSettingsForm } from './useSettingsForm.ts';

const SHIFTING_LABEL: Record<SimulationSettings['shifting'], string> = {
  lyu21: 'Lyu et al. 2021',
  sun17: 'Sun et al. 2017',
  zero: 'None',
};

const percent = { toDisplay: densityThresholdToPercent, fromDisplay: percentToDensityThreshold };

export function SettingsForm({ document, onClose }: { document: SetupDocument; onClose: () => void }) {
  const form = useSettingsForm(document);
  const { control } = form;
  const values = form.watch();
  const allowed = allowedShifting(values);
  const sizeEditable = particleSizeEditable(document);
  const totalOutputs = limitsFor(SETUP_VALIDATION_PROFILE).totalOutputs;
  const outputs = typeof values.endTime === 'number' && typeof values.outputTimeInterval === 'number' ? outputCount(values) : null;

  return (
    <FormFrame title="Settings" subtitle="Time control and numerics" testId="settings-form" onClose={onClose}>
      <Stack gap="sm">
        <Text size="xs" fw={700} c="dimmed" tt="uppercase">
          Time
        </Text>
        <NumberField control={control} name="endTime" label="End time" unit="s" testId="settings-endTime" />
        <NumberField control={control} name="outputTimeInterval" label="Output time interval" unit="s" testId="settings-outputTimeInterval" />
        <Text size="xs" c="dimmed" data-testid="settings-output-count">
          {outputs === null ? 'Outputs: enter end time and interval' : `Outputs: ${outputs.toLocaleString('en-US')} (the ratio must lie between ${totalOutputs.min} and ${totalOutputs.max?.toLocaleString('en-US')})`}
        </Text>
        <Divider />
        <Text size="xs" fw={700} c="dimmed" tt="uppercase">
          Particles
        </Text>
        <Tooltip label="The particle size is fixed by a point cloud part." disabled={sizeEditable} withArrow>
          <div>
            <NumberField control={control} name="particleDiameter" label="Particle diameter" unit="m" disabled={!sizeEditable} testId="settings-particleDiameter"
              description="Spacing of the particle lattice; smaller is finer and costlier." />
          </div>
        </Tooltip>
        <Divider />
        <Text size="xs" fw={700} c="dimmed" tt="uppercase">
          Numerics
        </Text>
        <SelectField
          control={control}
          name="integrationScheme"
          label="Integration scheme"
          testId="settings-integrationScheme"
          options={[
            { value: 'dual_timestep_rk_4', label: 'Dual time step Runge-Kutta 4' },
            { value: 'runge_kutta_4', label: 'Runge-Kutta 4' },
          ]}
        />
        <SelectField
          control={control}
          name="shifting"
          label="Particle shifting"
          testId="settings-shifting"
          description={values.surfaceTension ? 'Surface tension requires Lyu et al. 2021.' : undefined}
          options={shiftingKinds.map((kind) => ({ value: kind, label: SHIFTING_LABEL[kind], disabled: !allowed.includes(kind) }))}
        />
        <SwitchField control={control} name="dynamicTimeStep" label="Dynamic time step" testId="settings-dynamicTimeStep" />
        <SwitchField control={control} name="densityLimiter" label="Density limiter" testId="settings-densityLimiter" />
        {values.densityLimiter && (
          <NumberField control={control} name="densityThreshold" label="Density threshold" unit="%" conversion={percent} testId="settings-densityThreshold" />
        )}
        <SwitchField control={control} name="accelerationLimiter" label="Acceleration limiter" testId="settings-accelerationLimiter" />
        <SwitchField control={control} name="noRiemannWall" inverted label="Improved wall pressure" testId="settings-improvedWallPressure" />
        <SwitchField control={control} name="lowDissipationOperators" label="Low-dissipation operators" testId="settings-lowDissipationOperators" />
        <SwitchField control={control} name="discretizerLegacy" label="Legacy discretizer" testId="settings-discretizerLegacy" />
        <Divider />
        <Text size="xs" fw={700} c="dimmed" tt="uppercase">
          Acceleration file
        </Text>
        <AccelerationFileSection document={document} />
      </Stack>
    </FormFrame>
  );
}
