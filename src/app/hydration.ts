/** The prerendered copy of this very URL's screen while it is still on show, else null. */
export function prerenderedCopy(): HTMLElement | null {
  if (typeof document === 'undefined') return null; // the build's own prerender
  const copy = document.querySelector<HTMLElement>('#root > [data-prerender]');
  return copy?.dataset.prerender === location.pathname && !location.search ? copy : null;
}
