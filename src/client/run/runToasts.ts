// Warning toasts of the run controls (alerts that fired), in the style of ui/toast.
import { notifications } from '@mantine/notifications';
import { TOAST_LONG_AUTO_CLOSE_MS } from '../../domain/constants.ts';
import { toastTitle } from '../ui/toast.ts';

export function showWarning(title: string, message: string): void {
  notifications.show({ title: toastTitle(title), message, color: 'yellow', autoClose: TOAST_LONG_AUTO_CLOSE_MS, 'data-testid': 'toast-warning' });
}
