// The profile edit sections (docs/product.md "Records and fields"): their fields, defaults and
// validation rules. Pure. Field names are what each section saves (saveProfileSection).
import type { FormValues } from '@shared/types';
import type { Profile } from '@/data/records';
import { validateEmail } from '@shared/validate';

export const PERSONAL_DEFAULTS = {
  firstName: '',
  lastName: '',
  email: '',
  occupation: '',
  description: '',
};
export const SOCIAL_DEFAULTS = {
  twitter: '',
  facebook: '',
  instagram: '',
  linkedin: '',
  youtube: '',
};
export const CONTACT_DEFAULTS = { phone: '', website: '' };
/** Account notifications: mentions off, follows on, shares off, messages off (docs/product.md
 * "Records and fields"). */
export const ACCOUNT_NOTIFICATION_DEFAULTS = {
  mentions: false,
  follows: true,
  shares: false,
  messages: false,
};
/** Marketing: sale or promotion off, company news off, weekly jobs on, unsubscribe news on. */
export const MARKETING_DEFAULTS = {
  sale: false,
  companyNews: false,
  weeklyJobs: true,
  unsubscribeNews: true,
};

export type PersonalValues = typeof PERSONAL_DEFAULTS;
export type SocialValues = typeof SOCIAL_DEFAULTS;
export type ContactValues = typeof CONTACT_DEFAULTS;
export type Errors = Record<string, string>;

/** The saved values of a section over its defaults, keeping only known fields of the right type. */
export function withDefaults<D extends Record<string, string | boolean>>(
  defaults: D,
  saved: FormValues | undefined,
): D {
  const out: Record<string, string | boolean> = { ...defaults };
  for (const key of Object.keys(defaults)) {
    const value = saved?.[key];
    if (typeof value === typeof defaults[key]) out[key] = value as string | boolean;
  }
  return out as D;
}

export function personalFrom(profile: Profile, account?: { name: string; email: string } | null) {
  if (typeof profile.personal?.email !== 'string' && account) {
    const [first = '', ...rest] = account.name.trim().split(/\s+/);
    return {
      ...PERSONAL_DEFAULTS,
      firstName: first,
      lastName: rest.join(' '),
      email: account.email,
    };
  }
  return withDefaults(PERSONAL_DEFAULTS, profile.personal);
}

const NAME_MAX = 40;
const USERNAME = /^@?[A-Za-z0-9_.-]{1,50}$/;
const HTTP_URL = /^https?:\/\/[^\s/$.?#][^\s]*$/i;
const PHONE = /^\+?[0-9][0-9 ()-]{5,19}$/;

function limit(errors: Errors, key: string, value: string, max: number) {
  if (!errors[key] && value.length > max) errors[key] = `Use at most ${max} characters.`;
}

export function validatePersonal(v: PersonalValues): Errors {
  const errors: Errors = {};
  if (!v.firstName.trim()) errors.firstName = 'First name is required.';
  if (!v.lastName.trim()) errors.lastName = 'Last name is required.';
  limit(errors, 'firstName', v.firstName.trim(), NAME_MAX);
  limit(errors, 'lastName', v.lastName.trim(), NAME_MAX);
  const email = validateEmail(v.email);
  if (email) errors.email = email;
  limit(errors, 'occupation', v.occupation.trim(), 80);
  limit(errors, 'description', v.description, 1000);
  return errors;
}

export function validateSocial(v: SocialValues): Errors {
  const errors: Errors = {};
  for (const key of ['twitter', 'facebook', 'instagram', 'linkedin'] as const) {
    const value = v[key].trim();
    if (value && !USERNAME.test(value)) {
      errors[key] = 'Enter a username: letters, digits, dots, dashes or underscores.';
    }
  }
  const youtube = v.youtube.trim();
  if (youtube && !HTTP_URL.test(youtube)) {
    errors.youtube = 'Enter a web address, like https://youtube.com/@you.';
  }
  return errors;
}

export function validateContact(v: ContactValues): Errors {
  const errors: Errors = {};
  const phone = v.phone.trim();
  if (phone && !PHONE.test(phone)) {
    errors.phone = 'Enter a phone number with digits only, like +44 20 7946 0958.';
  }
  const website = v.website.trim();
  if (website && !HTTP_URL.test(website)) {
    errors.website = 'Enter a web address, like https://example.com.';
  }
  return errors;
}

/** Trims every text value before saving. */
export function trimmed<V extends object>(values: V): V {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) {
    out[key] = typeof value === 'string' ? value.trim() : value;
  }
  return out as V;
}
