import styles from './spinner.module.css';
import { classNames } from '@/lib/class-names';

interface SpinnerProps {
  /** When given, the spinner is announced (role="status") with this text; else decorative. */
  label?: string;
  size?: 'sm' | 'md' | 'lg';
  className?: string;
}

/** A small circular activity indicator in the current text colour. */
export function Spinner({ label, size = 'md', className }: SpinnerProps) {
  const classes = classNames(styles.spinner, styles[size], className);
  if (!label) return <span className={classes} aria-hidden="true" />;
  return (
    <span role="status" className={styles.wrap}>
      <span className={classes} aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </span>
  );
}
