// Validation of the contact and support request forms (docs/product.md "Records and fields": name,
// email, subject, comments; "Validation": email type). Pure, so it is tested without a screen.
import { required, validateEmail } from '@shared/validate';

// A type alias (not an interface) so it fits the drafts' FormValues index signature.
export type MessageFields = {
  name: string;
  email: string;
  subject: string;
  comments: string;
};

export type MessageField = keyof MessageFields;
export type MessageErrors = Partial<Record<MessageField, string>>;

export const MESSAGE_FIELDS: readonly MessageField[] = ['name', 'email', 'subject', 'comments'];

export const EMPTY_MESSAGE: MessageFields = { name: '', email: '', subject: '', comments: '' };

export const MESSAGE_LIMITS: Record<MessageField, number> = {
  name: 80,
  email: 254,
  subject: 150,
  comments: 2000,
};

function tooLong(value: string, label: string, max: number): string | null {
  return value.trim().length > max ? `${label} can be at most ${max} characters.` : null;
}

/** Field messages for what is wrong; an empty object when everything is fine. */
export function validateMessage(
  values: MessageFields,
  labels: Record<MessageField, string>,
): MessageErrors {
  const errors: MessageErrors = {};
  for (const field of MESSAGE_FIELDS) {
    const value = values[field];
    const label = labels[field];
    const message =
      field === 'email'
        ? validateEmail(value, label)
        : (required(value, label) ?? tooLong(value, label, MESSAGE_LIMITS[field]));
    if (message) errors[field] = message;
  }
  return errors;
}

/** The trimmed values that are saved. */
export function cleanMessage(values: MessageFields): MessageFields {
  return {
    name: values.name.trim(),
    email: values.email.trim(),
    subject: values.subject.trim(),
    comments: values.comments.trim(),
  };
}
