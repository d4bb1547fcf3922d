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
 * width. The first render shows the final value, as the prerendered copy does (so the app
 * hydrates it without a mismatch); a counter that is out of view then resets to zero and counts
 * up once scrolled into view, only without reduced motion. One already in view when the page
 * starts keeps its final value rather than jump back to zero.
 */
export function StatCounter({ stat }: { stat: Stat }) {
  const ref = useRef<HTMLDivElement>(null);
  const [shown, setShown] = useState(stat.value);

  useEffect(() => {
    const box = ref.current;
    if (!box || !willAnimate()) return;
    let frame = 0;
    let first = true;
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
      const inView = entries.some((entry) => entry.isIntersecting);
      if (first) {
        first = false;
        if (inView) {
          observer.disconnect();
          return;
        }
        setShown(statAt(stat.value, 0));
        return;
      }
      if (inView) {
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
