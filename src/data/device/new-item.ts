// Rules and shape of an item created on the device (upload work, become creator).
import { normalizeEth } from '../decimal';
import { LOCAL_USER_ID, type CreateItemInput } from '../records';
import type { Creator, Item, ItemCategory, MarketCategory } from '../types';

const TITLE_MAX = 100;
const DESCRIPTION_MAX = 2000;

const CATEGORY_BY_TYPE: Record<string, ItemCategory> = {
  gifs: 'Memes',
  music: 'Music',
  video: 'Video',
  tech: 'Art',
};

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A date from a date input ("2026-09-13", read as local time) or an ISO timestamp. */
export function parseDateInput(value: string, endOfDay: boolean): Date | null {
  const text = value.trim();
  const dateOnly = DATE_ONLY.exec(text);
  const date = dateOnly
    ? new Date(
        Number(dateOnly[1]),
        Number(dateOnly[2]) - 1,
        Number(dateOnly[3]),
        endOfDay ? 23 : 0,
        endOfDay ? 59 : 0,
        endOfDay ? 59 : 0,
      )
    : new Date(text);
  // Years 1 to 9999 only: the ISO text of any other (+275760-09-13...) is not a date the
  // server's database reads.
  const year = date.getUTCFullYear();
  return Number.isNaN(date.getTime()) || year < 1 || year > 9999 ? null : date;
}

/** A message per invalid text or date field (the image file is checked by images.ts). */
export function validateItemInput(input: CreateItemInput, now: Date): Record<string, string> {
  const errors: Record<string, string> = {};
  const title = input.title.trim();
  if (!title) errors.title = 'Enter a title for your work.';
  else if (title.length > TITLE_MAX) errors.title = `Use at most ${TITLE_MAX} characters.`;
  if (input.description.length > DESCRIPTION_MAX) {
    errors.description = `Use at most ${DESCRIPTION_MAX} characters.`;
  }
  const rate = input.rateEth?.trim() ?? '';
  if (rate && normalizeEth(rate) === null) {
    errors.rateEth = 'Enter a price in ETH, like 0.004.';
  }
  const start = input.startDate?.trim() ? parseDateInput(input.startDate, false) : undefined;
  const end = input.endDate?.trim() ? parseDateInput(input.endDate, true) : undefined;
  if (start === null) errors.startDate = 'Enter a valid starting date.';
  if (end === null) errors.endDate = 'Enter a valid expiration date.';
  else if (end && end.getTime() <= now.getTime()) {
    errors.endDate = 'The expiration date must be in the future.';
  } else if (end && start && end.getTime() <= start.getTime()) {
    errors.endDate = 'The expiration date must be after the starting date.';
  }
  return errors;
}

function marketCategoryFor(type: string): MarketCategory {
  return type.trim().toLowerCase() === 'music' ? 'music' : 'art';
}

export function itemFromInput(
  input: CreateItemInput,
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
    highestBidEth: '0',
    rating: 0,
    description: input.description.trim(),
    contractAddress: `0x${id.toString(16).padStart(40, '0')}`,
    tokenId: String(id),
    blockchain: 'ETH',
    userCreated: true,
  };
}
