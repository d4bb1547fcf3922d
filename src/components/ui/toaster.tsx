// Shows the notifications of the toast store (toast.ts): live regions for errors and for the
// rest, each toast dismissible and paused while hovered or focused.
import { useEffect, useRef, useState } from 'react';
import { AlertIcon, CheckIcon, CloseIcon, InfoIcon } from './icon';
import { TOAST_DURATION_MS, useToasts, type ToastEntry } from './toast';
import styles from './toast.module.css';

const ICONS = { success: CheckIcon, error: AlertIcon, info: InfoIcon } as const;

function ToastCard({ toast }: { toast: ToastEntry }) {
  const dismiss = useToasts((s) => s.dismiss);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const paused = hovered || focused;
  const remaining = useRef(toast.duration ?? TOAST_DURATION_MS);

  // Counts down only while not paused; pausing keeps the time that was left.
  useEffect(() => {
    if (paused) return;
    const started = Date.now();
    const timer = window.setTimeout(() => dismiss(toast.id), remaining.current);
    return () => {
      window.clearTimeout(timer);
      remaining.current -= Date.now() - started;
    };
  }, [paused, dismiss, toast.id]);

  const Icon = ICONS[toast.tone];
  return (
    <li
      className={styles.toast}
      data-tone={toast.tone}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
      }}
    >
      <span className={styles.icon}>
        <Icon />
      </span>
      <div className={styles.text}>
        <p className={styles.title}>{toast.title}</p>
        {toast.description && <p className={styles.description}>{toast.description}</p>}
      </div>
      <button
        type="button"
        className={styles.dismiss}
        aria-label="Dismiss notification"
        onClick={() => dismiss(toast.id)}
      >
        <CloseIcon size="1.1em" />
      </button>
    </li>
  );
}

/**
 * Where notifications appear: bottom, at the inline end. Success and info are announced politely
 * (role="status"), errors at once (role="alert"). Each goes away after 5 s unless hovered or
 * focused, and has a dismiss button.
 */
export function Toaster() {
  const toasts = useToasts((s) => s.toasts);
  const calm = toasts.filter((t) => t.tone !== 'error');
  const errors = toasts.filter((t) => t.tone === 'error');
  // Both live regions stay mounted (even empty) so screen readers notice what is added.
  return (
    <div className={styles.viewport}>
      <div role="alert" aria-label="Errors" className={styles.region}>
        <ol className={styles.list}>
          {errors.map((t) => (
            <ToastCard key={t.id} toast={t} />
          ))}
        </ol>
      </div>
      <div role="status" aria-live="polite" aria-label="Notifications" className={styles.region}>
        <ol className={styles.list}>
          {calm.map((t) => (
            <ToastCard key={t.id} toast={t} />
          ))}
        </ol>
      </div>
    </div>
  );
}
