import { useState } from 'react';
import { describeSubmitError, fieldsNeedAttention, withoutError } from './submit-error';
import { useFocusInvalid } from './use-focus-invalid';

export interface SubmitOptions {
  /** Leave the submit button busy after a success (the screen is navigating away). */
  stayBusy?: boolean;
}

/**
 * The submit cycle every form shares: field errors (focus moves to the first one), the
 * form-level alert and the busy flag. What was typed is never reset by a failure.
 */
export function useFormSubmit() {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState('');
  const [busy, setBusy] = useState(false);
  // Counts refused submits: focus moves to the first invalid field after each, and only then.
  // Keyed on the errors instead, clearing one field's message while its user types moved focus
  // to the next invalid field, and the rest of the typing went there.
  const [refusals, setRefusals] = useState(0);
  const formRef = useFocusInvalid<HTMLFormElement>(refusals);

  /** Shows `found`; when there is none runs `work`. Returns whether it succeeded. */
  const run = async (
    found: Record<string, string>,
    work: () => Promise<void>,
    { stayBusy = false }: SubmitOptions = {},
  ) => {
    setErrors(found);
    setAlert(Object.keys(found).length > 0 ? fieldsNeedAttention(found) : '');
    if (Object.keys(found).length > 0) {
      setRefusals((n) => n + 1);
      return false;
    }
    setBusy(true);
    try {
      await work();
      if (!stayBusy) setBusy(false);
      return true;
    } catch (error) {
      const failure = describeSubmitError(error);
      setErrors(failure.fieldErrors);
      setAlert(failure.message);
      if (Object.keys(failure.fieldErrors).length > 0) setRefusals((n) => n + 1);
      setBusy(false);
      return false;
    }
  };

  /** Drops the message of `name` (after the user edits that field). */
  const clearError = (name: string) => {
    if (errors[name]) setErrors((all) => withoutError(all, name));
  };

  return { errors, setErrors, alert, busy, formRef, run, clearError };
}

export type FormSubmit = ReturnType<typeof useFormSubmit>;
