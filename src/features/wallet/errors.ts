// Maps what a wallet throws (EIP-1193 provider errors, EIP-1474 JSON-RPC errors) to a message a
// person can act on (docs/product.md "Error messages"; docs/product.md: errors are shown, not only
// logged).

import type { WalletError } from '@/data/wallet-store';

/** An error the app raises itself with an EIP-1193 code (e.g. a wallet that returns no account). */
export class WalletRequestError extends Error {
  readonly code: number;
  constructor(code: number, message: string) {
    super(message);
    this.name = 'WalletRequestError';
    this.code = code;
  }
}

export const PROVIDER_ERRORS = {
  userRejected: 4001,
  unauthorized: 4100,
  unsupportedMethod: 4200,
  disconnected: 4900,
  chainDisconnected: 4901,
  requestPending: -32002,
} as const;

const MAX_MESSAGE_LENGTH = 200;

function asRecord(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : null;
}

function readCode(value: unknown): number | null {
  if (typeof value === 'number' && Number.isInteger(value)) return value;
  if (typeof value === 'string' && /^-?\d+$/.test(value)) return Number(value);
  return null;
}

/** The EIP-1193 code of an error; wallets sometimes nest it (data.originalError, cause). */
export function errorCode(error: unknown): number | null {
  let current: unknown = error;
  for (let depth = 0; depth < 4; depth += 1) {
    const record = asRecord(current);
    if (!record) return null;
    const code = readCode(record.code);
    if (code !== null) return code;
    const data = asRecord(record.data);
    current = data?.originalError ?? record.cause ?? record.error;
  }
  return null;
}

function errorMessage(error: unknown): string {
  const record = asRecord(error);
  const message = record && typeof record.message === 'string' ? record.message.trim() : '';
  if (!message) return '';
  return message.length > MAX_MESSAGE_LENGTH
    ? `${message.slice(0, MAX_MESSAGE_LENGTH)}...`
    : message;
}

export interface ErrorContext {
  /** The wallet's name, as shown on its tile. */
  wallet: string;
  /** navigator.onLine when the error happened. */
  online: boolean;
}

/** Turns anything a wallet request threw into a WalletError with a title and a message. */
export function toWalletError(error: unknown, { wallet, online }: ErrorContext): WalletError {
  const code = errorCode(error);
  switch (code) {
    case PROVIDER_ERRORS.userRejected:
      return {
        kind: 'rejected',
        code,
        title: 'Request rejected',
        message: `You rejected the request in ${wallet}. Nothing was connected; choose the wallet again when you are ready.`,
      };
    case PROVIDER_ERRORS.requestPending:
      return {
        kind: 'pending',
        code,
        title: 'Request already pending',
        message: `${wallet} is already showing a request from this site. Open ${wallet} to approve or reject it, then try again.`,
      };
    case PROVIDER_ERRORS.unauthorized:
      return {
        kind: 'unauthorized',
        code,
        title: 'Not authorised',
        message: `${wallet} has not authorised this site to use that account. Connect again and approve access in ${wallet}.`,
      };
    default:
      break;
  }
  if (!online) {
    return {
      kind: 'offline',
      code,
      title: 'You are offline',
      message: `${wallet} needs the network for this request, and this device is offline. Reconnect to the internet and try again.`,
    };
  }
  if (code === PROVIDER_ERRORS.disconnected) {
    return {
      kind: 'disconnected',
      code,
      title: 'Wallet disconnected',
      message: `${wallet} is not connected to any network. Check its network settings, then try again.`,
    };
  }
  if (code === PROVIDER_ERRORS.chainDisconnected) {
    return {
      kind: 'chain-disconnected',
      code,
      title: 'Network disconnected',
      message: `${wallet} is not connected to the selected network. Switch network in ${wallet}, then try again.`,
    };
  }
  const detail = errorMessage(error);
  return {
    kind: 'unknown',
    code,
    title: 'Wallet error',
    message: `${detail || `${wallet} could not complete the request.`}${code === null ? '' : ` (code ${code})`}`,
  };
}
