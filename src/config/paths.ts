// Every URL of the app and its href builder (docs/architecture.md convention 3; docs/product.md
// "Screens and routes"). Components never hand-write a URL: they call these.

/** The two screens the sync's first ask knows (src/data/sync/focus.ts), apart from `paths` so
 * the page's <head> script carries only them. */
export const ITEM_DETAIL_PATH = '/item-detail';
export const ACTIVITY_PATH = '/activity';

export const paths = {
  home: '/',
  homeVariant: (n: HomeVariant) => `/index-${n}`,
  exploreOne: '/explore-one',
  exploreTwo: '/explore-two',
  exploreThree: '/explore-three',
  auction: '/auction',
  activity: ACTIVITY_PATH,
  collections: '/collections',
  wallet: '/wallet',
  uploadWork: '/upload-work',
  itemDetail: (id?: number | string) =>
    id === undefined ? ITEM_DETAIL_PATH : `${ITEM_DETAIL_PATH}/${id}`,
  creators: '/creators',
  creatorProfile: (id?: number | string) =>
    id === undefined ? '/creator-profile' : `/creator-profile/${id}`,
  creatorProfileEdit: '/creator-profile-edit',
  becomeCreator: '/become-creator',
  blogs: '/blogs',
  blogDetail: (id?: number | string) => (id === undefined ? '/blog-detail' : `/blog-detail/${id}`),
  aboutUs: '/aboutus',
  contact: '/contact',
  helpOverview: '/helpcenter-overview',
  helpFaqs: '/helpcenter-faqs',
  helpGuides: '/helpcenter-guides',
  helpSupport: '/helpcenter-support',
  terms: '/terms',
  privacy: '/privacy',
  login: '/login',
  signup: '/signup',
  resetPassword: '/reset-password',
  lockScreen: '/lock-screen',
  comingSoon: '/comingsoon',
  maintenance: '/maintenance',
  error: '/error',
  thankYou: '/thankyou',
  notifications: '/notifications',
} as const;

export const HOME_VARIANTS = [
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
] as const;
export type HomeVariant = (typeof HOME_VARIANTS)[number];

/** Explore with a text query (used by the global search on Enter). */
export function exploreWithQuery(query: string): string {
  const params = new URLSearchParams({ q: query });
  return `${paths.exploreOne}?${params.toString()}`;
}

/**
 * Explore one with filters (the home filter form). Parameter names are explore's own
 * (`src/features/explore/filters.ts` PARAM: q, category, items, sort); empty values are left out.
 */
export function exploreWithFilters(filters: {
  q?: string;
  category?: string;
  sale?: string;
  sort?: string;
}): string {
  const params = new URLSearchParams();
  const add = (key: string, value: string | undefined) => {
    const v = value?.trim();
    if (v) params.set(key, v);
  };
  add('q', filters.q);
  add('category', filters.category);
  add('items', filters.sale);
  add('sort', filters.sort);
  const query = params.toString();
  return query ? `${paths.exploreOne}?${query}` : paths.exploreOne;
}

/** A page of the blog list (page 1 is the bare /blogs). */
export function blogsPage(page: number): string {
  return page > 1 ? `${paths.blogs}?page=${page}` : paths.blogs;
}

/** An FAQ section on the FAQs page (help centre anchors: buying, general, payments, support). */
export function helpFaqsSection(sectionId: string): string {
  return `${paths.helpFaqs}#${sectionId}`;
}

/** A topic on the guides page. */
export function helpGuidesTopic(topicId: string): string {
  return `${paths.helpGuides}#${topicId}`;
}

/** A page of the creators list (page 1 is the bare /creators). */
export function creatorsPage(page: number): string {
  return page > 1 ? `${paths.creators}?page=${page}` : paths.creators;
}

/** The submissions that lead to the thank-you page (features/status saved-kinds.ts words each). */
export type ThankYouKind = 'contact' | 'support' | 'reset-password' | 'signup';

/** A thank-you page that says what was saved (`what`) and where to see it (`to`). */
export function thankYouFor(what: ThankYouKind, to?: string): string {
  const params = new URLSearchParams({ saved: what });
  if (to) params.set('next', to);
  return `${paths.thankYou}?${params.toString()}`;
}

/** Whether `page` (a pathname) is one of the app's pages in `paths`. */
function isAppPage(page: string): boolean {
  if (Object.values(paths).includes(page as never)) return true;
  if (HOME_VARIANTS.some((n) => paths.homeVariant(n) === page)) return true;
  return [paths.itemDetail(), paths.creatorProfile(), paths.blogDetail()].some(
    (base) => page === base || new RegExp(`^${base}/[\\w-]+$`).test(page),
  );
}

/**
 * `next` when it is a page of this app (a path of `paths`, with its query and hash), else null:
 * a return path read from the address bar never leads to another origin.
 */
export function safeReturnPath(next: string | null | undefined): string | null {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.includes('\\')) return null;
  let url: URL;
  try {
    url = new URL(next, 'http://artmint.invalid');
  } catch {
    return null;
  }
  if (url.origin !== 'http://artmint.invalid') return null;
  return isAppPage(url.pathname) ? `${url.pathname}${url.search}${url.hash}` : null;
}

function withNext(base: string, next: string | null | undefined): string {
  const to = safeReturnPath(next);
  return to ? `${base}?${new URLSearchParams({ next: to }).toString()}` : base;
}

/** The login page, coming back to `next` (a page of this app) once signed in. */
export function loginReturningTo(next: string | null | undefined): string {
  return withNext(paths.login, next);
}

/** The signup page, coming back to `next` (a page of this app) once the account is made. */
export function signupReturningTo(next: string | null | undefined): string {
  return withNext(paths.signup, next);
}
