// Twelve sample activity entries. Their times are relative to when the app runs (in the past),
// so the feed always reads "4 minutes ago", "2 hours ago"...: `createSampleActivity(now)` is pure.
import type { ActivityEntry, ActivityTag, ActivityType } from '@shared/types';
import { itemImage } from '@shared/sample/image-paths';

interface ActivitySeed {
  type: ActivityType;
  itemId: number;
  minutesAgo: number;
  description: string;
  tags: ActivityTag[];
}

const SEEDS: ActivitySeed[] = [
  {
    type: 'Listing',
    itemId: 3,
    minutesAgo: 4,
    description: 'Lucía Fernández listed Tidal Frequencies for 3.5 ETH.',
    tags: ['Listing', 'Music'],
  },
  {
    type: 'Sale',
    itemId: 1,
    minutesAgo: 18,
    description: 'Violet Bloom by Amara Okafor was sold to @freyajensen for 3.5 ETH.',
    tags: ['Sales', 'Purchased', 'Illustration'],
  },
  {
    type: 'Offer',
    itemId: 9,
    minutesAgo: 42,
    description: '@kofimensah offered 3.55 ETH for Neon Horizon by Mei Chen.',
    tags: ['Bids', 'Video'],
  },
  {
    type: 'Deposit',
    itemId: 7,
    minutesAgo: 75,
    description: 'Zara Haddad, whom you follow, deposited Emerald Shard into Crystal Vault.',
    tags: ['Following'],
  },
  {
    type: 'Listing',
    itemId: 4,
    minutesAgo: 130,
    description: 'Noah Lindqvist put Saturn Drift up for auction, starting at 3.5 ETH.',
    tags: ['Listing', 'Video'],
  },
  {
    type: 'Sale',
    itemId: 8,
    minutesAgo: 210,
    description: 'Ember Vinyl by Elias Novak was sold to @priyaraman for 3.5 ETH.',
    tags: ['Sales', 'Music'],
  },
  {
    type: 'Offer',
    itemId: 2,
    minutesAgo: 320,
    description:
      '@mateorossi made an offer of 3.2 ETH on Pixel Guardian, now liked by 310 collectors.',
    tags: ['Bids', 'Likes'],
  },
  {
    type: 'Deposit',
    itemId: 10,
    minutesAgo: 480,
    description:
      'Tomás Oliveira deposited three editions of Pop Confetti and burned two unsold ones.',
    tags: ['Burns'],
  },
  {
    type: 'Sale',
    itemId: 6,
    minutesAgo: 720,
    description: 'Bauhaus Sunrise by Mateo Rossi was purchased by @noahlindqvist for 3.5 ETH.',
    tags: ['Purchased', 'Sales', 'Illustration'],
  },
  {
    type: 'Listing',
    itemId: 11,
    minutesAgo: 1100,
    description:
      'Freya Jensen listed Solar Halo for 3.5 ETH; 240 collectors liked it within the hour.',
    tags: ['Listing', 'Likes', 'Illustration'],
  },
  {
    type: 'Offer',
    itemId: 12,
    minutesAgo: 1500,
    description: '@amaraokafor, whom you follow, bid 3.55 ETH on Cube Citadel by Kofi Mensah.',
    tags: ['Bids', 'Following'],
  },
  {
    type: 'Deposit',
    itemId: 5,
    minutesAgo: 2300,
    description: 'Priya Raman deposited Grin Machine into Sticker Club.',
    tags: ['Following', 'Likes'],
  },
];

const MINUTE_MS = 60 * 1000;

/** The sample feed with times `minutesAgo` before `now` (epoch ms), newest first. Pure. */
export function createSampleActivity(now: number): ActivityEntry[] {
  return SEEDS.map(({ minutesAgo, ...seed }, index) => ({
    id: `sample-${index + 1}`,
    ...seed,
    at: new Date(now - minutesAgo * MINUTE_MS).toISOString(),
    image: itemImage(seed.itemId),
  }));
}

export const sampleActivity: ActivityEntry[] = createSampleActivity(Date.now());
