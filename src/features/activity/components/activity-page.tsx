import { useCallback, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { PageLayout } from '@/components/layout/page-layout';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Pagination } from '@/components/ui/pagination';
import { paths } from '@/config/paths';
import type { ActivityPage as ServerActivityPage } from '@shared/history';
import { paginate } from '@shared/query';
import { useEarlier, withOlder } from '@/data/use-earlier';
import type { ActivityEntry, ActivityTag } from '@shared/types';
import { useNow } from '@/lib/clock';
import { parsePage } from '@/lib/page-param';
import { ACTIVITY_PAGE_SIZE, loadEntryItems, loadOlderActivity, type EntryItems } from '../api';
import { chipsSearch, filterFeed, parseChips, toggleChip } from '../chips';
import { ActivityEntryRow } from './activity-entry';
import { FilterPanel } from './filter-panel';
import styles from './activity-page.module.css';

/** The line under "Load more": why nothing came, or that nothing older is left. */
function olderNote(earlier: { status: string; error: string; more: boolean }): string {
  if (earlier.status === 'offline') return 'Older activity needs a connection.';
  if (earlier.status === 'failed') return `Older activity could not be loaded: ${earlier.error}`;
  return earlier.more ? '' : 'There is no older activity.';
}

/** "Showing 3 of 12 activities". */
export function feedSummary(shown: number, total: number): string {
  const noun = total === 1 ? 'activity' : 'activities';
  return shown === total ? `Showing ${total} ${noun}` : `Showing ${shown} of ${total} ${noun}`;
}

const entriesOf = (page: ServerActivityPage) => page.entries;

/**
 * Activities (docs/product.md "Activities"): the feed beside its "Filter by" panel. Chips filter
 * the feed and combine; "Clear" resets; the chosen chips and the page live in the URL. The device
 * keeps the latest entries only (docs/sync.md): "Load more", on the last page, fetches older ones
 * from the server into this screen.
 */
export function ActivityPage({
  entries: known,
  items: knownItems = {},
}: {
  entries: ActivityEntry[];
  /** The entries' items by id (their kinds of sale name each entry's action). */
  items?: EntryItems;
}) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const now = useNow();
  const [olderItems, setOlderItems] = useState<EntryItems>({});
  const addItems = useCallback((fresh: ActivityEntry[]) => {
    void loadEntryItems(fresh).then((found) => setOlderItems((had) => ({ ...had, ...found })));
  }, []);
  const earlier = useEarlier(loadOlderActivity, entriesOf, known, addItems);
  const entries = withOlder(known, earlier.older);
  const items = { ...olderItems, ...knownItems };
  const chips = parseChips(params);
  const shown = filterFeed(entries, chips);
  const page = paginate(
    shown,
    parsePage(params.get('page')),
    ACTIVITY_PAGE_SIZE,
    ACTIVITY_PAGE_SIZE,
  );
  const href = (next: readonly ActivityTag[], pageNo = 1) => {
    const search = chipsSearch(next, pageNo);
    return search ? `${paths.activity}?${search}` : paths.activity;
  };
  const go = (next: readonly ActivityTag[]) => navigate(href(next), { preventScrollReset: true });

  return (
    <PageLayout
      crumbs={[{ label: 'Home', to: paths.home }, { label: 'Activities' }]}
      title="Activities"
      lead="Sales, bids, listings and likes across the marketplace, with your own bids and purchases on this device."
    >
      <div className={styles.layout}>
        <FilterPanel
          chips={chips}
          onToggle={(chip) => go(toggleChip(chips, chip))}
          onClear={() => go([])}
        />
        <section aria-labelledby="activity-feed" className={styles.feed}>
          <h2 id="activity-feed" className="visually-hidden">
            Activity feed
          </h2>
          <p role="status" className={styles.summary}>
            {feedSummary(shown.length, entries.length)}
          </p>
          {page.items.length === 0 ? (
            <EmptyState
              level={3}
              title="No activity matches these filters"
              description="Choose other chips, or clear them to see the whole feed."
              action={
                chips.length > 0 ? (
                  <Button variant="primary" onClick={() => go([])}>
                    Clear filters
                  </Button>
                ) : undefined
              }
            />
          ) : (
            <ul role="list" className={styles.list}>
              {page.items.map((entry) => (
                <ActivityEntryRow
                  key={entry.id}
                  entry={entry}
                  item={items[entry.itemId]}
                  now={now}
                />
              ))}
            </ul>
          )}
          <Pagination
            page={page.page}
            pageCount={page.pageCount}
            hrefFor={(n) => href(chips, n)}
            label="Activity pages"
          />
          {page.page >= page.pageCount && (
            <div className={styles.more}>
              {earlier.more && (
                <Button
                  variant="secondary"
                  busy={earlier.status === 'loading'}
                  onClick={earlier.load}
                >
                  Load more
                </Button>
              )}
              <p aria-live="polite" className={styles.note}>
                {olderNote(earlier)}
              </p>
            </div>
          )}
        </section>
      </div>
    </PageLayout>
  );
}
