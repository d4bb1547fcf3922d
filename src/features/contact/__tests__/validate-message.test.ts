// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { cleanMessage, EMPTY_MESSAGE, validateMessage } from '../validate-message';

const LABELS = {
  name: 'Your Name',
  email: 'Your Email',
  subject: 'Your Question',
  comments: 'Comments',
};
const VALID = { name: 'Ana', email: 'ana@example.com', subject: 'Bids', comments: 'Hello' };

describe('validateMessage (docs/product.md "Records and fields": contact and support fields)', () => {
  it('requires every field and names it by its label', () => {
    expect(validateMessage(EMPTY_MESSAGE, LABELS)).toEqual({
      name: 'Your Name is required.',
      email: 'Your Email is required.',
      subject: 'Your Question is required.',
      comments: 'Comments is required.',
    });
  });

  it('treats whitespace as empty and rejects a malformed email', () => {
    const errors = validateMessage({ ...VALID, name: '   ', email: 'ana@' }, LABELS);
    expect(errors.name).toBe('Your Name is required.');
    expect(errors.email).toMatch(/valid email/);
    expect(errors.subject).toBeUndefined();
  });

  it('limits the length of the comments', () => {
    expect(validateMessage({ ...VALID, comments: 'x'.repeat(2001) }, LABELS).comments).toBe(
      'Comments can be at most 2000 characters.',
    );
    expect(validateMessage({ ...VALID, comments: 'x'.repeat(2000) }, LABELS)).toEqual({});
  });

  it('accepts a complete message and trims what is saved', () => {
    expect(validateMessage(VALID, LABELS)).toEqual({});
    expect(cleanMessage({ ...VALID, name: '  Ana  ' }).name).toBe('Ana');
  });
});
