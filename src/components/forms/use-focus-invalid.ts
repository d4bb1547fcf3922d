// After a refused submit, moves focus to the first field marked invalid so keyboard and
// screen-reader users land on what needs fixing. `trigger` changes once per refused submit
// (a count), never while the user edits a field.
import { useEffect, useRef } from 'react';

export function useFocusInvalid<E extends HTMLElement>(trigger: unknown) {
  const ref = useRef<E>(null);
  useEffect(() => {
    if (!trigger) return;
    const target = ref.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    target?.focus();
  }, [trigger]);
  return ref;
}
