import { useId, type ComponentPropsWithRef, type ReactNode } from 'react';
import { AlertIcon } from './icon';
import styles from './field.module.css';
import { classNames } from '@/lib/class-names';

/** What a form control needs to be wired to its label, hint and error. */
export interface ControlProps {
  id: string;
  name: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
  'aria-required'?: true;
}

interface FieldBase {
  label: ReactNode;
  name: string;
  /** The validation message; its presence marks the control aria-invalid. */
  error?: string | null;
  hint?: ReactNode;
  required?: boolean;
  /** Keep the label for screen readers only. */
  hideLabel?: boolean;
  id?: string;
}

export interface FieldProps extends FieldBase {
  className?: string;
  /** Renders the control with the props that wire it up. */
  children: (control: ControlProps) => ReactNode;
}

function RequiredMark() {
  return (
    <span className={styles.required} aria-hidden="true">
      *
    </span>
  );
}

function useFieldIds(field: FieldBase) {
  const auto = useId();
  const id = field.id ?? `${auto}-control`;
  const hintId = field.hint ? `${auto}-hint` : undefined;
  const errorId = field.error ? `${auto}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  const control: ControlProps = { id, name: field.name };
  if (describedBy) control['aria-describedby'] = describedBy;
  if (field.error) control['aria-invalid'] = true;
  if (field.required) control['aria-required'] = true;
  return { control, hintId, errorId };
}

function Messages({
  hint,
  hintId,
  error,
  errorId,
}: {
  hint?: ReactNode;
  hintId?: string | undefined;
  error?: string | null | undefined;
  errorId?: string | undefined;
}) {
  return (
    <>
      {hint && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className={styles.error}>
          <AlertIcon size="1.1em" />
          <span>{error}</span>
        </p>
      )}
    </>
  );
}

/**
 * A labelled form field: the label is tied to the control (htmlFor/id), the hint and the error
 * are linked with aria-describedby, an error sets aria-invalid, and "required" shows a "*" while
 * the control carries aria-required for screen readers.
 */
export function Field({ className, children, ...field }: FieldProps) {
  const { control, hintId, errorId } = useFieldIds(field);
  return (
    <div className={classNames(styles.field, className)}>
      <label htmlFor={control.id} className={field.hideLabel ? 'visually-hidden' : styles.label}>
        {field.label}
        {field.required && <RequiredMark />}
      </label>
      {children(control)}
      <Messages hint={field.hint} hintId={hintId} error={field.error} errorId={errorId} />
    </div>
  );
}

type NativeInput = Omit<ComponentPropsWithRef<'input'>, 'name' | 'id' | 'type' | 'children'>;

export interface TextFieldProps extends FieldBase, NativeInput {
  type?:
    'text' | 'email' | 'url' | 'number' | 'password' | 'date' | 'tel' | 'search' | 'datetime-local';
}

/** Splits what the Field wrapper takes from what goes on to the control itself. */
function splitField<P extends FieldBase & { className?: string | undefined }>({
  label,
  name,
  error,
  hint,
  required,
  hideLabel,
  id,
  className,
  ...control
}: P) {
  return [{ label, name, error, hint, required, hideLabel, id, className }, control] as const;
}

/** A labelled single-line input. */
export function TextField(props: TextFieldProps) {
  const [field, input] = splitField(props);
  return (
    <Field {...field}>
      {(control) => <input type="text" className={styles.input} {...input} {...control} />}
    </Field>
  );
}

export interface TextAreaProps
  extends FieldBase, Omit<ComponentPropsWithRef<'textarea'>, 'name' | 'id' | 'children'> {}

/** A labelled multi-line input. */
export function TextArea(props: TextAreaProps) {
  const [field, { rows = 5, ...textarea }] = splitField(props);
  return (
    <Field {...field}>
      {(control) => (
        <textarea
          rows={rows}
          className={`${styles.input} ${styles.textarea}`}
          {...textarea}
          {...control}
        />
      )}
    </Field>
  );
}

export interface CheckboxProps extends Omit<FieldBase, 'hideLabel'>, NativeInput {}

/** A checkbox with its label after the box. */
export function Checkbox({
  label,
  name,
  error,
  hint,
  required,
  id,
  className,
  ...input
}: CheckboxProps) {
  const { control, hintId, errorId } = useFieldIds({ label, name, error, hint, required, id });
  return (
    <div className={classNames(styles.check, className)}>
      <div className={styles.checkRow}>
        <input type="checkbox" className={styles.box} {...input} {...control} />
        <label htmlFor={control.id} className={styles.checkLabel}>
          {label}
          {required && <RequiredMark />}
        </label>
      </div>
      <Messages hint={hint} hintId={hintId} error={error} errorId={errorId} />
    </div>
  );
}

export interface SwitchProps {
  label: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  description?: ReactNode;
  disabled?: boolean;
  /** When given, a hidden input carries "on" or "off" in form submissions. */
  name?: string;
  id?: string;
  className?: string;
}

/** An on/off switch (role="switch", aria-checked), e.g. notification toggles. */
export function Switch({
  label,
  checked,
  onChange,
  description,
  disabled,
  name,
  id,
  className,
}: SwitchProps) {
  const auto = useId();
  const buttonId = id ?? `${auto}-switch`;
  const descId = description ? `${auto}-desc` : undefined;
  return (
    <div className={classNames(styles.switchRow, className)}>
      <div className={styles.switchText}>
        <label htmlFor={buttonId} className={styles.switchLabel}>
          {label}
        </label>
        {description && (
          <p id={descId} className={styles.hint}>
            {description}
          </p>
        )}
      </div>
      <button
        id={buttonId}
        type="button"
        role="switch"
        aria-checked={checked}
        aria-describedby={descId}
        disabled={disabled}
        className={styles.switch}
        onClick={() => onChange(!checked)}
      >
        <span className={styles.thumb} aria-hidden="true" />
      </button>
      {name !== undefined && <input type="hidden" name={name} value={checked ? 'on' : 'off'} />}
    </div>
  );
}

/** A form-level message (e.g. "Please fix the 2 fields below"), announced at once. */
export function FormAlert({
  children,
  tone = 'error',
}: {
  children: ReactNode;
  tone?: 'error' | 'success';
}) {
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} className={styles.formAlert} data-tone={tone}>
      {children}
    </div>
  );
}
