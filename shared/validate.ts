// Small field validators shared by every form: each returns an error message or null.

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
/** The longest address mail can carry (RFC 5321). */
const EMAIL_MAX = 254;

export function required(value: string, label: string): string | null {
  return value.trim() ? null : `${label} is required.`;
}

export function validateEmail(value: string, label = 'Email'): string | null {
  const v = value.trim();
  if (!v) return `${label} is required.`;
  if (v.length > EMAIL_MAX) return `Use at most ${EMAIL_MAX} characters for the email address.`;
  return EMAIL_RE.test(v) ? null : 'Enter a valid email address, like name@example.com.';
}
