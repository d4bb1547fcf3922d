import type { ComponentPropsWithoutRef } from 'react';
import styles from './chip.module.css';
import { classNames } from '@/lib/class-names';

export interface ChipProps extends Omit<ComponentPropsWithoutRef<'button'>, 'type'> {
  /** Whether the chip is on (aria-pressed). */
  pressed: boolean;
}

/**
 * A toggle chip: a pill button with aria-pressed. A container may set --chip-bg and --chip-pad
 * (a chip on a raised panel takes --surface-2 and a tighter padding).
 */
export function Chip({ pressed, className, ...rest }: ChipProps) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      className={classNames(styles.chip, className)}
      {...rest}
    />
  );
}
