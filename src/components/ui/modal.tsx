import {
  useEffect,
  useId,
  useLayoutEffect,
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
 * A modal dialog on the platform's own <dialog>, opened with showModal(): it sits in the top
 * layer above everything and the page behind is inert. Focus moves in on open and is kept in
 * (Tab, Shift+Tab), Escape (or the platform's close request), the X button and a click on the
 * backdrop close it, focus returns to where it was, and the page behind does not scroll.
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
  const dialogRef = useRef<HTMLDialogElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);

  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => lockScroll(), []);

  // Before the browser paints: the dialog is never on screen unopened (outside the top layer).
  useLayoutEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
    const target = initialFocusRef?.current ?? getFocusable(contentRef.current)[0] ?? dialog;
    target?.focus();
    return () => {
      if (dialog?.open) dialog.close();
      if (previous?.isConnected) previous.focus();
    };
    // Runs once per opening: the element to return to is the one focused at that moment.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    // The dialog element spans the viewport around its panel, so a press on the dialog itself is
    // one on the backdrop. One that starts and ends there closes; a text selection dragged out
    // of the panel does not.
    const dialog = dialogRef.current;
    if (!dialog) return;
    let pressed = false;
    const onDown = (event: PointerEvent | MouseEvent) => {
      pressed = event.target === dialog;
    };
    const onClick = (event: MouseEvent) => {
      if (pressed && event.target === dialog) onCloseRef.current();
      pressed = false;
    };
    // A close request that is no key press (a phone's back gesture): the owner decides.
    const onCancel = (event: Event) => {
      event.preventDefault();
      onCloseRef.current();
    };
    dialog.addEventListener('mousedown', onDown);
    dialog.addEventListener('click', onClick);
    dialog.addEventListener('cancel', onCancel);
    return () => {
      dialog.removeEventListener('mousedown', onDown);
      dialog.removeEventListener('click', onClick);
      dialog.removeEventListener('cancel', onCancel);
    };
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key === 'Escape') {
      // Closed by its owner (the platform's own close would skip the owner's state).
      event.preventDefault();
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
    // The dialog handles Escape and keeps Tab inside itself for everything it contains.
    <dialog
      ref={dialogRef}
      aria-modal="true"
      aria-labelledby={titleId}
      tabIndex={-1}
      className={styles.dialog}
      onKeyDown={onKeyDown}
    >
      <div className={`${styles.panel} ${styles[size]}`}>
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
    </dialog>
  );
}
