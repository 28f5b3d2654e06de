// How full the organisation's storage is, for the storage indicator: errors at 100 % (spec 2 §9) and warns
// from 90 %, early enough to clean up before runs are blocked.
import { STORAGE_FULL_FRACTION } from '../../domain/constants.ts';
import { storageUsedFraction, type StorageConsumption } from '../../domain/budget.ts';

/** The spec leaves the warning threshold open; 90 % leaves room for one more typical run. */
export const STORAGE_WARN_FRACTION = 0.9;

export type StorageLevel = 'ok' | 'warn' | 'error';

export function storageLevel(storage: StorageConsumption): StorageLevel {
  const used = storageUsedFraction(storage);
  if (used >= STORAGE_FULL_FRACTION) return 'error';
  if (used >= STORAGE_WARN_FRACTION) return 'warn';
  return 'ok';
}

/** Percentage for a progress bar, 0..100. */
export function storagePercent(storage: StorageConsumption): number {
  return Math.min(100, Math.max(0, storageUsedFraction(storage) * 100));
}
