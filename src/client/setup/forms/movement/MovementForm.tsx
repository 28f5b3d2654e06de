// The movement form (spec 1 §4, §5): adds a movement when opened without an id and edits the movement
// with that id otherwise; the type (translation or rotation) can change only while adding. Start, end
// (open: until the simulation end), the motion, and the leaders chosen among the other movements but its
// followers. Checked with the domain's movement rules; their messages show only after a submit attempt,
// and nothing is written until the form is submitted valid. As the moving boundary condition form it edits
// movements that move only a wall's velocity, and adding one makes the part's wall move with it.
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Divider, Input, MultiSelect, SegmentedControl, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { Controller, useForm, type DefaultValues, type FieldPath, type Resolver } from 'react-hook-form';
import {
  createMovement, defaultMotion, defaultMovementName, leaderCandidates, movementFormMode, movementTypes, type Movement, type MovementType,
} from '../../../../domain/movement.ts';
import type { SetupDocument } from '../../../../domain/setup.ts';
import { movementFormSchema } from '../../../../domain/validation/forms.ts';
import { NumberField } from '../../fields/NumberField.tsx';
import { VectorField } from '../../fields/VectorField.tsx';
import { saveMovement } from '../../setupActions.ts';
import { SETUP_VALIDATION_PROFILE } from '../../setupParts.ts';
import type { MovementSelection } from '../../setupSelection.ts';
import { useSetupStore } from '../../setupStore.ts';
import { FormFrame } from '../FormFrame.tsx';
import { MOVEMENT_TYPE_LABEL } from './movementText.ts';

const path = (p: string) => p as FieldPath<Movement>;

interface Props {
  document: SetupDocument;
  selection: MovementSelection;
  onClose: () => void;
}

/** The movement the form starts from: the stored one when editing, a new one with the defaults when adding. */
function initialMovement(document: SetupDocument, selection: MovementSelection): Movement | null {
  if (selection.movementId !== undefined) return document.movements.find((m) => m.id === selection.movementId) ?? null;
  const movement = createMovement(selection.movementType ?? 'translatory', selection.partId ?? null, document.movements.map((m) => m.name));
  return { ...movement, virtualMovement: selection.form === 'movingBoundaryCondition' };
}

export function MovementForm({ document, selection, onClose }: Props) {
  const [initial] = useState(() => initialMovement(document, selection));
  if (!initial) {
    return (
      <FormFrame title="Movement" testId="movement-form" onClose={onClose}>
        <Text size="sm" c="dimmed" data-testid="movement-missing">
          This movement no longer exists.
        </Text>
      </FormFrame>
    );
  }
  return <MovementFormBody document={document} selection={selection} initial={initial} onClose={onClose} />;
}

