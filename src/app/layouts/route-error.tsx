import { useEffect } from 'react';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router-dom';
import { paths } from '@/config/paths';
import styles from './route-error.module.css';

export const RELOAD_FLAG = 'artmint:chunk-reload';

function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /dynamically imported module|Importing a module script failed|Failed to fetch|error loading dynamically/i.test(
    message,
  );
}

/**
 * A crash in one screen never blanks the app: the shell stays and the user gets a way on.
 * A route chunk that no longer exists after a deploy reloads once into the new version.
 */
export function RouteError() {
  const error = useRouteError();
  const chunkError = isChunkLoadError(error);

  useEffect(() => {
    if (!chunkError || !navigator.onLine) return;
    try {
      if (sessionStorage.getItem(RELOAD_FLAG)) return;
      sessionStorage.setItem(RELOAD_FLAG, '1');
    } catch {
      return;
    }
    window.location.reload();
  }, [chunkError]);

  useEffect(() => {
    console.error(error);
  }, [error]);

  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <section className={styles.wrap} aria-labelledby="route-error-title">
      <h1 id="route-error-title">{notFound ? 'Page Not Found?' : 'Something went wrong'}</h1>
      <p className={styles.text}>
        {chunkError && !navigator.onLine
          ? 'This page is not available offline yet. Connect to the internet and try again.'
          : 'This screen hit a problem. Nothing you saved on this device was lost.'}
      </p>
      <div className={styles.actions}>
        <button type="button" className={styles.primary} onClick={() => window.location.reload()}>
          Reload
        </button>
        <Link className={styles.secondary} to={paths.home} reloadDocument>
          Back to Home
        </Link>
      </div>
    </section>
  );
}
