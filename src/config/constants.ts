// The template's business constants, named (docs/product.md "Fixed values").

export const STICKY_NAV_THRESHOLD_PX = 50;
export const BACK_TO_TOP_THRESHOLD_PX = 300;
export const SCROLL_TO_TOP_DURATION_MS = 500;
export const COUNTDOWN_TICK_MS = 1000;

export const ADDRESS_HEAD_CHARS = 6;
export const ADDRESS_TAIL_CHARS = 7;

export const GRID_ITEM_CARDS = 8;
export const GRID_COLLECTIONS = 8;
export const GRID_AUCTIONS = 4;
export const GRID_CREATOR_CARDS = 6;
export const GRID_CREATORS_MAX = 9;
export const GRID_HOT_ITEMS = 8;
export const GRID_BEST_CREATORS = 9;
export const LATEST_BLOG_COUNT = 3;
export const TEAM_SIZE = 4;
export const SAMPLE_ITEM_COUNT = 12;
export const SAMPLE_BLOG_COUNT = 12;

/** Real pagination replaces the template's static 1-4 (docs/product.md). */
export const PAGE_SIZE_ITEMS = 8;
export const PAGE_SIZE_BLOG = 6;

export const QA_ENTRIES = 4;
export const FAQ_SECTIONS = 4;
export const FAQ_PER_SECTION = 4;

/** One fixed sample rate: 3.5 ETH = $4,659.75, so 1 ETH = $1,331.357142857... */
export const SAMPLE_USD_FOR_3_5_ETH = 4659.75;

/** 13 September 2026 06:00 (local time of the viewer, as the template had it). */
export const COMING_SOON_TARGET = new Date(2026, 8, 13, 6, 0, 0);
export const MAINTENANCE_SECONDS = 3599;

export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
export const UPLOAD_MAX_TEXT = '10MB';

export const LIGHTBOX = {
  fadeMs: 250,
  swipeMs: 500,
  preload: 2,
  paddingPx: 16,
  spacing: 0.3,
  swipeThresholdPx: 30,
} as const;

export const SELECT_DEFAULTS = {
  maxMenuHeight: 300,
  minMenuHeight: 140,
  pageSize: 5,
  noOptionsMessage: 'No options',
  placeholder: 'Select...',
} as const;

export const WALLET_PROVIDER_COUNT = 11;

export const CAROUSEL = {
  autoplayMs: 3000,
  speedMs: 400,
} as const;

/** Slides per view from a minimum viewport width (px) up; docs/product.md "States". */
export type CarouselBreakpoints = Readonly<Record<number, number>>;

export interface CarouselPreset {
  /** Slides per view below the smallest breakpoint. */
  perView: number;
  breakpoints: CarouselBreakpoints;
  /** Space between slides in px. */
  gap: number;
  loop: boolean;
  rewind: boolean;
  autoplayMs: number;
  speedMs: number;
}

/** The carousels of docs/product.md "States" (Top Collections, home slider, item slider). */
export const CAROUSEL_PRESETS = {
  topCollections: {
    perView: 1,
    breakpoints: { 320: 1, 767: 2, 992: 3, 1025: 4 },
    gap: 24,
    loop: true,
    rewind: true,
    autoplayMs: CAROUSEL.autoplayMs,
    speedMs: CAROUSEL.speedMs,
  },
  homeSlider: {
    perView: 1,
    breakpoints: {},
    gap: 0,
    loop: true,
    rewind: false,
    autoplayMs: CAROUSEL.autoplayMs,
    speedMs: CAROUSEL.speedMs,
  },
  items: {
    perView: 1,
    breakpoints: { 425: 1, 767: 3, 992: 4, 1025: 5 },
    gap: 12,
    loop: true,
    rewind: false,
    autoplayMs: CAROUSEL.autoplayMs,
    speedMs: CAROUSEL.speedMs,
  },
} as const satisfies Record<string, CarouselPreset>;
export type CarouselPresetName = keyof typeof CAROUSEL_PRESETS;

export const FOOTER_TAGLINE =
  'Buy, sell and discover exclusive digital assets by the top artists of NFTs world.';
