// What each kind of message kept in the outbox is called, in the sync panel's list of changes
// and in the settings' list of messages on this device.
import type { OutboxKind } from '@shared/types';

export const MESSAGE_LABELS: Readonly<Record<OutboxKind, string>> = {
  newsletter: 'Newsletter sign-up',
  contact: 'Contact message',
  support: 'Support request',
  'reset-password': 'Password reset request',
};
