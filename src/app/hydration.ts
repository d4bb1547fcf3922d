// Taking over a prerendered copy (scripts/prerender.mjs). The copy shows its screen with the
// sample content and none of the user's data, so the app hydrates it (adopts its DOM rather than
// building it again) only when the URL is the copy's own and the device holds none of the
// user's records: anything else would differ from the copy's markup.

/** The prerendered copy of this very URL's screen while it is still on show, else null. */
export function prerenderedCopy(): HTMLElement | null {
  if (typeof document === 'undefined') return null; // the build's own prerender
  const copy = document.querySelector<HTMLElement>('#root > [data-prerender]');
  const own = copy?.dataset.prerender === location.pathname && location.search === '';
  return own ? copy : null;
}
