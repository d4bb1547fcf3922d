// spec section 3 "Upload item" and section 5 (Art Title required, Rate a number, dates from a
// date selector); PRODUCT.md: the expiration date comes after the starting date.
import { describe, expect, it } from 'vitest';
import { parseDay, UPLOAD_TYPE_OPTIONS, validateUpload } from '../validation';

const NOW = new Date(2026, 4, 10, 12, 0, 0);
const valid = {
  title: 'Neon Tide',
  description: '',
  type: 'gifs',
  rateEth: '0.004',
  startDate: '2026-05-11',
  endDate: '2026-05-20',
};

describe('upload validation', () => {
  it('offers the spec Type options GIFs, Music, Video, Tech', () => {
    expect(UPLOAD_TYPE_OPTIONS.map((o) => o.label)).toEqual(['GIFs', 'Music', 'Video', 'Tech']);
  });

  it('accepts a complete form with a file', () => {
    expect(validateUpload(valid, true, NOW)).toEqual({});
    expect(
      validateUpload({ ...valid, rateEth: '', startDate: '', endDate: '' }, true, NOW),
    ).toEqual({});
  });

  it('needs a file and an Art Title', () => {
    expect(validateUpload({ ...valid, title: '  ' }, false, NOW)).toEqual({
      image: expect.stringMatching(/Choose an image/),
      title: 'Art Title is required.',
    });
  });

  it('needs a rate in ETH', () => {
    expect(validateUpload({ ...valid, rateEth: '-1' }, true, NOW)).toHaveProperty('rateEth');
    expect(validateUpload({ ...valid, rateEth: '1e3' }, true, NOW)).toHaveProperty('rateEth');
    expect(validateUpload({ ...valid, rateEth: '12.5' }, true, NOW)).toEqual({});
  });

  it('needs the expiration date after the starting date and in the future', () => {
    expect(validateUpload({ ...valid, endDate: '2026-05-11' }, true, NOW)).toEqual({});
    expect(
      validateUpload({ ...valid, endDate: '2026-05-10', startDate: '2026-05-11' }, true, NOW),
    ).toEqual({ endDate: 'The expiration date must be after the starting date.' });
    expect(validateUpload({ ...valid, startDate: '', endDate: '2026-05-09' }, true, NOW)).toEqual({
      endDate: 'The expiration date must be in the future.',
    });
    expect(validateUpload({ ...valid, startDate: '2026-02-31' }, true, NOW)).toEqual({
      startDate: 'Enter a valid starting date.',
    });
  });

  it('reads yyyy-mm-dd days in local time', () => {
    expect(parseDay('2026-05-11', false)?.getHours()).toBe(0);
    expect(parseDay('2026-05-11', true)?.getHours()).toBe(23);
    expect(parseDay('11/05/2026', false)).toBeNull();
  });
});
