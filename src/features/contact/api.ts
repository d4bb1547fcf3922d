// The contact and support writes (docs/product.md "Writes"): saved to the device outbox through the
// data-access interface; an HTTP backend can take over without touching the forms.
import { getDataAccess } from '@/data/data-access';
import type { OutboxEntry } from '@shared/types';
import { cleanMessage, type MessageFields } from './validate-message';

export type MessageKind = 'contact' | 'support';

export function sendMessage(kind: MessageKind, values: MessageFields): Promise<OutboxEntry> {
  return getDataAccess().saveOutbox(kind, { ...cleanMessage(values) });
}
