// Notifications (toasts): the store and `showToast`, callable from anywhere. The Toaster that
// shows them is in toaster.tsx, a chunk of its own: nothing of it is needed for a first paint.
import { create } from 'zustand';

export type ToastTone = 'success' | 'error' | 'info';

export interface ToastInput {
  title: string;
  description?: string;
  tone: ToastTone;
  /** Milliseconds before it goes away on its own; 5000 by default. */
  duration?: number;
}

export interface ToastEntry extends ToastInput {
  id: string;
}

interface ToastState {
  toasts: ToastEntry[];
  /** Shows a notification; returns its id. */
  toast: (input: ToastInput) => string;
  dismiss: (id: string) => void;
  clear: () => void;
}

export const TOAST_DURATION_MS = 5000;
const MAX_TOASTS = 4;
let nextId = 0;

/** The notifications on screen (not persisted: they belong to this visit). */
export const useToasts = create<ToastState>()((set) => ({
  toasts: [],
  toast: (input) => {
    nextId += 1;
    const id = `toast-${nextId}`;
    set((s) => ({ toasts: [...s.toasts, { ...input, id }].slice(-MAX_TOASTS) }));
    return id;
  },
  dismiss: (id) => set((s) => ({ toasts: s.toasts.filter((t) => t.id !== id) })),
  clear: () => set({ toasts: [] }),
}));

/** Shows a notification from anywhere, also outside React (stores, data access). */
export function showToast(input: ToastInput): string {
  return useToasts.getState().toast(input);
}
