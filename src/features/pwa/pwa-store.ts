// What the service worker told us, for the UI (not persisted: it belongs to this page).
import { create } from 'zustand';

interface PwaState {
  /** A new version is installed and waiting (or already took over in another tab). */
  needRefresh: boolean;
  /** The user chose Reload; the page reloads as soon as the new version controls it. */
  reloading: boolean;
  /** The user chose "Later"; the prompt comes back on the next page load. */
  dismissed: boolean;
}

export const usePwaStore = create<PwaState>()(() => ({
  needRefresh: false,
  reloading: false,
  dismissed: false,
}));

export function showUpdatePrompt(): void {
  usePwaStore.setState({ needRefresh: true, dismissed: false });
}

export function dismissUpdatePrompt(): void {
  usePwaStore.setState({ dismissed: true });
}
