// What every tab of the part form receives: the form over the whole part, the part as saved, the case.
import type { UseFormReturn } from 'react-hook-form';
import type { Part } from '../../../../domain/part.ts';
import type { SetupDocument } from '../../../../domain/setup.ts';

export interface PartTabProps {
  form: UseFormReturn<Part>;
  part: Part;
  document: SetupDocument;
}
