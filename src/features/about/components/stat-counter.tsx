import { useEffect, useRef, useState } from 'react';
import { statAt, type Stat } from '../stats';
import styles from './about.module.css';

const COUNT_UP_MS = 1600;

function prefersReducedMotion(): boolean {
  return window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
}

function willAnimate(): boolean {
  return typeof IntersectionObserver !== 'undefined' && !prefersReducedMotion();
}

/**
 * One counter. The final value is always in the page for screen readers and reserves the
 * width; the visible number counts up once scrolled into view, only without reduced motion.
 */
export function StatCounter({ stat }: { stat: Stat }) {
  const ref = useRef<HTMLDivElement>(null);
  // Starts at zero only when it is going to count up; otherwise the final value from the start.
  const [shown, setShown] = useState(() => (willAnimate() ? statAt(stat.value, 0) : stat.value));

  useEffect(() => {
    const box = ref.current;
    if (!box || !willAnimate()) return;
    let frame = 0;
    const run = () => {
      const start = performance.now();
      const step = (now: number) => {
        const progress = (now - start) / COUNT_UP_MS;
        setShown(statAt(stat.value, progress));
        if (progress < 1) frame = requestAnimationFrame(step);
      };
      frame = requestAnimationFrame(step);
    };
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) {
        observer.disconnect();
        run();
      }
    });
    observer.observe(box);
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
    };
  }, [stat.value]);

  return (
    <div ref={ref} className={styles.stat}>
      <dt className={styles.statLabel}>{stat.label}</dt>
      <dd className={styles.statValue}>
        <span className="visually-hidden">{stat.value}</span>
        <span className={styles.statNumber} aria-hidden="true">
          <span className={styles.statReserve}>{stat.value}</span>
          <span className={styles.statShown} data-testid="stat-shown">
            {shown}
          </span>
        </span>
      </dd>
    </div>
  );
}