function MovementFormBody({ document, selection, initial, onClose }: Props & { initial: Movement }) {
  const { mode, typeSwitchable } = movementFormMode(selection.movementId);
  const virtual = initial.virtualMovement;
  const select = useSetupStore((s) => s.select);
  const { settings, movements, parts } = document;
  const schema = useMemo(
    () => movementFormSchema(SETUP_VALIDATION_PROFILE, { endTime: settings.endTime, movements, partIds: new Set(parts.map((p) => p.id)) }),
    [settings.endTime, movements, parts],
  );
  const form = useForm<Movement>({
    resolver: zodResolver(schema as never) as unknown as Resolver<Movement>,
    // The rules speak only once the user has tried to submit; from then on they follow every change.
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: initial as DefaultValues<Movement>,
  });
  const { control } = form;
  // A rule across fields (start before end) puts its message on a field other than the one typed in:
  // after a submit attempt every change validates the whole movement, so that fixed messages go.
  useEffect(() => {
    const subscription = form.watch(() => {
      if (form.formState.isSubmitted) void form.trigger();
    });
    return () => subscription.unsubscribe();
  }, [form]);
  // The whole motion is watched: switching the type replaces it at once.
  const type = form.watch('type').type;
  const end = form.watch('end');
  const part = parts.find((p) => p.id === initial.partId);
  const otherNames = movements.filter((m) => m.id !== initial.id).map((m) => m.name);
  const leaders = leaderCandidates(movements, mode === 'edit' ? initial.id : undefined).filter((m) => m.id !== initial.id);
  const partName = (id: string | null) => parts.find((p) => p.id === id)?.name;

  const backToPart = () => {
    if (part) select({ form: 'part', partId: part.id, tab: virtual ? 'boundaryConditions' : 'motion' });
    else onClose();
  };

  const switchType = (next: MovementType) => {
    if (next === type) return;
    const current = form.getValues();
    // A name the user has not changed follows the type ("Translation" becomes "Rotation").
    const nameIsDefault = current.name === defaultMovementName(type, otherNames);
    form.setValue('type', defaultMotion(next), { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
    if (nameIsDefault) form.setValue('name', defaultMovementName(next, otherNames), { shouldDirty: true });
  };

  const submit = form.handleSubmit((values) => {
    const movement: Movement = { ...structuredClone(values), name: values.name.trim() };
    const applied = saveMovement(movement, mode === 'add' && virtual && part ? { movingWallOf: part.id } : {});
    if (applied) backToPart();
  });

  const title = virtual ? 'Moving boundary condition' : mode === 'add' ? 'Add movement' : 'Edit movement';
  const subtitle = part ? `${part.name} · ${virtual ? 'wall velocity only, the geometry stays' : 'moves the geometry'}` : 'Movement without a part';

  return (
    <FormFrame
      title={title}
      subtitle={subtitle}
      testId="movement-form"
      onClose={onClose}
      footer={
        <>
          <Button size="xs" variant="default" onClick={backToPart} data-testid="movement-cancel">
            Cancel
          </Button>
          <Button size="xs" onClick={() => void submit()} data-testid="movement-submit">
            {mode === 'add' ? 'Add movement' : 'Save movement'}
          </Button>
        </>
      }
    >
      <form
        data-testid="movement-form-body"
        data-mode={mode}
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack gap="sm">
          <Input.Wrapper label="Type" description={typeSwitchable ? undefined : 'The type of an existing movement cannot change.'}>
            <SegmentedControl
              fullWidth
              mt={4}
              size="xs"
              value={type}
              disabled={!typeSwitchable}
              onChange={(value) => switchType(value as MovementType)}
              data={movementTypes.map((t) => ({ value: t, label: MOVEMENT_TYPE_LABEL[t] }))}
              data-testid="movement-type"
            />
          </Input.Wrapper>
          <Controller
            control={control}
            name="name"
            render={({ field, fieldState }) => (
              <TextInput label="Name" value={field.value} onChange={field.onChange} onBlur={field.onBlur} error={fieldState.error?.message} data-testid="movement-name" />
            )}
          />
          <Divider label="Time" labelPosition="left" />
          <NumberField control={control} name="start" label="Start" unit="s" testId="movement-start" />
          <Switch
            label={`Until the simulation end (${settings.endTime} s)`}
            checked={end === null}
            onChange={(event) =>
              form.setValue('end', event.currentTarget.checked ? null : settings.endTime, { shouldDirty: true, shouldValidate: form.formState.isSubmitted })
            }
            data-testid="movement-open-end"
          />
          {end !== null && <NumberField control={control} name={path('end')} label="End" unit="s" testId="movement-end" />}
          <Divider label={MOVEMENT_TYPE_LABEL[type]} labelPosition="left" />
          {type === 'translatory' ? (
            <>
              <VectorField control={control} name={path('type.direction')} label="Direction" testId="movement-direction"
                description="Only the direction counts; its length does not scale the motion." />
              <NumberField control={control} name={path('type.vel')} label="Velocity at the start" unit="m/s" testId="movement-vel" />
              <NumberField control={control} name={path('type.acc')} label="Acceleration" unit="m/s²" testId="movement-acc" />
            </>
          ) : (
            <>
              <VectorField control={control} name={path('type.center')} label="Center of rotation" unit="m" testId="movement-center" />
              <VectorField control={control} name={path('type.axis')} label="Rotation axis" testId="movement-axis"
                description="Right-handed: a positive angular velocity turns counter-clockwise seen from the axis' tip." />
              <NumberField control={control} name={path('type.vel')} label="Angular velocity at the start" unit="rad/s" testId="movement-vel" />
              <NumberField control={control} name={path('type.acc')} label="Angular acceleration" unit="rad/s²" testId="movement-acc" />
            </>
          )}
          <Divider label="Leaders" labelPosition="left" />
          <Controller
            control={control}
            name="parents"
            render={({ field, fieldState }) => (
              <MultiSelect
                label="Follows"
                description="The movement is carried along by its leaders (it moves in their moving frame). Its own followers cannot lead it."
                placeholder={leaders.length === 0 ? 'No other movement can lead this one' : 'Choose leaders'}
                data={leaders.map((m) => ({ value: m.id, label: partName(m.partId) ? `${m.name} (${partName(m.partId)})` : m.name }))}
                value={field.value}
                onChange={field.onChange}
                error={fieldState.error?.message}
                disabled={leaders.length === 0 && field.value.length === 0}
                comboboxProps={{ withinPortal: true }}
                data-testid="movement-parents"
              />
            )}
          />
          <button type="submit" hidden aria-hidden="true" tabIndex={-1} />
        </Stack>
      </form>
    </FormFrame>
  );
}
