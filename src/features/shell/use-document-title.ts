import { useEffect } from 'react';

export const APP_NAME = 'Artmint';

/** Sets the document title as "Title | Artmint" (or just the app name without a title). */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title ? `${title} | ${APP_NAME}` : `${APP_NAME} - NFT marketplace`;
  }, [title]);
}
