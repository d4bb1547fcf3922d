import type { ComponentPropsWithoutRef, FormEvent, ReactNode, RefObject } from 'react';
import { FormAlert } from '@/components/ui/field';
import type { FormSubmit } from './use-form-submit';

export interface ValidatedFormProps extends Omit<
  ComponentPropsWithoutRef<'form'>,
  'onSubmit' | 'noValidate' | 'children'
> {
  /** The form's ref (focus goes to the first invalid field) and its form-level message. */
  state: { formRef: RefObject<HTMLFormElement | null>; alert: string };
  /** Called on submit; the browser's own validation and navigation are off. */
  onSubmit: () => void;
  children: ReactNode;
}

/** A form validated by the app: no native bubbles, and its alert shown first. */
export function ValidatedForm({
  state: { formRef, alert },
  onSubmit,
  children,
  ...form
}: ValidatedFormProps) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form ref={formRef} noValidate onSubmit={submit} {...form}>
      {alert && <FormAlert>{alert}</FormAlert>}
      {children}
    </form>
  );
}

/** The props of a form with one submit button, driven by useFormSubmit. */
export interface SubmitFormProps {
  state: Pick<FormSubmit, 'formRef' | 'alert' | 'busy'>;
  onSubmit: () => void;
  submitLabel: string;
  children: ReactNode;
}
