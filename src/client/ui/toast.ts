// Toasts in the product's style (spec 2 §9): auto-close after 6 s, titles cut at 45 characters.
import { notifications } from '@mantine/notifications';
import { TOAST_AUTO_CLOSE_MS, TOAST_TITLE_MAX_CHARS } from '../../domain/constants.ts';

export function toastTitle(title: string): string {
  const chars = Array.from(title);
  return chars.length <= TOAST_TITLE_MAX_CHARS ? title : `${chars.slice(0, TOAST_TITLE_MAX_CHARS - 1).join('')}…`;
}

export function showSuccess(title: string, message?: string): void {
  notifications.show({
    title: toastTitle(title),
    message: message ?? '',
    color: 'teal',
    autoClose: TOAST_AUTO_CLOSE_MS,
    'data-testid': 'toast-success',
  });
}

export function showError(title: string, message?: string): void {
  notifications.show({
    title: toastTitle(title),
    message: message ?? '',
    color: 'red',
    autoClose: TOAST_AUTO_CLOSE_MS,
    'data-testid': 'toast-error',
  });
}
