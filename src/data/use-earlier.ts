// "Show earlier" for a list the device keeps only the latest of (docs/sync.md): each call of
// `load` asks the data access for the server's next older page and keeps what the device does not already
// show, in the component's state (never stored). The server's pages run newest first from the
// top, so the first call passes over the records the device already has, a page at a time.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { HistoryPage } from '@shared/history';
import type { ApiResult } from './contract/data-access';

/** What to show when a page did not come (none when offline: the screen says so). */
function wordsOf(result: Exclude<ApiResult<unknown>, { kind: 'ok' }>): string {
  if (result.kind === 'offline') return '';
  return result.kind === 'signed-out' ? 'Sign in again to see them.' : result.error;
}

/** Pages one `load` reads at most while they bring nothing the device lacks. */
const SCAN_PAGES = 20;

export type EarlierStatus = 'idle' | 'loading' | 'offline' | 'failed';

export interface Earlier<T> {
  /** Fetched records the device does not have, newest first. */
  older: T[];
  status: EarlierStatus;
  /** What went wrong, when `status` is failed. */
  error: string;
  /** False once the server said there is nothing older. */
  more: boolean;
  load: () => Promise<void>;
}

export function useEarlier<T extends { id: string }, P extends HistoryPage>(
  fetchPage: (before: string | null) => Promise<ApiResult<P>>,
  recordsOf: (page: P) => readonly T[],
  /** What the device shows now: never added again. */
  known: readonly T[],
  /** Called with each call's new records, once shown. */
  onFresh?: (fresh: T[]) => void,
): Earlier<T> {
  const [older, setOlder] = useState<T[]>([]);
  const [status, setStatus] = useState<EarlierStatus>('idle');
  const [error, setError] = useState('');
  const [more, setMore] = useState(true);
  // The cursor of the next page (null: from the newest), and what the device shows.
  const next = useRef<string | null>(null);
  const latest = useRef({ known, older, fetchPage, recordsOf, onFresh });
  useEffect(() => {
    latest.current = { known, older, fetchPage, recordsOf, onFresh };
  });
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const load = useCallback(async () => {
    setStatus('loading');
    const { known: shown, older: had } = latest.current;
    const seen = new Set([...shown, ...had].map((record) => record.id));
    let fresh: T[] = [];
    let done = false;
    for (let pages = 0; pages < SCAN_PAGES && fresh.length === 0 && !done; pages += 1) {
      const result = await latest.current.fetchPage(next.current);
      if (!mounted.current) return;
      if (result.kind !== 'ok') {
        setStatus(result.kind === 'offline' ? 'offline' : 'failed');
        setError(wordsOf(result));
        return;
      }
      fresh = latest.current.recordsOf(result.value).filter((record) => !seen.has(record.id));
      next.current = result.value.next;
      done = result.value.next === null;
    }
    setOlder((before) => [...before, ...fresh]);
    setMore(!done);
    setStatus('idle');
    setError('');
    if (fresh.length > 0) latest.current.onFresh?.(fresh);
  }, []);

  return { older, status, error, more, load };
}

/** The device's records and the fetched ones, each once (the device's copy wins), newest
 * first; records of the same time keep their order. */
export function withOlder<T extends { id: string; at: string }>(
  known: readonly T[],
  older: readonly T[],
): T[] {
  const ids = new Set(known.map((record) => record.id));
  return [...known, ...older.filter((record) => !ids.has(record.id))].sort(
    (a, b) => Date.parse(b.at) - Date.parse(a.at),
  );
}
