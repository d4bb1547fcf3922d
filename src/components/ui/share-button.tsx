import { Button } from '@/components/ui/button';
import { ShareIcon } from '@/components/ui/content-icons';
import { showToast } from '@/components/ui/toast';
import { shareLink } from '@/lib/share';

/**
 * Shares a page (an item, a creator profile) by its `title`: the system share sheet, or its
 * link copied with a toast; `onShared` once it was shared or copied.
 */
export function ShareButton({
  title,
  path,
  onShared,
}: {
  title: string;
  path: string;
  onShared?: () => void;
}) {
  const share = async () => {
    const url = new URL(path, window.location.origin).href;
    const outcome = await shareLink({ title, text: `${title} on Artmint`, url });
    if (outcome === 'shared' || outcome === 'copied') onShared?.();
    if (outcome === 'copied') {
      showToast({ tone: 'success', title: 'Link copied', description: url });
    } else if (outcome === 'failed') {
      showToast({
        tone: 'error',
        title: 'Could not share or copy the link',
        description: url,
      });
    }
  };
  return (
    <Button variant="secondary" onClick={() => void share()}>
      <ShareIcon />
      Share
    </Button>
  );
}
