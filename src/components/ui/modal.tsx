import {
  useEffect,
  useId,
  useRef,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { createPortal } from 'react-dom';
import { Button } from './button';
import { getFocusable } from './focusable';
import { CloseIcon } from './icon';
import styles from './modal.module.css';

export interface ModalProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  /** Actions row at the bottom (buttons). */
  footer?: ReactNode;
  size?: 'sm' | 'md' | 'lg';
  /** Element to focus on open; by default the first focusable in the content, else the dialog. */
  initialFocusRef?: RefObject<HTMLElement | null>;
}

/**
 * A modal dialog rendered in a portal: focus moves in on open and is trapped (Tab, Shift+Tab),
 * Escape, the X button and a click on the backdrop close it, focus returns to where it was, and
 * the page behind does not scroll.
 */
export function Modal(props: ModalProps) {
  if (!props.open || typeof document === 'undefined') return null;
  return createPortal(<ModalDialog {...props} />, document.body);
}

let scrollLocks = 0;
let savedOverflow = '';
let savedPadding = '';

function lockScroll(): () => void {
  const body = document.body;
  if (scrollLocks === 0) {
    const scrollbar = window.innerWidth - document.documentElement.clientWidth;
    savedOverflow = body.style.overflow;
    savedPadding = body.style.paddingInlineEnd;
    body.style.overflow = 'hidden';
    if (scrollbar > 0) body.style.paddingInlineEnd = `${scrollbar}px`;
  }
  scrollLocks += 1;
  return () => {
    scrollLocks -= 1;
    if (scrollLocks === 0) {
      body.style.overflow = savedOverflow;
      body.style.paddingInlineEnd = savedPadding;
    }
  };
}

function ModalDialog({
  onClose,
  title,
  children,
  footer,
  size = 'md',
  initialFocusRef,
}: ModalProps) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  const backdropRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);

  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => lockScroll(), []);

  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const target =
      initialFocusRef?.current ?? getFocusable(contentRef.current)[0] ?? dialogRef.current;
    target?.focus();
    return () => {
      if (previous?.isConnected) previous.focus();
    };
    // Runs once per opening: the element to return to is the one focused at that moment.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    // A press that starts and ends on the backdrop closes; a text selection dragged out of the
    // dialog does not.
    const backdrop = backdropRef.current;
    if (!backdrop) return;
    let pressed = false;
    const onDown = (event: PointerEvent | MouseEvent) => {
      pressed = event.target === backdrop;
    };
    const onClick = (event: MouseEvent) => {
      if (pressed && event.target === backdrop) onCloseRef.current();
      pressed = false;
    };
    backdrop.addEventListener('mousedown', onDown);
    backdrop.addEventListener('click', onClick);
    return () => {
      backdrop.removeEventListener('mousedown', onDown);
      backdrop.removeEventListener('click', onClick);
    };
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key !== 'Tab') return;
    const dialog = dialogRef.current;
    const items = getFocusable(dialog);
    const first = items[0];
    const last = items[items.length - 1];
    if (!dialog || !first || !last) {
      event.preventDefault();
      dialog?.focus();
      return;
    }
    const active = document.activeElement;
    if (event.shiftKey && (active === first || active === dialog)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && (active === last || !dialog.contains(active))) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <div className={styles.overlay}>
      <div ref={backdropRef} className={styles.backdrop} aria-hidden="true" />
      {/* The dialog handles Escape and keeps Tab inside itself for everything it contains. */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions */}
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className={`${styles.dialog} ${styles[size]}`}
        onKeyDown={onKeyDown}
      >
        <header className={styles.header}>
          <h2 id={titleId} className={styles.title}>
            {title}
          </h2>
          <Button
            variant="ghost"
            iconOnly
            aria-label="Close"
            className={styles.close}
            onClick={onClose}
          >
            <CloseIcon />
          </Button>
        </header>
        <div ref={contentRef} className={styles.content}>
          {children}
        </div>
        {footer && <footer className={styles.footer}>{footer}</footer>}
      </div>
    </div>
  );
}
