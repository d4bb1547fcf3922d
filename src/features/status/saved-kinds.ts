// What the thank-you page says for each kind of saved submission.
import { paths, safeReturnPath } from '@/config/paths';

interface SavedDescription {
  message: string;
  next: { label: string; to: string } | null;
}

const KINDS: Record<string, { message: string; next?: { label: string; to: string } }> = {
  newsletter: {
    message: 'Your newsletter subscription is saved and sent to Artmint when you are online.',
    next: { label: 'See it in Settings', to: paths.creatorProfileEdit },
  },
  contact: {
    message:
      'Your message is saved on this device and sent to the Artmint team when you are online. Settings lists it under Sync.',
    next: { label: 'See it in Settings', to: paths.creatorProfileEdit },
  },
  support: {
    message:
      'Your support request is saved on this device and sent to the Artmint team when you are online. Settings lists it under Sync.',
    next: { label: 'See it in Settings', to: paths.creatorProfileEdit },
  },
  'reset-password': {
    message: 'Your password reset request is recorded on this device.',
    next: { label: 'Back to login', to: paths.login },
  },
  upload: {
    message:
      'Your work is saved and listed in Explore; it syncs to the marketplace for every collector.',
    next: { label: 'Explore items', to: paths.exploreOne },
  },
  creator: {
    message: 'Your creator profile is saved and syncs to the marketplace.',
    next: { label: 'See your profile', to: paths.creatorProfile() },
  },
  signup: {
    message: 'Your account is created and you are signed in.',
    next: { label: 'Go to your profile', to: paths.creatorProfile() },
  },
};

export function describeSaved(kind: string | null, next: string | null): SavedDescription {
  const known = kind ? KINDS[kind] : undefined;
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
