// The explore routes' loader: reads the filters from the URL, restores the saved filters when a
// screen is opened with none, and loads the page of results before the screen renders.
import { useEffect } from 'react';
import { redirect, type LoaderFunctionArgs } from 'react-router-dom';
import type { Item, Page } from '@shared/types';
import { loadExplorePage } from './api';
import {
  EMPTY_FILTERS,
  exploreHref,
  hasExploreParams,
  parseExploreParams,
  type ExploreFilters,
  type ExploreState,
} from './filters';
import { savedExploreFilters } from './store';
import type { ExploreConfig } from './variants';

export interface ExploreData {
  state: ExploreState;
  result: Page<Item>;
}

// Screens currently on display. Going back to a bare URL on a screen that is open (the user
// undoing a filter) must not restore anything, or the back button would seem to do nothing.
const open = new Map<string, number>();

/** Marks the screen at `path` as open while the calling component is mounted. */
export function useOpenScreen(path: string): void {
  useEffect(() => {
    open.set(path, (open.get(path) ?? 0) + 1);
    return () => {
      const n = (open.get(path) ?? 1) - 1;
      if (n > 0) open.set(path, n);
      else open.delete(path);
    };
  }, [path]);
}

/** The saved filters this screen shows; the rest stay at "any". */
export function savedFor(config: ExploreConfig, saved: ExploreFilters): ExploreFilters {
  const next: ExploreFilters = { ...EMPTY_FILTERS };
  for (const field of config.fields) Object.assign(next, { [field]: saved[field] });
  return next;
}

/**
 * Where to send a request instead, or null to serve it: a bare URL on a screen being opened
 * gets the saved filters; a page past the end goes to the last page.
 */
export function restoreTarget(
  config: ExploreConfig,
  url: URL,
  saved: ExploreFilters,
  screenOpen: boolean,
): string | null {
  if (hasExploreParams(url.searchParams) || screenOpen) return null;
  const href = exploreHref(config.path, savedFor(config, saved));
  return href === config.path ? null : href;
}

export function createExploreLoader(config: ExploreConfig) {
  return async ({ request }: LoaderFunctionArgs): Promise<ExploreData> => {
    const url = new URL(request.url);
    const target = restoreTarget(config, url, savedExploreFilters(), open.has(config.path));
    if (target) throw redirect(target);
    const state = parseExploreParams(url.searchParams, config.fields);
    const result = await loadExplorePage(state, config.pageSize);
    if (result.page !== state.page) {
      throw redirect(exploreHref(config.path, { ...state, page: result.page }));
    }
    return { state, result };
  };
}
