// Name and description inputs of the project and simulation forms, with the spec's limits and a counter
// that turns red past the limit (the inputs accept one character more, so the message can show).
import { Stack, TextInput, Textarea } from '@mantine/core';
import type { UseFormReturn } from 'react-hook-form';
import { CharacterCounter } from '../ui/CharacterCounter.tsx';
import { DESCRIPTION_INPUT_MAX_LENGTH, DESCRIPTION_MAX_LENGTH, NAME_INPUT_MAX_LENGTH, NAME_MAX_LENGTH } from '../../domain/constants.ts';

export interface NameDescriptionValues {
  name: string;
  description?: string;
}

interface NameDescriptionFieldsProps {
  form: UseFormReturn<NameDescriptionValues, unknown, NameDescriptionValues>;
  nameLabel: string;
  testIdPrefix: string;
}

export function NameDescriptionFields({ form, nameLabel, testIdPrefix }: NameDescriptionFieldsProps) {
  const { errors } = form.formState;
  const name = form.watch('name') ?? '';
  const description = form.watch('description') ?? '';
  return (
    <Stack gap="sm">
      <div>
        <TextInput
          label={nameLabel}
          withAsterisk
          autoFocus
          maxLength={NAME_INPUT_MAX_LENGTH}
          {...form.register('name')}
          error={errors.name?.message}
          data-testid={`${testIdPrefix}-name`}
        />
        <CharacterCounter length={name.length} max={NAME_MAX_LENGTH} />
      </div>
      <div>
        <Textarea
          label="Description"
          autosize
          minRows={3}
          maxRows={8}
          maxLength={DESCRIPTION_INPUT_MAX_LENGTH}
          {...form.register('description')}
          error={errors.description?.message}
          data-testid={`${testIdPrefix}-description`}
        />
        <CharacterCounter length={description.length} max={DESCRIPTION_MAX_LENGTH} />
      </div>
    </Stack>
  );
}
