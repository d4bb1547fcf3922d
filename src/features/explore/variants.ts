// The three explore screens (docs/product.md "Explore items"): which filters each one shows,
// how it lays them out and how many cards fill a page.
import { PAGE_SIZE_ITEMS } from '@/config/constants';
import { paths } from '@/config/paths';
import type { FilterField } from './filters';

export type ExploreVariant = 'one' | 'two' | 'three';

export interface ExploreConfig {
  variant: ExploreVariant;
  path: string;
  /** The filters this screen shows (and so reads from the URL). */
  fields: readonly FilterField[];
  /** Fixed page size: a whole number of rows of the screen's grid. */
  pageSize: number;
  /** bar: filters above a 4-column grid; sidebar: a left filter form beside 3 columns;
   * chips: category chips (All, Games, Art, Music, Video, Memes) above 4 columns. */
  layout: 'bar' | 'sidebar' | 'chips';
  lead: string;
}

/** Explore two's grid has 3 columns, so a page is 3 full rows. */
export const EXPLORE_TWO_PAGE_SIZE = 9;

export const EXPLORE_CONFIGS: Record<ExploreVariant, ExploreConfig> = {
  one: {
    variant: 'one',
    path: paths.exploreOne,
    fields: ['q', 'category', 'sale', 'sort'],
    pageSize: PAGE_SIZE_ITEMS,
    layout: 'bar',
    lead: 'Search the marketplace, narrow it by category and sale type, and sort by rating.',
  },
  two: {
    variant: 'two',
    path: paths.exploreTwo,
    fields: ['q', 'category', 'sale', 'sort'],
    pageSize: EXPLORE_TWO_PAGE_SIZE,
    layout: 'sidebar',
    lead: 'Refine the collection with the filters beside the grid; every choice combines.',
  },
  three: {
    variant: 'three',
    path: paths.exploreThree,
    fields: ['q', 'sort', 'type'],
    pageSize: PAGE_SIZE_ITEMS,
    layout: 'chips',
    lead: 'Pick a category to see its artworks, or All to see everything.',
  },
};
