// @vitest-environment node
// The one set of upload rules (docs/product.md "Records and fields" and "Validation": Art Title
// required, Rate a number, dates from a date selector; docs/product.md: the expiration date comes
// after the starting date), as the form, the device store and the server apply them.
import { describe, expect, it } from 'vitest';
import {
  DESCRIPTION_MAX,
  parseDateInput,
  TITLE_MAX,
  validateItemInput,
} from '@shared/upload-rules';
import { validateUploadForm } from '../upload-form';

const NOW = new Date(2026, 4, 10, 12, 0, 0);
const valid = {
  title: 'Neon Tide',
  description: '',
  type: 'gifs',
  rateEth: '0.004',
  startDate: '2026-05-11',
  endDate: '2026-05-20',
};

describe('validateItemInput', () => {
  it('accepts a complete item, and one with no price or dates', () => {
    expect(validateItemInput(valid, NOW)).toEqual({});
    expect(validateItemInput({ title: 'T', description: '' }, NOW)).toEqual({});
  });

  it('needs a title of at most 100 characters and a description of at most 2000', () => {
    expect(validateItemInput({ ...valid, title: '  ' }, NOW)).toEqual({
      title: 'Art Title is required.',
    });
    expect(validateItemInput({ ...valid, title: 'x'.repeat(TITLE_MAX) }, NOW)).toEqual({});
    expect(validateItemInput({ ...valid, title: 'x'.repeat(TITLE_MAX + 1) }, NOW)).toEqual({
      title: 'Use at most 100 characters.',
    });
    expect(
      validateItemInput({ ...valid, description: 'x'.repeat(DESCRIPTION_MAX + 1) }, NOW),
    ).toEqual({ description: 'Use at most 2000 characters.' });
  });

  it('needs the rate as a plain ETH amount of at most 18 decimals', () => {
    for (const rateEth of ['-1', '1e3', 'cheap', '1,5', `0.${'1'.repeat(19)}`]) {
      expect(validateItemInput({ ...valid, rateEth }, NOW)).toEqual({
        rateEth: 'Enter a price in ETH, like 0.004.',
      });
    }
    for (const rateEth of ['12.5', '.5', ` 3 `, `0.${'1'.repeat(18)}`]) {
      expect(validateItemInput({ ...valid, rateEth }, NOW)).toEqual({});
    }
  });

  it('needs the expiration date after the starting date and in the future', () => {
    expect(validateItemInput({ ...valid, endDate: '2026-05-11' }, NOW)).toEqual({});
    expect(
      validateItemInput({ ...valid, endDate: '2026-05-10', startDate: '2026-05-11' }, NOW),
    ).toEqual({ endDate: 'The expiration date must be after the starting date.' });
    expect(validateItemInput({ ...valid, startDate: '', endDate: '2026-05-09' }, NOW)).toEqual({
      endDate: 'The expiration date must be in the future.',
    });
    expect(validateItemInput({ ...valid, startDate: '2026-02-31' }, NOW)).toEqual({
      startDate: 'Enter a valid starting date.',
    });
    expect(validateItemInput({ ...valid, endDate: 'soon' }, NOW)).toEqual({
      endDate: 'Enter a valid expiration date.',
    });
  });
});

describe('validateUploadForm', () => {
  it('adds a chosen file and one of the Type options to the item rules', () => {
    expect(validateUploadForm(valid, true, NOW)).toEqual({});
    expect(validateUploadForm({ ...valid, title: '  ', type: 'art' }, false, NOW)).toEqual({
      image: 'Choose an image or MP4 file to upload.',
      title: 'Art Title is required.',
      type: 'Choose a type.',
    });
  });
});

describe('parseDateInput', () => {
  it('reads yyyy-mm-dd days in local time, at the start or the end of the day', () => {
    expect(parseDateInput('2026-05-11', false)?.getHours()).toBe(0);
    expect(parseDateInput('2026-05-11', true)?.getHours()).toBe(23);
    expect(parseDateInput('2026-02-31', false)).toBeNull();
    expect(parseDateInput('11/05/2026x', false)).toBeNull();
  });

  it('reads dates from year 1 to 9999 only', () => {
    expect(parseDateInput('9999-12-30T00:00:00Z', true)?.getUTCFullYear()).toBe(9999);
    expect(parseDateInput('+275760-09-13T00:00:00Z', true)).toBeNull();
    expect(parseDateInput('-000001-01-01T00:00:00Z', false)).toBeNull();
  });
});
