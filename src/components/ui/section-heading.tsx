import type { ReactNode } from 'react';
import styles from './section-heading.module.css';
import { classNames } from '@/lib/class-names';

export interface SectionHeadingProps {
  title: ReactNode;
  subtitle?: ReactNode;
  level?: 1 | 2 | 3 | 4;
  /** A link or button at the inline end ("Explore More"). */
  action?: ReactNode;
  /** Id of the heading, for aria-labelledby on the section. */
  id?: string;
  align?: 'start' | 'center';
  className?: string;
}

/** A section's title with an optional subtitle and an action at the end of the row. */
export function SectionHeading({
  title,
  subtitle,
  level = 2,
  action,
  id,
  align = 'start',
  className,
}: SectionHeadingProps) {
  const Heading = `h${level}` as const;
  return (
    <div className={classNames(styles.root, styles[align], className)} data-level={level}>
      <div className={styles.text}>
        <Heading id={id} className={styles.title}>
          {title}
        </Heading>
        {subtitle && <p className={styles.subtitle}>{subtitle}</p>}
      </div>
      {action && <div className={styles.action}>{action}</div>}
    </div>
  );
}
