import { TextField, type TextFieldProps } from '@/components/ui/field';

export interface PasswordFieldProps extends Omit<
  TextFieldProps,
  'type' | 'autoComplete' | 'required' | 'label'
> {
  label?: string;
  /** A password being chosen (autocomplete "new-password") rather than the current one. */
  isNew?: boolean;
}

/** A required password input that password managers recognise. */
export function PasswordField({ label = 'Password', isNew = false, ...field }: PasswordFieldProps) {
  return (
    <TextField
      label={label}
      type="password"
      autoComplete={isNew ? 'new-password' : 'current-password'}
      required
      {...field}
    />
  );
}

export type EmailFieldProps = Omit<TextFieldProps, 'type' | 'autoComplete' | 'required' | 'label'>;

/** The account's required email address. */
export function EmailField(field: EmailFieldProps) {
  return <TextField label="Email address" type="email" autoComplete="email" required {...field} />;
}
