import { useState } from 'react';
import { useFormSubmit } from './use-form-submit';

/** Busy, errors and the "Saved" status of one settings section; what was typed is never reset
 * by a failure. */
export function useSectionSave() {
  const submit = useFormSubmit();
  const [status, setStatus] = useState('');

  /** Checks `found`; when clean runs `work`, then says `done`. Returns whether it saved. */
  const run = async (found: Record<string, string>, work: () => Promise<void>, done: string) => {
    setStatus('');
    const saved = await submit.run(found, work);
    if (saved) setStatus(done);
    return saved;
  };

  return { ...submit, status, run };
}

export type SectionSave = ReturnType<typeof useSectionSave>;
