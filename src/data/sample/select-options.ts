// Options of the explore filters and the upload form (spec section 3, "Filter options").
import type { UploadType } from '@/data/records';
import type { MarketCategory, SaleKind, SelectOption, SortKey } from '@/data/types';

export const categoryOptions: SelectOption<MarketCategory>[] = [
  { value: 'art', label: 'Art' },
  { value: 'domain', label: 'Domain Names' },
  { value: 'music', label: 'Music' },
  { value: 'sports', label: 'Sports' },
  { value: 'trading', label: 'Trading Cards' },
  { value: 'virtual', label: 'Virtual World' },
];

export const itemOptions: SelectOption<SaleKind>[] = [
  { value: 'now', label: 'Buy Now' },
  { value: 'auctions', label: 'Auctions' },
  { value: 'offers', label: 'Offers' },
];

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
