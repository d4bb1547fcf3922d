// Changing the explore filters means changing the URL (shareable; the back button undoes a
// change). Every change goes through here; the store mirrors what the URL shows.
import { useCallback, useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  exploreHref,
  filtersOf,
  withFilter,
  type ExploreFilters,
  type ExploreState,
} from '../filters';
import { pickFilters, useExploreStore } from '../store';
import type { ExploreConfig } from '../variants';

export interface ExploreUrl {
  /** Applies a filter change (page back to 1). `replace` for keystrokes after the first. */
  apply: (patch: Partial<ExploreFilters>, options?: { replace?: boolean }) => void;
  /** Forgets every filter, here and in the saved filters. */
  clear: () => void;
  hrefFor: (page: number) => string;
}

/** The filters of `state` that `config`'s screen has (the others stay as saved). */
function screenFilters(config: ExploreConfig, state: ExploreFilters): Partial<ExploreFilters> {
  const shown = filtersOf(state);
  const mine: Partial<ExploreFilters> = {};
  for (const field of config.fields) Object.assign(mine, { [field]: shown[field] });
  return pickFilters(mine);
}

export function useExploreUrl(config: ExploreConfig, state: ExploreState): ExploreUrl {
  const navigate = useNavigate();
  const save = useExploreStore((s) => s.save);
  const reset = useExploreStore((s) => s.reset);

  // The saved filters follow what the screen shows (only the fields this screen has): a deep
  // link, back and forward included.
  const { q, category, sale, sort, type } = state;
  useEffect(() => {
    save(screenFilters(config, { q, category, sale, sort, type }));
  }, [config, q, category, sale, sort, type, save]);

  const apply = useCallback(
    (patch: Partial<ExploreFilters>, options?: { replace?: boolean }) => {
      const next = withFilter(state, patch);
      // Saved at once, not only once the new URL has rendered: leaving right after a change
      // (before the route's loader and render have run) still keeps it.
      save(screenFilters(config, next));
      navigate(exploreHref(config.path, next), {
        replace: options?.replace ?? false,
        preventScrollReset: true,
      });
    },
    [navigate, save, config, state],
  );

  const clear = useCallback(() => {
    reset();
    navigate(config.path, { preventScrollReset: true });
  }, [navigate, reset, config.path]);

  const hrefFor = useCallback(
    (page: number) => exploreHref(config.path, { ...state, page }),
    [config.path, state],
  );

  return { apply, clear, hrefFor };
}
