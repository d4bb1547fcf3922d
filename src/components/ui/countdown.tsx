import { useNow } from '@/lib/clock';
import { pad2, secondsLeft, timeLeft } from '@/lib/time';
import styles from './countdown.module.css';
import { classNames } from '@/lib/class-names';

interface Unit {
  value: number;
  /** Display label ("Days") and its spoken singular/plural forms. */
  label: string;
  one: string;
  many: string;
  short: string;
}

const DAYS = { label: 'Days', one: 'day', many: 'days', short: 'd' };
const HOURS = { label: 'Hours', one: 'hour', many: 'hours', short: 'h' };
const MINUTES = { label: 'Minutes', one: 'minute', many: 'minutes', short: 'm' };
const SECONDS = { label: 'Seconds', one: 'second', many: 'seconds', short: 's' };

function plural(value: number, unit: Unit): string {
  return `${value} ${value === 1 ? unit.one : unit.many}`;
}

function Boxes({ units, label, compact }: { units: Unit[]; label: string; compact: boolean }) {
  const summary = units.map((u) => plural(u.value, u)).join(', ');
  return (
    <div
      role="timer"
      aria-label={`${label}: ${summary}`}
      className={compact ? styles.compact : styles.boxes}
    >
      {units.map((u) => (
        <span key={u.label} className={styles.box} aria-hidden="true">
          <span className={styles.value}>{pad2(u.value)}</span>
          <span className={styles.unit}>{compact ? u.short : u.label}</span>
        </span>
      ))}
    </div>
  );
}

export interface CountdownProps {
  /** The moment it counts to, in ms since the epoch. */
  target: number;
  /** What it counts down to, for screen readers ("Auction ends in", "Time until launch"). */
  label?: string;
  /** Shown instead of the boxes once the target has passed. */
  endedText?: string;
  /** Keep showing the boxes at zero after the end instead of `endedText` (as the Coming Soon status page does). */
  showZerosWhenDone?: boolean;
  /** A small inline version for cards: "02d 03h 04m 05s". */
  compact?: boolean;
  className?: string;
}

/**
 * Days, hours, minutes and seconds to `target` on the shared 1-second clock. Never negative:
 * once over it shows `endedText` (or zeros with `showZerosWhenDone`).
 */
export function Countdown({
  target,
  label = 'Time left',
  endedText = 'Auction ended',
  showZerosWhenDone = false,
  compact = false,
  className,
}: CountdownProps) {
  const now = useNow();
  const left = timeLeft(target, now);
  const wrapClass = classNames(styles.countdown, compact ? styles.start : '', className);
  if (left.done && !showZerosWhenDone) {
    return (
      <div className={wrapClass}>
        <p className={compact ? styles.endedCompact : styles.ended}>{endedText}</p>
      </div>
    );
  }
  return (
    <div className={wrapClass}>
      <Boxes
        label={label}
        compact={compact}
        units={[
          { value: left.days, ...DAYS },
          { value: left.hours, ...HOURS },
          { value: left.minutes, ...MINUTES },
          { value: left.seconds, ...SECONDS },
        ]}
      />
    </div>
  );
}

export interface SecondsCountdownProps {
  /** When the countdown started (ms since the epoch). */
  startedAt: number;
  /** Its length in seconds (the maintenance page's 3599). */
  seconds: number;
  label?: string;
  className?: string;
}

/** Hours, minutes and seconds of a fixed-length countdown; stops at 00:00:00. */
export function SecondsCountdown({
  startedAt,
  seconds,
  label = 'Time remaining',
  className,
}: SecondsCountdownProps) {
  const now = useNow();
  const left = secondsLeft(startedAt, seconds, now);
  return (
    <div className={classNames(styles.countdown, className)}>
      <Boxes
        label={label}
        compact={false}
        units={[
          { value: Math.floor(left / 3600), ...HOURS },
          { value: Math.floor(left / 60) % 60, ...MINUTES },
          { value: left % 60, ...SECONDS },
        ]}
      />
    </div>
  );
}
