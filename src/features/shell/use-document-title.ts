import { useEffect } from 'react';

export const APP_NAME = 'Artmint';

/** "Title | Artmint", or just the app name without a title. */
export function documentTitle(title: string): string {
  return title ? `${title} | ${APP_NAME}` : `${APP_NAME} - NFT marketplace`;
}

/** Sets the document title (see documentTitle). */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = documentTitle(title);
  }, [title]);
}
