// Moves focus to what appears after a successful submit (e.g. a confirmation heading) once it
// has rendered; a frame callback could run before it exists.
import { useEffect, useRef } from 'react';

export function useFocusOnShow<E extends HTMLElement>(shown: unknown) {
  const ref = useRef<E>(null);
  useEffect(() => {
    if (shown) ref.current?.focus();
  }, [shown]);
  return ref;
}
