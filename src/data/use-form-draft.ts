// Drafts of long forms (docs/product.md principle 3): what the user types is saved on the
// device while they type, so a reload, a crash or an app update loses nothing; a successful
// submit clears it. The data layer's own hook over its drafts (components load no data); the
// data access is imported on first use, keeping it out of the entry chunk.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { FormValue, FormValues } from '@shared/types';

/** How long typing must pause before the draft is written. */
export const DRAFT_SAVE_DELAY_MS = 400;

export interface FormDraft<T extends FormValues> {
  values: T;
  /** Sets one field and schedules a draft save. */
  setValue: <K extends keyof T>(name: K, value: T[K]) => void;
  /** Replaces several fields at once (e.g. after a file is chosen). */
  setValues: (patch: Partial<T>) => void;
  /** True once a saved draft was found and put back into the form. */
  restored: boolean;
  /** Removes the draft and resets the form to its initial values (call after a submit). */
  clear: () => Promise<void>;
  /** Writes the draft now (also done on pagehide). */
  flush: () => Promise<void>;
  /** The values shown are saved: the form starts from them now (a new starting value then
   * replaces each field not typed in since). */
  saved: () => void;
  /** The version the typed values were based on: the oldest version a field typed in since was
   * shown at (the form's `version` when it opened, or when the field last took a new starting
   * value); the current version when nothing was typed. Undefined without a `version`. */
  base: () => number | undefined;
  /** The values the form starts from now: those it opened with, each replaced by a new starting
   * value not typed over, or the values last saved. A save sends the fields that differ. */
  shown: () => T;
}

async function dataAccess() {
  const { getDataAccess } = await import('./data-access');
  return getDataAccess();
}

/** Keeps only the known fields of the initial values, with their types. */
function mergeDraft<T extends FormValues>(initial: T, saved: FormValues): T {
  const merged: FormValues = { ...initial };
  for (const [key, value] of Object.entries(saved)) {
    if (!(key in initial)) continue;
    const expected = typeof initial[key];
    if (initial[key] === null || value === null || typeof value === expected) {
      merged[key] = value as FormValue;
    }
  }
  return merged as T;
}

/** `{ agree: false }` means a boolean field, not one that is always false. */
export type Widen<T> = {
  [K in keyof T]: T[K] extends boolean
    ? boolean
    : T[K] extends string
      ? string
      : T[K] extends number
        ? number
        : T[K];
};

/**
 * Form state that is kept as a draft on the device under `formId`. Never put passwords or
 * files in it: files belong in the form's own state, passwords are never stored.
 */
export function useFormDraft<I extends FormValues>(
  formId: string,
  initialValues: I,
  /** The version of the record the starting values come from (a profile section's). */
  version?: number,
): FormDraft<Widen<I> & FormValues> {
  type T = Widen<I> & FormValues;
  const initial = initialValues as T;
  const initialRef = useRef(initial);
  const [values, setState] = useState<T>(initial);
  const [restored, setRestored] = useState(false);
  const latest = useRef(values);
  // The version each field's shown starting value came from; a field not in it: `opened`.
  const opened = useRef(version);
  const fieldBases = useRef<Record<string, number>>({});
  const dirty = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  // Draft writes run one after another: a clear (after a submit) never lands before a save that
  // was already under way, which would bring the submitted draft back.
  const writes = useRef<Promise<void>>(Promise.resolve());
  const enqueue = useCallback((work: () => Promise<void>) => {
    const next = writes.current.then(work);
    writes.current = next.catch(() => undefined);
    return next;
  }, []);

  /** Writes the pending draft; resolves once every draft write so far has finished. */
  const flush = useCallback(async () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    if (!dirty.current) return writes.current;
    dirty.current = false;
    const values = latest.current;
    return enqueue(async () => {
      try {
        await (await dataAccess()).saveDraft(formId, values);
      } catch (error) {
        // A full disk must not break typing; the form still holds the values.
        dirty.current = true;
        console.warn(`Could not save the draft of ${formId}`, error);
      }
    });
  }, [formId, enqueue]);

  const schedule = useCallback(
    (next: T) => {
      latest.current = next;
      dirty.current = true;
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => void flush(), DRAFT_SAVE_DELAY_MS);
    },
    [flush],
  );

  useEffect(() => {
    let cancelled = false;
    void (async () => {
      try {
        const draft = await (await dataAccess()).loadDraft(formId);
        if (cancelled) return;
        // Typing that happened while the draft loaded wins over the stored draft.
        if (draft && !dirty.current) {
          const merged = mergeDraft(initialRef.current, draft.values);
          latest.current = merged;
          setState(merged);
          setRestored(true);
        }
      } catch (error) {
        console.warn(`Could not read the draft of ${formId}`, error);
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [formId]);

  // What the form starts from changed while it is open (the device store took a save of another
  // device, docs/sync.md "The account's own records on every device"): each field not typed in
  // since takes the new value; what was typed stays, and a save sends only that.
  // A field not typed in since takes the new version as its base (its new value is that version's).
  const initialKey = JSON.stringify(initial);
  useEffect(() => {
    const before = initialRef.current;
    const shown = latest.current;
    if (version !== undefined) {
      for (const key of Object.keys(before)) {
        if (shown[key] === before[key]) fieldBases.current[key] = version;
      }
    }
    if (JSON.stringify(before) === initialKey) return;
    const next = JSON.parse(initialKey) as T;
    initialRef.current = next;
    setState((prev) => {
      const merged: FormValues = { ...prev };
      let changed = false;
      for (const [key, value] of Object.entries(next)) {
        if (prev[key] !== before[key] || prev[key] === value) continue;
        merged[key] = value;
        changed = true;
      }
      if (!changed) return prev;
      latest.current = merged as T;
      return merged as T;
    });
  }, [initialKey, version]);

  useEffect(() => {
    const onHide = () => void flush();
    window.addEventListener('pagehide', onHide);
    document.addEventListener('visibilitychange', onHide);
    return () => {
      window.removeEventListener('pagehide', onHide);
      document.removeEventListener('visibilitychange', onHide);
      void flush();
    };
  }, [flush]);

  const setValue = useCallback(
    <K extends keyof T>(name: K, value: T[K]) => {
      setState((prev) => {
        const next = { ...prev, [name]: value };
        schedule(next);
        return next;
      });
    },
    [schedule],
  );

  const setValues = useCallback(
    (patch: Partial<T>) => {
      setState((prev) => {
        const next = { ...prev, ...patch };
        schedule(next);
        return next;
      });
    },
    [schedule],
  );

  const clear = useCallback(async () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    dirty.current = false;
    latest.current = initialRef.current;
    setState(initialRef.current);
    setRestored(false);
    await enqueue(async () => (await dataAccess()).clearDraft(formId));
  }, [formId, enqueue]);

  const saved = useCallback(() => {
    initialRef.current = latest.current;
  }, []);

  const base = useCallback(() => {
    if (version === undefined) return undefined;
    let oldest = version;
    for (const [key, value] of Object.entries(latest.current)) {
      if (value === initialRef.current[key]) continue;
      oldest = Math.min(oldest, fieldBases.current[key] ?? opened.current ?? version);
    }
    return oldest;
  }, [version]);

  const shown = useCallback(() => initialRef.current, []);

  return { values, setValue, setValues, restored, clear, flush, saved, base, shown };
}
