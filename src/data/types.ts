// Types only the app uses (its pages, forms and device store); the records app and server
// share are in shared/types.ts.
import type { OutboxEntry } from '@shared/types';

/** An image reference: a URL plus its intrinsic size so nothing shifts while loading. */
export interface ImageRef {
  src: string;
  width: number;
  height: number;
  alt: string;
}

export interface TeamMember {
  image: string;
  name: string;
  title: string;
}

export interface WalletProvider {
  id: string;
  title: string;
  image: string;
  /** EIP-6963 reverse-DNS id of the wallet, where it has one. */
  rdns?: string;
  installUrl: string;
}

export interface FaqEntry {
  title: string;
  content: string;
}

export interface FaqSection {
  id: 'buying' | 'general' | 'payments' | 'support';
  title: string;
  entries: FaqEntry[];
}

export interface SelectOption<V extends string = string> {
  value: V;
  label: string;
}

/**
 * Where a message kept on the device stands: still waiting to be sent, sent (the server took
 * it), or refused by the server (with its reason).
 */
export type MessageDelivery = 'waiting' | 'sent' | 'refused';

/** A message kept on the device (the outbox) and where it stands. */
export interface StoredMessage extends OutboxEntry {
  delivery: MessageDelivery;
  /** Refused only: the server's reason. */
  error?: string;
}
