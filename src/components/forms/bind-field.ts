import type { ChangeEvent } from 'react';

/** The props that tie a TextField or TextArea to one string value of a form. */
export interface BoundField<K extends string> {
  name: K;
  value: string;
  error: string | undefined;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
}

/**
 * Returns `field(name)`, spread onto a TextField or TextArea: its name, value, error and an
 * onChange that calls `set(name, typed)`.
 */
export function bindFields<K extends string>(
  values: Record<K, string>,
  errors: Record<string, string>,
  set: (name: K, value: string) => void,
) {
  return (name: K): BoundField<K> => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (event) => set(name, event.target.value),
  });
}
