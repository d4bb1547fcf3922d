// Typed errors the data-access interface throws, so screens can react without knowing
// whether the data lives on the device or behind an HTTP backend.

/** Input that breaks a rule; `fieldErrors` maps a form field name to its message. */
export class ValidationError extends Error {
  readonly fieldErrors: Record<string, string>;

  constructor(fieldErrors: Record<string, string>, message = 'Some fields need attention.') {
    super(message);
    this.name = 'ValidationError';
    this.fieldErrors = fieldErrors;
  }
}

export const STORAGE_FULL_MESSAGE =
  'Your device storage is full. Free some space and try again; what you typed is kept.';

/** The device refused a write because its storage quota is used up. */
export class StorageFullError extends Error {
  constructor(options?: { cause?: unknown }) {
    super(STORAGE_FULL_MESSAGE, options);
    this.name = 'StorageFullError';
  }
}

export const STORAGE_FAILED_MESSAGE =
  'Could not save on this device. Try again; what you typed is kept.';

/** Any other failure of the device store (blocked, closed, unavailable). */
export class StorageError extends Error {
  constructor(options?: { cause?: unknown }) {
    super(STORAGE_FAILED_MESSAGE, options);
    this.name = 'StorageError';
  }
}

export type EntityKind = 'item' | 'creator' | 'collection' | 'blog post';

/** A write or lookup referred to an id that does not exist. */
export class NotFoundError extends Error {
  readonly entity: EntityKind;
  readonly id: number;

  constructor(entity: EntityKind, id: number) {
    super(`No ${entity} with id ${id} was found.`);
    this.name = 'NotFoundError';
    this.entity = entity;
    this.id = id;
  }
}

const QUOTA_NAMES = new Set(['QuotaExceededError', 'NS_ERROR_DOM_QUOTA_REACHED']);

/** True when `error` is a browser's "storage quota exceeded" failure. */
export function isQuotaError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const name = 'name' in error ? error.name : undefined;
  const code = 'code' in error ? error.code : undefined;
  if (typeof name === 'string' && QUOTA_NAMES.has(name)) return true;
  // Legacy WebKit reports the quota as DOMException code 22 with an unusual name.
  return code === 22;
}

/** Maps any failure of a device write to one of the typed errors above. */
export function toDataError(error: unknown): Error {
  if (
    error instanceof ValidationError ||
    error instanceof NotFoundError ||
    error instanceof StorageFullError ||
    error instanceof StorageError
  ) {
    return error;
  }
  if (isQuotaError(error)) return new StorageFullError({ cause: error });
  return new StorageError({ cause: error });
}
