// How much this device holds for Artmint, and clearing the offline copy (docs/product.md "Beyond
// the spec": storage used and "clear offline data" in settings). Offline data is Cache Storage
// (the app shell, route modules, images, fonts the service worker keeps); user data is IndexedDB
// (account, items, bids, forms), which this module never touches.

import { getDataAccess } from '@/data/data-access';

/** Changes made on this device that still wait to sync (0 when it cannot be told). */
export function countWaitingChanges(): Promise<number> {
  return getDataAccess()
    .countWaitingChanges()
    .catch(() => 0);
}

export interface StorageUsage {
  /** Bytes the offline copy takes (Cache Storage), or null when the browser cannot tell. */
  offlineBytes: number | null;
  /** Files in the offline copy. */
  offlineFiles: number;
  /** Bytes of the user's own data (IndexedDB), or null when the browser cannot tell. */
  userBytes: number | null;
  /** What the browser lets Artmint store in all, or null when unknown. */
  quotaBytes: number | null;
}

interface UsageDetails {
  caches?: number;
  indexedDB?: number;
}

type EstimateWithDetails = StorageEstimate & { usageDetails?: UsageDetails };

async function listCachedRequests(): Promise<{ cache: Cache; requests: readonly Request[] }[]> {
  if (typeof caches === 'undefined') return [];
  const names = await caches.keys();
  return Promise.all(
    names.map(async (name) => {
      const cache = await caches.open(name);
      return { cache, requests: await cache.keys() };
    }),
  );
}

/** Adds up the cached bodies; used where the browser gives no breakdown (Firefox, Safari). */
async function measureCaches(
  entries: { cache: Cache; requests: readonly Request[] }[],
): Promise<number> {
  let bytes = 0;
  for (const { cache, requests } of entries) {
    for (const request of requests) {
      const response = await cache.match(request);
      if (response) bytes += (await response.blob()).size;
    }
  }
  return bytes;
}

export async function readStorageUsage(): Promise<StorageUsage> {
  const entries = await listCachedRequests();
  const offlineFiles = entries.reduce((total, entry) => total + entry.requests.length, 0);
  const estimate: EstimateWithDetails | null = navigator.storage?.estimate
    ? await navigator.storage.estimate()
    : null;
  const details = estimate?.usageDetails;
  // The browser's figure lags behind a clear; with no cached file there is nothing to count.
  const offlineBytes = offlineFiles === 0 ? 0 : (details?.caches ?? (await measureCaches(entries)));
  let userBytes: number | null = details ? (details.indexedDB ?? 0) : null;
  if (userBytes === null && estimate?.usage !== undefined) {
    userBytes = Math.max(0, estimate.usage - offlineBytes);
  }
  return { offlineBytes, offlineFiles, userBytes, quotaBytes: estimate?.quota ?? null };
}

/**
 * Removes the offline copy: every Cache Storage cache and the service worker that fills them.
 * User data (IndexedDB, settings) stays. The next visit online installs the offline copy again.
 */
export async function clearOfflineData(): Promise<void> {
  if (typeof caches !== 'undefined') {
    const names = await caches.keys();
    await Promise.all(names.map((name) => caches.delete(name)));
  }
  if ('serviceWorker' in navigator) {
    const registrations = await navigator.serviceWorker.getRegistrations();
    await Promise.all(registrations.map((registration) => registration.unregister()));
  }
}
