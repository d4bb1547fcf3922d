// What the thank-you page says for each kind of submission that leads to it: the contact and
// support forms (features/contact message-form), signup and a password reset request that waits
// for a connection (features/account).
import { paths, safeReturnPath, type ThankYouKind } from '@/config/paths';

interface SavedDescription {
  message: string;
  next: { label: string; to: string } | null;
}

const KINDS: Record<ThankYouKind, { message: string; next?: { label: string; to: string } }> = {
  contact: {
    message:
      'Your message is saved on this device and sent to the Artmint team when you are online. Settings lists it under Messages.',
    next: { label: 'See it in Settings', to: paths.creatorProfileEdit },
  },
  support: {
    message:
      'Your support request is saved on this device and sent to the Artmint team when you are online. Settings lists it under Messages.',
    next: { label: 'See it in Settings', to: paths.creatorProfileEdit },
  },
  'reset-password': {
    message: 'Your password reset request is recorded on this device.',
    next: { label: 'Back to login', to: paths.login },
  },
  signup: {
    message: 'Your account is created and you are signed in.',
    next: { label: 'Go to your profile', to: paths.creatorProfile() },
  },
};

export function describeSaved(kind: string | null, next: string | null): SavedDescription {
  const known = kind && Object.hasOwn(KINDS, kind) ? KINDS[kind as ThankYouKind] : undefined;
  const to = safeReturnPath(next);
  if (!known) {
    return {
      message:
        'Thanks for visiting Artmint. What you save here is kept on this device and synced when you are online.',
      next: to ? { label: 'Continue', to } : null,
    };
  }
  return {
    message: known.message,
    next: to ? { label: 'Continue', to } : (known.next ?? null),
  };
}
