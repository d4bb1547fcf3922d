import type { ComponentPropsWithRef } from 'react';
import { Link, type LinkProps } from 'react-router-dom';
import { Spinner } from './spinner';
import styles from './button.module.css';
import { classNames } from '@/lib/class-names';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
export type ButtonSize = 'sm' | 'md' | 'lg';

interface LookProps {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Stretch to the full width of the container. */
  block?: boolean;
}

/** An icon-only button has no visible text, so it must carry an aria-label. */
type IconOnlyRule = { iconOnly: true; 'aria-label': string } | { iconOnly?: false };

/** The class names of the button look, for the rare element that cannot use these components. */
export function buttonClassName({
  variant = 'primary',
  size = 'md',
  block = false,
  iconOnly = false,
  className,
}: LookProps & { iconOnly?: boolean; className?: string | undefined }): string {
  return classNames(
    styles.button,
    styles[variant],
    styles[size],
    iconOnly && styles.iconOnly,
    block && styles.block,
    className,
  );
}

export type ButtonProps = ComponentPropsWithRef<'button'> &
  LookProps &
  IconOnlyRule & {
    /** Shows a spinner, sets aria-busy and disables the button while an action runs. */
    busy?: boolean;
  };

/** A pill-shaped button (44 px min height). `type` defaults to "button". */
export function Button({
  variant,
  size,
  block,
  iconOnly,
  busy = false,
  disabled,
  className,
  type = 'button',
  children,
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      className={buttonClassName({ variant, size, block, iconOnly, className })}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      {...rest}
    >
      {busy && <Spinner size="sm" className={styles.spinner} />}
      {children}
    </button>
  );
}

export type LinkButtonProps = LinkProps & LookProps & IconOnlyRule;

/** A react-router link that looks like a button. */
export function LinkButton({
  variant,
  size,
  block,
  iconOnly,
  className,
  ...rest
}: LinkButtonProps) {
  return (
    <Link className={buttonClassName({ variant, size, block, iconOnly, className })} {...rest} />
  );
}

export type ExternalLinkButtonProps = ComponentPropsWithRef<'a'> &
  LookProps &
  IconOnlyRule & {
    href: string;
    /** Open in a new tab (default), announced to screen readers. */
    newTab?: boolean;
  };

/** A plain <a> to another site that looks like a button. */
export function ExternalLinkButton({
  variant,
  size,
  block,
  iconOnly,
  className,
  newTab = true,
  children,
  ...rest
}: ExternalLinkButtonProps) {
  return (
    <a
      className={buttonClassName({ variant, size, block, iconOnly, className })}
      {...(newTab ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
      {...rest}
    >
      {children}
      {newTab && !iconOnly && <span className="visually-hidden"> (opens in a new tab)</span>}
    </a>
  );
}
