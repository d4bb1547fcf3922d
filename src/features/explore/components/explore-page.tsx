import { useId, useState } from 'react';
import { PageLayout } from '@/components/layout/page-layout';
import { Button } from '@/components/ui/button';
import { ChevronDownIcon } from '@/components/ui/icon';
import { paths } from '@/config/paths';
import type { ExploreOptions } from '../api';
import { activeFilterCount, isEmptyFilters } from '../filters';
import { useExploreUrl } from '../hooks/use-explore-url';
import { useOpenScreen, type ExploreData } from '../loader';
import type { ExploreConfig } from '../variants';
import { CategoryChips } from './category-chips';
import { ExploreResults } from './explore-results';
import { FilterSelects } from './filter-selects';
import { SearchField } from './search-field';
import { WatchSearch } from './watch-search';
import styles from './explore-page.module.css';
import controls from './filter-controls.module.css';

export interface ExplorePageProps {
  config: ExploreConfig;
  data: ExploreData;
  options: ExploreOptions;
}

/**
 * An explore screen (docs/product.md "Explore items"; docs/product.md): search, Categories, Items
 * and Sort By (one: a bar above the grid; two: a form beside it; three: category chips), all
 * combining, all in the URL, with real pagination.
 */
export function ExplorePage({ config, data, options }: ExplorePageProps) {
  useOpenScreen(config.path);
  const { state, result } = data;
  const url = useExploreUrl(config, state);
  const filtered = activeFilterCount(state) > 0;
  const [open, setOpen] = useState(false);
  const moreId = useId();
  const chosen = [state.category, state.sale, state.sort].filter(Boolean).length;
  // On a phone the selects fold behind a "Filters" button so the cards are on the first screen.
  const toggle = (
    <Button
      variant="secondary"
      className={controls.toggle}
      aria-expanded={open}
      aria-controls={moreId}
      onClick={() => setOpen((v) => !v)}
    >
      Filters
      {chosen > 0 && <span className={controls.badge}>{chosen}</span>}
      <ChevronDownIcon className={controls.chevron} />
    </Button>
  );

  const search = (
    <SearchField
      value={state.q}
      showLabel
      onSearch={(q, replace) => url.apply({ q }, { replace })}
    />
  );
  const selects = (
    <FilterSelects
      filters={state}
      options={options}
      fields={config.fields}
      showLabels
      onChange={(patch) => url.apply(patch)}
      className={controls.select}
    />
  );
  const watch = <WatchSearch filters={state} />;
  const results = (
    <ExploreResults
      result={result}
      columns={config.layout === 'sidebar' ? 3 : 4}
      filtered={filtered}
      hrefFor={url.hrefFor}
      onClear={url.clear}
    />
  );
  // Under the bar and the chips; the sidebar holds the watch button itself.
  const watchAndResults = (
    <>
      {watch}
      {results}
    </>
  );

  return (
    <PageLayout
      crumbs={[{ label: 'Home', to: paths.home }, { label: 'Explore' }]}
      title="Explore Items"
      lead={config.lead}
    >
      {config.layout === 'bar' && (
        <>
          <div className={`surface-raised ${controls.bar}`}>
            {search}
            {toggle}
            <div id={moreId} className={controls.more} data-open={open || undefined}>
              {selects}
            </div>
          </div>
          {watchAndResults}
        </>
      )}

      {config.layout === 'sidebar' && (
        <div className={styles.withSide}>
          <aside aria-labelledby="explore-filters" className={`surface-raised ${controls.side}`}>
            <h2 id="explore-filters" className={controls.sideTitle}>
              Filters
            </h2>
            {search}
            {toggle}
            <div id={moreId} className={controls.more} data-open={open || undefined}>
              {selects}
              <Button
                variant="secondary"
                block
                disabled={isEmptyFilters(state)}
                onClick={url.clear}
              >
                Clear filters
              </Button>
            </div>
            {watch}
          </aside>
          {results}
        </div>
      )}

      {config.layout === 'chips' && (
        <>
          <div className={controls.chipsRow}>
            <CategoryChips value={state.type} onChange={(type) => url.apply({ type })} />
            <div className={controls.compact}>
              {search}
              {selects}
            </div>
          </div>
          {watchAndResults}
        </>
      )}
    </PageLayout>
  );
}
