// Each home's sections as docs/product.md "Home pages" lists them: their
// headings, in the order the page shows them. One table for the component test
// (home-sections.test.tsx, which also checks it names every home) and the end-to-end test
// (tests/routes.spec.ts).
export const SLIDER = 'Trending Items';
export const COLLECTIONS = 'Top Collections';
export const AUCTIONS = 'Live Auctions';
export const CREATORS = 'Best Creators and Sellers';
export const BLOG = 'Latest from the blog';
export const HOW = 'How it works';
export const QA = 'Frequently asked questions';

/** Each home's section headings (h2), in the order the page shows them. */
export const HOME_SECTIONS: Record<string, { path: string; headings: string[] }> = {
  one: {
    path: '/',
    headings: ['Find items', HOW, COLLECTIONS, AUCTIONS, 'Discover Items', CREATORS, BLOG],
  },
  two: {
    path: '/index-two',
    headings: [SLIDER, COLLECTIONS, AUCTIONS, 'Featured creators', CREATORS, HOW, BLOG],
  },
  three: { path: '/index-three', headings: [SLIDER, AUCTIONS, COLLECTIONS, CREATORS, QA, BLOG] },
  four: { path: '/index-four', headings: [AUCTIONS, SLIDER, COLLECTIONS, CREATORS, HOW, BLOG] },
  five: { path: '/index-five', headings: [SLIDER, COLLECTIONS, AUCTIONS, CREATORS, QA, BLOG] },
  six: {
    path: '/index-six',
    headings: [SLIDER, 'Discover Items', COLLECTIONS, HOW, AUCTIONS, CREATORS, QA],
  },
  seven: {
    path: '/index-seven',
    headings: [SLIDER, COLLECTIONS, AUCTIONS, CREATORS, 'Explore Hot Items', BLOG],
  },
  eight: {
    path: '/index-eight',
    headings: [COLLECTIONS, SLIDER, HOW, AUCTIONS, CREATORS, 'Meet the creators', QA],
  },
  nine: { path: '/index-nine', headings: [SLIDER, CREATORS, COLLECTIONS, AUCTIONS, BLOG] },
  ten: { path: '/index-ten', headings: [CREATORS, 'Explore Hot Items', BLOG] },
};
