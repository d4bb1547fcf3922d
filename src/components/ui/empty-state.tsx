import type { ReactNode } from 'react';
import styles from './empty-state.module.css';
import { classNames } from '@/lib/class-names';

export interface EmptyStateProps {
  title: ReactNode;
  description?: ReactNode;
  /** A way forward: a LinkButton or Button. */
  action?: ReactNode;
  /** A decorative icon shown above the title. */
  icon?: ReactNode;
  /** Heading level of the title, to fit the page outline. */
  level?: 2 | 3 | 4;
  className?: string;
}

/** What a list or page shows when there is nothing in it yet, with a way forward. */
export function EmptyState({
  title,
  description,
  action,
  icon,
  level = 2,
  className,
}: EmptyStateProps) {
  const Heading = `h${level}` as const;
  return (
    <div className={classNames(styles.root, className)}>
      {icon && (
        <span className={styles.icon} aria-hidden="true">
          {icon}
        </span>
      )}
      <Heading className={styles.title}>{title}</Heading>
      {description && <p className={styles.description}>{description}</p>}
      {action && <div className={styles.action}>{action}</div>}
    </div>
  );
}
