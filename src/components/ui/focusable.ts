// Finding keyboard-focusable elements inside a container (modal focus trap, initial focus).

const FOCUSABLE = [
  'a[href]',
  'area[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'iframe',
  'audio[controls]',
  'video[controls]',
  '[contenteditable=""]',
  '[contenteditable="true"]',
  '[tabindex]',
].join(',');

/** Elements reachable with Tab inside `root`, in document order (skips hidden and inert ones). */
export function getFocusable(root: HTMLElement | null): HTMLElement[] {
  if (!root) return [];
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (el) =>
      el.tabIndex >= 0 &&
      el.getAttribute('tabindex') !== '-1' &&
      !el.closest('[hidden], [inert], [aria-hidden="true"]'),
  );
}
