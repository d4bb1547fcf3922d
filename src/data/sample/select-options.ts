// Options of the explore filters and the upload form (docs/product.md "Records and fields").
import type { UploadType } from '@/data/records';
import { SALE_KIND_TEXT } from '@shared/sale-kinds';
import { SALE_KINDS, type MarketCategory, type SaleKind, type SortKey } from '@shared/types';
import { type SelectOption } from '@/data/types';

export const categoryOptions: SelectOption<MarketCategory>[] = [
  { value: 'art', label: 'Art' },
  { value: 'domain', label: 'Domain Names' },
  { value: 'music', label: 'Music' },
  { value: 'sports', label: 'Sports' },
  { value: 'trading', label: 'Trading Cards' },
  { value: 'virtual', label: 'Virtual World' },
];

/** The "Items" filter: Buy Now, Auctions, Offers, named as the kinds of sale (sale-kinds.ts). */
export const itemOptions: SelectOption<SaleKind>[] = SALE_KINDS.map((value) => ({
  value,
  label: SALE_KIND_TEXT[value].filter,
}));

export const sortOptions: SelectOption<SortKey>[] = [
  { value: 'top', label: 'Top Rated' },
  { value: 'low', label: 'Lower Rated' },
];

/** The upload form's Type field, one option per UPLOAD_TYPES value. */
export const uploadTypeOptions: SelectOption<UploadType>[] = [
  { value: 'gifs', label: 'GIFs' },
  { value: 'music', label: 'Music' },
  { value: 'video', label: 'Video' },
  { value: 'tech', label: 'Tech' },
];
