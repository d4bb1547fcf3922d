// Twelve sample blog posts (2026) and the static article text every detail page shows.
import type { BlogCategory, BlogPost } from '../types';
import { sampleCreator } from './creators';
import { blogImage } from './image-paths';

interface PostSeed {
  title: string;
  category: BlogCategory;
  authorId: number;
  /** Publication day (YYYY-MM-DD); stored at 12:00 UTC so it reads as the same day everywhere. */
  day: string;
  excerpt: string;
}

// Covers follow the categories (scripts/generate-assets.mjs, BLOG_ART). Newest first.
const SEEDS: PostSeed[] = [
  {
    title: 'What Bauhaus Can Teach Generative Artists',
    category: 'Arts',
    authorId: 6,
    day: '2026-06-18',
    excerpt:
      'A hundred years on, a school with strict rules still has the best advice for artists who write code: limit the palette, trust the grid.',
  },
  {
    title: 'Drawing With Gradients: A Layered Illustration Workflow',
    category: 'Illustration',
    authorId: 1,
    day: '2026-06-04',
    excerpt:
      'How to build depth from flat shapes: six layers, two gradients each, and one soft shadow that does most of the work.',
  },
  {
    title: 'Minting Your First Album: Music NFTs Explained',
    category: 'Music',
    authorId: 8,
    day: '2026-05-21',
    excerpt:
      'Editions, royalties and listening rights, explained for musicians who would rather be in the studio than reading contracts.',
  },
  {
    title: 'Short Loops, Big Stories: Video Art on the Blockchain',
    category: 'Video',
    authorId: 9,
    day: '2026-05-07',
    excerpt:
      'Why the best video pieces are under thirty seconds, and how to export a loop that looks as good on a phone as on a gallery wall.',
  },
  {
    title: 'Owning Your In-Game Items: Where Games Meet Collectibles',
    category: 'Games',
    authorId: 12,
    day: '2026-04-23',
    excerpt:
      'Skins, land parcels and loot you can take from one game to the next: what works today and what is still a promise.',
  },
  {
    title: 'Why Memes Became Collectible Culture',
    category: 'Memes',
    authorId: 5,
    day: '2026-04-09',
    excerpt:
      'A meme is a shared joke with a history. Collecting the original is a way of keeping that history, and the laugh, intact.',
  },
  {
    title: 'The Humble GIF Is Back, and It Is Minted',
    category: 'GIFs',
    authorId: 10,
    day: '2026-03-26',
    excerpt:
      'Two seconds, 64 colours, infinite loops. Artists are rediscovering the oldest animation format on the web.',
  },
  {
    title: 'Gas Fees, Wallets and Royalties: A Plain-English Guide',
    category: 'Tech',
    authorId: 7,
    day: '2026-03-12',
    excerpt:
      'Everything you need to know before your first purchase, without a single line of jargon left unexplained.',
  },
  {
    title: 'Collecting Generative Art Without the Hype',
    category: 'Arts',
    authorId: 11,
    day: '2026-02-26',
    excerpt:
      'Look at the outputs, not the floor price. A short checklist for judging a generative series on its own merits.',
  },
  {
    title: 'Sound Design for Audio-Visual Drops',
    category: 'Music',
    authorId: 3,
    day: '2026-02-12',
    excerpt:
      'When the picture moves with the music, small timing choices matter. Notes from a year of audio-reactive releases.',
  },
  {
    title: 'Pixel Art Never Left: Small Grids, Big Communities',
    category: 'Games',
    authorId: 2,
    day: '2026-01-29',
    excerpt:
      'Ten by ten pixels is enough for a character with a personality, and for a community that trades them like cards.',
  },
  {
    title: 'Building a Virtual Gallery Your Collectors Will Visit',
    category: 'Video',
    authorId: 4,
    day: '2026-01-15',
    excerpt:
      'Lighting, pacing and a path through the room: what physical curators know that most virtual galleries forget.',
  },
];

export const sampleBlogPosts: BlogPost[] = SEEDS.map(({ day, ...seed }, index) => {
  const id = index + 1;
  return {
    id,
    ...seed,
    image: blogImage(id),
    subtext: sampleCreator(seed.authorId).handle,
    date: `${day}T12:00:00.000Z`,
  };
});

/** The static article text shown on every blog detail page. */
export const blogArticleBody: string[] = [
  'A digital collectible is a record that says who owns a particular piece of digital work. The artwork itself can be copied like any file; what cannot be copied is the entry on a public ledger that links one token to one owner, and that everyone can check.',
  'That simple idea changes the relationship between artists and the people who love their work. A painter can sell an original to a collector on the other side of the world in minutes. A musician can release a limited edition of a track and know exactly who holds each copy. And because the record is public, the history of every piece, from the first sale to the latest, travels with it.',
  'For collectors, the best reason to buy is still the oldest one: you like the work and want to support the person who made it. Look at the artist’s other pieces, read what they write about their process, and check that the profile is verified before you spend anything. A price is only a number; a body of work tells you far more.',
  'Creators should think about editions and royalties before they mint. A one-of-one carries a different promise than an edition of a hundred, and a fair royalty on resales rewards you for the work continuing to find new homes. Keep your original files safe, describe the piece honestly, and say clearly what, if anything, the buyer receives beyond the token.',
  'Your wallet is your identity on a marketplace like this one. It holds your tokens and signs every action you take, so guard its recovery phrase as carefully as a house key: never type it into a website, never share it in a chat, and consider a hardware wallet once your collection grows.',
  'Most of all, take your time. Follow a few creators whose work moves you, watch how their collections grow, and join the conversations around them. The most rewarding collections are built slowly, one piece at a time, by people who know why each piece is there.',
];
