import type { HTMLAttributes } from 'react';
import { classNames } from '@/lib/class-names';
import styles from './card.module.css';

export interface CardProps extends HTMLAttributes<HTMLElement> {
  /** The element to render: an <article> for self-contained content, <li> inside lists. */
  as?: 'article' | 'div' | 'li';
  /** Lifts slightly on hover and when something inside has keyboard focus. */
  interactive?: boolean;
  /** Inner padding; "none" for cards whose media runs to the edges. */
  padding?: 'none' | 'sm' | 'md' | 'lg';
}

/** A rounded surface: faint border in dark, soft shadow in light. */
export function Card({
  as: Tag = 'div',
  interactive = false,
  padding = 'md',
  className,
  ...rest
}: CardProps) {
  const classes = classNames(
    styles.card,
    styles[`pad-${padding}`],
    interactive && styles.interactive,
    className,
  );
  return <Tag className={classes} {...rest} />;
}
