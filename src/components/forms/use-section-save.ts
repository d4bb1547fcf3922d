import { useState } from 'react';
import { describeSubmitError, fieldsNeedAttention, withoutError } from './submit-error';
import { useFocusInvalid } from './use-focus-invalid';

/** Busy, errors and the "Saved" status of one profile section; what was typed is never reset
 * by a failure. */
export function useSectionSave() {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState('');
  const [status, setStatus] = useState('');
  const [busy, setBusy] = useState(false);
  const formRef = useFocusInvalid<HTMLFormElement>(errors);

  /** Checks `found`; when clean runs `work`, then says `done`. Returns whether it saved. */
  const run = async (found: Record<string, string>, work: () => Promise<void>, done: string) => {
    setErrors(found);
    setStatus('');
    setAlert(Object.keys(found).length > 0 ? fieldsNeedAttention(found) : '');
    if (Object.keys(found).length > 0) return false;
    setBusy(true);
    try {
      await work();
      setStatus(done);
      return true;
    } catch (error) {
      const failure = describeSubmitError(error);
      setErrors(failure.fieldErrors);
      setAlert(failure.message);
      return false;
    } finally {
      setBusy(false);
    }
  };

  const clearError = (name: string) => {
    if (errors[name]) setErrors((all) => withoutError(all, name));
  };

  return { errors, alert, status, busy, formRef, run, clearError };
}
