// The tabs of a creator profile: what the creator made and owns, a page at a time with "Show
// more"; on your own profile also your favourite items and the creators you follow
// (docs/product.md: "shown on the profile and counted").
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { CardGrid } from '@/components/ui/card-grid';
import { CreatorCard } from '@/components/cards/creator-card';
import { ItemCard } from '@/components/cards/item-card';
import { Button, LinkButton } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { HeldLine } from '@/components/ui/held-line';
import { Tabs, type TabItem } from '@/components/ui/tabs';
import { paths } from '@/config/paths';
import type { Creator, Item, Page } from '@shared/types';
import { loadProfileItems, type CreatorProfile, type ProfileList } from '../api';
import styles from './profile-tabs.module.css';

function TabLabel({ text, count }: { text: string; count: number | string }) {
  return (
    <span className={styles.tabLabel}>
      {text}
      <span className={styles.badge}>{count}</span>
    </span>
  );
}

function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <>
      <h2 className="visually-hidden">{title}</h2>
      {children}
    </>
  );
}

function ItemGrid({ items }: { items: Item[] }) {
  return (
    <CardGrid>
      {items.map((item) => (
        <ItemCard key={item.id} item={item} as="li" />
      ))}
    </CardGrid>
  );
}

/**
 * Favourites whose item this device does not hold (made on another device of the account): the
 * sync engine fetches them online; until then each is named, a link to its page.
 */
function NotSavedFavourites({ ids }: { ids: number[] }) {
  if (ids.length === 0) return null;
  const one = ids.length === 1;
  const some = one ? '1 favourite is' : `${ids.length} favourites are`;
  return (
    <div className={styles.notSaved}>
      <p>{`${some} not saved on this device yet. ${one ? 'It loads' : 'They load'} when you are online.`}</p>
      <ul aria-label="Favourites not saved on this device">
        {ids.map((id) => (
          <li key={id}>
            <Link to={paths.itemDetail(id)}>{`Item #${id}`}</Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** "24", "10,000+": a list's count as its tab shows it. */
function countOf(page: Page<Item>): string {
  return `${page.total.toLocaleString('en-US')}${page.capped ? '+' : ''}`;
}

/**
 * A profile list's first page, and the next ones appended by "Show more". The first page is
 * always the one the screen read last: a sync read the screen again (an upload made on another
 * device of the account, a sale), and the page shows what the device now holds; the pages "Show
 * more" added stay.
 */
function PagedItems({
  first,
  creatorId,
  list,
}: {
  first: Page<Item>;
  creatorId: number;
  list: ProfileList;
}) {
  const [more, setMore] = useState<Page<Item>[]>([]);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const pages = [first, ...more];
  const last = more.at(-1) ?? first;
  const seen = new Set<number>();
  // An item that moved between pages while they loaded is shown once.
  const items = pages
    .flatMap((page) => page.items)
    .filter((item) => !seen.has(item.id) && seen.add(item.id));
  const showMore = async () => {
    setLoading(true);
    setFailed(false);
    try {
      const next = await loadProfileItems(creatorId, list, last.page + 1, last.next);
      setMore((current) => [...current, next]);
    } catch {
      setFailed(true);
    } finally {
      setLoading(false);
    }
  };
  return (
    <>
      <HeldLine held={last.held} />
      <ItemGrid items={items} />
      {last.page < last.pageCount && (
        <div className={styles.more}>
          <Button variant="secondary" busy={loading} onClick={() => void showMore()}>
            Show more
          </Button>
          <p className={styles.shown} aria-live="polite">
            {`Showing ${items.length.toLocaleString('en-US')} of ${countOf(last)}`}
          </p>
        </div>
      )}
      {failed && <p role="alert">These items could not be loaded. Try again.</p>}
    </>
  );
}

function CreatorGrid({ creators }: { creators: Creator[] }) {
  return (
    <CardGrid columns={3}>
      {creators.map((creator) => (
        <CreatorCard key={creator.id} creator={creator} as="li" />
      ))}
    </CardGrid>
  );
}

export function ProfileTabs({ profile }: { profile: CreatorProfile }) {
  const { creator, own, created, owned, favourites, favouritesNotSaved, following } = profile;
  const who = own ? 'You' : creator.name;
  const explore = (
    <LinkButton to={paths.exploreOne} variant="primary">
      Explore items
    </LinkButton>
  );
  const tabs: TabItem[] = [
    {
      id: 'created',
      label: <TabLabel text="Created" count={countOf(created)} />,
      content: (
        <Panel title={own ? 'Items you created' : `Items created by ${creator.name}`}>
          {created.items.length > 0 ? (
            <PagedItems first={created} creatorId={creator.id} list="created" />
          ) : (
            <EmptyState
              level={3}
              title={`${who} ${own ? 'have' : 'has'} not created any items yet`}
              description={own ? 'Upload your work to mint your first item.' : undefined}
              action={
                own ? (
                  <LinkButton to={paths.uploadWork} variant="primary">
                    Upload work
                  </LinkButton>
                ) : (
                  explore
                )
              }
            />
          )}
        </Panel>
      ),
    },
    {
      id: 'owned',
      label: <TabLabel text="Owned" count={countOf(owned)} />,
      content: (
        <Panel title={own ? 'Items you own' : `Items owned by ${creator.name}`}>
          {owned.items.length > 0 ? (
            <PagedItems first={owned} creatorId={creator.id} list="owned" />
          ) : (
            <EmptyState
              level={3}
              title={`${who} ${own ? 'do' : 'does'} not own any items yet`}
              description={own ? 'Items you buy with Buy Now appear here.' : undefined}
              action={explore}
            />
          )}
        </Panel>
      ),
    },
  ];
  if (own) {
    tabs.push(
      {
        id: 'favourites',
        label: <TabLabel text="Favourites" count={favourites.length + favouritesNotSaved.length} />,
        content: (
          <Panel title="Your favourite items">
            <NotSavedFavourites ids={favouritesNotSaved} />
            {favourites.length > 0 ? (
              <ItemGrid items={favourites} />
            ) : favouritesNotSaved.length > 0 ? null : (
              <EmptyState
                level={3}
                title="No favourites yet"
                description="Press the plus button on any item to keep it here."
                action={explore}
              />
            )}
          </Panel>
        ),
      },
      {
        id: 'following',
        label: <TabLabel text="Following" count={following.length} />,
        content: (
          <Panel title="Creators you follow">
            {following.length > 0 ? (
              <CreatorGrid creators={following} />
            ) : (
              <EmptyState
                level={3}
                title="You do not follow anyone yet"
                description="Follow creators from their profile or the creators list."
                action={
                  <LinkButton to={paths.creators} variant="primary">
                    Browse creators
                  </LinkButton>
                }
              />
            )}
          </Panel>
        ),
      },
    );
  }
  return (
    <Tabs
      tabs={tabs}
      label={own ? 'Your profile' : `${creator.name}'s profile`}
      className={styles.tabs}
    />
  );
}
