import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { CheckIcon } from '@/components/ui/icon';
import { CopyIcon } from '@/components/ui/content-icons';
import { showToast } from '@/components/ui/toast';
import { copyText } from '@/lib/share';

const CONFIRM_MS = 2000;

export interface CopyButtonProps {
  /** What is copied. */
  value: string;
  /** What it is, for the button's name and the confirmation: "contract address". */
  what: string;
}

/** An icon button that copies `value`, confirms with a check and a toast, or says it failed. */
export function CopyButton({ value, what }: CopyButtonProps) {
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), CONFIRM_MS);
    return () => window.clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    if (await copyText(value)) {
      setCopied(true);
      showToast({ tone: 'success', title: `Copied the ${what}`, description: value });
    } else {
      showToast({
        tone: 'error',
        title: `Could not copy the ${what}`,
        description: `Your browser did not allow it. Select it and copy it by hand: ${value}`,
      });
    }
  };

  return (
    <Button
      variant="ghost"
      size="sm"
      iconOnly
      aria-label={copied ? `Copied the ${what}` : `Copy the ${what}`}
      onClick={() => void copy()}
    >
      {copied ? <CheckIcon /> : <CopyIcon />}
    </Button>
  );
}
