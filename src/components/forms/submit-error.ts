// Turns a failed save into what a form shows (docs/product.md principles 3 and 4): field messages
// for invalid input, a clear sentence for a full disk or a failed write. The form keeps what
// was typed in every case.
import {
  NotFoundError,
  STORAGE_FAILED_MESSAGE,
  StorageError,
  StorageFullError,
  ValidationError,
} from '@/data/errors';

export interface SubmitFailure {
  fieldErrors: Record<string, string>;
  /** The form-level sentence, shown in a FormAlert. */
  message: string;
}

export function describeSubmitError(error: unknown): SubmitFailure {
  if (error instanceof ValidationError) {
    const count = Object.keys(error.fieldErrors).length;
    return {
      fieldErrors: error.fieldErrors,
      // No field: the message is about the whole form (e.g. "needs a connection").
      message:
        count === 0
          ? error.message
          : count === 1
            ? (Object.values(error.fieldErrors)[0] ?? error.message)
            : `Please fix the ${count} fields marked below.`,
    };
  }
  if (error instanceof StorageFullError || error instanceof StorageError) {
    return { fieldErrors: {}, message: error.message };
  }
  if (error instanceof NotFoundError) return { fieldErrors: {}, message: error.message };
  return { fieldErrors: {}, message: STORAGE_FAILED_MESSAGE };
}

/** The form-level sentence for client-side field errors. */
export function fieldsNeedAttention(errors: Record<string, string>): string {
  const count = Object.keys(errors).length;
  return count === 1
    ? 'Please fix the field marked below.'
    : `Please fix the ${count} fields marked below.`;
}

/** The errors without `name` (after the user edits that field). */
export function withoutError(errors: Record<string, string>, name: string): Record<string, string> {
  const rest = { ...errors };
  delete rest[name];
  return rest;
}
