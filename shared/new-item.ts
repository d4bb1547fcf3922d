// The shape of a new item (upload work, become creator), made by the device and by the server
// from the same fields; its rules are in ./upload-rules.ts.
import { normalizeEth } from './decimal';
import { NO_BID_ETH } from './market';
import {
  LOCAL_USER_ID,
  type Creator,
  type Item,
  type ItemCategory,
  type MarketCategory,
} from './types';
import { parseDateInput, type ItemFields } from './upload-rules';

const CATEGORY_BY_TYPE: Record<string, ItemCategory> = {
  gifs: 'Memes',
  music: 'Music',
  video: 'Video',
  tech: 'Art',
};

function marketCategoryFor(type: string): MarketCategory {
  return type.trim().toLowerCase() === 'music' ? 'music' : 'art';
}

export function itemFromInput(
  input: ItemFields & { type: string },
  ctx: { id: number; image: string; creator: Creator; now: Date },
): Item {
  const end = input.endDate?.trim() ? parseDateInput(input.endDate, true) : null;
  const liveDate = end ? end.toISOString() : '';
  const { id, image, creator } = ctx;
  return {
    id,
    image,
    avatar: creator.avatar,
    title: input.title.trim(),
    subtext: creator.handle,
    name: creator.name,
    creatorId: LOCAL_USER_ID,
    ownerId: LOCAL_USER_ID,
    collectionId: 0,
    ...(liveDate ? { date: liveDate } : {}),
    liveDate,
    category: CATEGORY_BY_TYPE[input.type.trim().toLowerCase()] ?? 'Art',
    marketCategory: marketCategoryFor(input.type),
    saleKind: liveDate ? 'auctions' : 'now',
    subImage: [1, 2, 3].map((index) => ({ index, image })),
    priceEth: normalizeEth(input.rateEth?.trim() || '0') ?? '0',
    highestBidEth: NO_BID_ETH,
    rating: 0,
    description: input.description.trim(),
    contractAddress: `0x${id.toString(16).padStart(40, '0')}`,
    tokenId: String(id),
    blockchain: 'ETH',
    userCreated: true,
  };
}
