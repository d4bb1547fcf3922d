// @vitest-environment node
// docs/product.md "Records and fields": fields, required marks and notification defaults.
import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_NOTIFICATION_DEFAULTS,
  MARKETING_DEFAULTS,
  personalFrom,
  validateContact,
  validatePersonal,
  validateSocial,
  withDefaults,
} from '../validation';

describe('profile edit rules', () => {
  it('has the template notification defaults', () => {
    expect(ACCOUNT_NOTIFICATION_DEFAULTS).toEqual({
      mentions: false,
      follows: true,
      shares: false,
      messages: false,
    });
    expect(MARKETING_DEFAULTS).toEqual({
      sale: false,
      companyNews: false,
      weeklyJobs: true,
      unsubscribeNews: true,
    });
  });

  it('personal detail needs first name, last name and a valid email', () => {
    const empty = { firstName: '', lastName: '', email: '', occupation: '', description: '' };
    expect(validatePersonal(empty)).toEqual({
      firstName: 'First name is required.',
      lastName: 'Last name is required.',
      email: 'Email is required.',
    });
    expect(
      validatePersonal({ ...empty, firstName: 'Mia', lastName: 'Chen', email: 'mia@example.com' }),
    ).toEqual({});
  });

  it('social usernames and the YouTube URL', () => {
    expect(
      validateSocial({
        twitter: '@mia_chen',
        facebook: 'mia.chen',
        instagram: '',
        linkedin: 'mia-chen',
        youtube: 'https://youtube.com/@mia',
      }),
    ).toEqual({});
    expect(
      validateSocial({
        twitter: 'has space',
        facebook: '',
        instagram: '',
        linkedin: '',
        youtube: 'youtube.com/@mia',
      }),
    ).toEqual({ twitter: expect.any(String), youtube: expect.any(String) });
  });

  it('contact: phone digits and a website URL', () => {
    expect(validateContact({ phone: '+44 20 7946 0958', website: 'https://mia.art' })).toEqual({});
    expect(validateContact({ phone: 'call me', website: 'mia.art' })).toEqual({
      phone: expect.any(String),
      website: expect.any(String),
    });
  });

  it('fills saved values over the defaults, ignoring wrong types and unknown keys', () => {
    expect(
      withDefaults(MARKETING_DEFAULTS, { sale: true, weeklyJobs: 'yes', extra: true }),
    ).toEqual({ ...MARKETING_DEFAULTS, sale: true });
  });

  it('prefills personal detail from the account until it is saved', () => {
    expect(personalFrom({}, { name: 'Mia Li Chen', email: 'mia@example.com' })).toMatchObject({
      firstName: 'Mia',
      lastName: 'Li Chen',
      email: 'mia@example.com',
    });
    expect(
      personalFrom({ personal: { firstName: 'A', lastName: 'B', email: 'a@b.co' } }, null),
    ).toMatchObject({ firstName: 'A' });
  });
});
