import { useState } from 'react';
import { bindFields } from '@/components/forms/bind-field';
import type { PickedFile } from '@/components/forms/image-picker';
import { withoutError } from '@/components/forms/submit-error';
import type { FormValues } from '@shared/types';
import { useFormDraft } from '@/data/use-form-draft';
import { useFormSubmit } from '@/components/forms/use-form-submit';
import { isSignedIn, useSignedIn } from '@/components/forms/sign-in-first';

/**
 * The state of an upload form: text values kept as a draft (`field(name)` wires a TextField),
 * the picked file (never in the draft) with its own error, and the submit cycle.
 */
export function useArtForm<V extends Record<string, string>>(draftId: string, initial: V) {
  const draft = useFormDraft<FormValues>(draftId, initial);
  const values = draft.values as V;
  const [picked, setPicked] = useState<PickedFile | null>(null);
  const submit = useFormSubmit();
  const { setErrors } = submit;
  const signedIn = useSignedIn();
  const [askedToSignIn, setAskedToSignIn] = useState(false);

  /** Signed out, a submit saves nothing and asks to sign in: returns true then. What was typed
   * is written to the draft now, so it is still there after the trip to login and back. */
  const refuseSignedOut = () => {
    if (isSignedIn()) return false;
    setAskedToSignIn(true);
    void draft.flush();
    return true;
  };

  const set = (name: keyof V & string, value: string) => {
    draft.setValue(name, value);
    submit.clearError(name);
  };

  // The ImagePicker's onChange: keeps the file and shows or clears its message.
  const onPick = (next: PickedFile | null, message: string | null) => {
    setPicked(next);
    setErrors((all) => (message ? { ...all, image: message } : withoutError(all, 'image')));
  };

  /** A submit: signed out, asks to sign in (unless `signedOut` is 'allowed': the write makes
   * the account itself); else shows `errors`, or when there are none writes the picked file
   * with `write`, forgets the draft and the file, and hands `saved` the result. */
  const save = <R>(
    errors: Record<string, string>,
    write: (file: PickedFile) => Promise<R>,
    saved: (result: R) => void,
    signedOut: 'refused' | 'allowed' = 'refused',
  ) => {
    if (signedOut === 'refused' && refuseSignedOut()) return;
    void submit.run(errors, async () => {
      if (!picked) return;
      const result = await write(picked);
      await draft.clear().catch(() => undefined);
      setPicked(null);
      saved(result);
    });
  };

  return {
    values,
    set,
    field: bindFields<keyof V & string>(values, submit.errors, set),
    /** Spread onto the ImagePicker: the file, its message and onChange. */
    image: {
      name: 'image',
      allowVideo: true,
      value: picked,
      error: submit.errors.image,
      onChange: onPick,
    },
    /** A draft came back but its file did not. */
    restoredWithoutFile: draft.restored && !picked,
    hasFile: picked !== null,
    submit,
    save,
    /** A submit was refused for want of an account, and nobody has signed in since. */
    asksToSignIn: askedToSignIn && !signedIn,
  };
}

/** What the shared card (ArtForm) reads of a form's state. */
export type ArtFormState = Pick<
  ReturnType<typeof useArtForm>,
  'submit' | 'restoredWithoutFile' | 'asksToSignIn'
>;
