// Sharing a page (docs/product.md "Beyond the spec": Web Share for items and creator profiles,
// copy contract address / token id): the Web Share API where the browser has it, else the
// clipboard.

/** Copies `text` to the clipboard; false when the browser refuses (no permission, no API). */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (!navigator.clipboard?.writeText) return false;
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

export type ShareOutcome = 'shared' | 'copied' | 'cancelled' | 'failed';

export interface ShareInput {
  title: string;
  text: string;
  url: string;
}

/** Shares with the system sheet when there is one, otherwise copies the link. */
export async function shareLink(input: ShareInput): Promise<ShareOutcome> {
  const canShare =
    typeof navigator.share === 'function' &&
    (typeof navigator.canShare !== 'function' || navigator.canShare(input));
  if (canShare) {
    try {
      await navigator.share(input);
      return 'shared';
    } catch (error) {
      // The user closed the share sheet: nothing to report.
      if (error instanceof DOMException && error.name === 'AbortError') return 'cancelled';
      // Any other refusal (not allowed here): fall back to copying the link.
    }
  }
  return (await copyText(input.url)) ? 'copied' : 'failed';
}
