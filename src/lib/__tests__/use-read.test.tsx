import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useRead } from '../use-read';

describe('useRead', () => {
  it('is loading, then ready; refresh reads again; a failed read says so', async () => {
    let n = 0;
    let fail = false;
    const read = () => (fail ? Promise.reject(new Error('no')) : Promise.resolve(++n));
    const { result } = renderHook(() => useRead(read));
    expect(result.current.state).toEqual({ kind: 'loading' });
    await waitFor(() => expect(result.current.state).toEqual({ kind: 'ready', value: 1 }));
    act(() => result.current.refresh());
    await waitFor(() => expect(result.current.state).toEqual({ kind: 'ready', value: 2 }));
    fail = true;
    act(() => result.current.refresh());
    await waitFor(() => expect(result.current.state).toEqual({ kind: 'failed' }));
  });

  it('keeps only the newest answer when reads overlap', async () => {
    const answers: ((value: string) => void)[] = [];
    const read = () => new Promise<string>((resolve) => answers.push(resolve));
    const { result } = renderHook(() => useRead(read));
    act(() => result.current.refresh());
    await act(async () => {
      answers[1]?.('newer');
      answers[0]?.('older');
    });
    expect(result.current.state).toEqual({ kind: 'ready', value: 'newer' });
  });
});
