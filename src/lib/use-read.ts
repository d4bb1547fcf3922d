// What a settings block reads from the device when it opens, read again on demand (after it
// changed it): loading, ready with the value, or failed. An answer that arrives after the
// block has gone, or after a newer read, is dropped. `read` should be stable (a module's
// function): a new one reads again.
import { useCallback, useEffect, useRef, useState } from 'react';

export type ReadState<T> = { kind: 'loading' } | { kind: 'ready'; value: T } | { kind: 'failed' };

export function useRead<T>(read: () => Promise<T>): { state: ReadState<T>; refresh: () => void } {
  const [state, setState] = useState<ReadState<T>>({ kind: 'loading' });
  const latest = useRef(0);

  const refresh = useCallback(() => {
    const n = ++latest.current;
    read().then(
      (value) => {
        if (n === latest.current) setState({ kind: 'ready', value });
      },
      () => {
        if (n === latest.current) setState({ kind: 'failed' });
      },
    );
  }, [read]);

  useEffect(() => {
    refresh();
    return () => {
      latest.current += 1;
    };
  }, [refresh]);

  return { state, refresh };
}
