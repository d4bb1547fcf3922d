// The creators feature's data (docs/product.md "Creators and profiles", "Follow me"):
// everything goes through the data-access interface.
import { GRID_CREATOR_CARDS, GRID_CREATORS_MAX } from '@/config/constants';
import { getDataAccess, LOCAL_USER_ID } from '@/data/data-access';
import { onePerKey } from '@/lib/one-per-key';
import { creatorBanner } from '@shared/sample/image-paths';
import { sampleUser } from '@shared/sample/user';
import { paginate } from '@shared/query';
import type { Creator, Item, Page } from '@shared/types';

/** The creators list: 9 per page (docs/product.md "Fixed values": "creators grid max 9"), asked
 * of the server when there is one (docs/database.md "Lists and search"). */
export function loadCreatorsPage(page: number): Promise<Page<Creator>> {
  return getDataAccess().listCreators({ page, pageSize: GRID_CREATORS_MAX });
}

export interface CreatorsScreen {
  page: Page<Creator>;
  /** The most followed creators, most first: the six-card grid block over the list (page 1). */
  mostFollowed: Creator[];
}

/** The creators page: one page of the list and, on the first page, the six most followed. */
export async function loadCreatorsScreen(page: number): Promise<CreatorsScreen> {
  const data = getDataAccess();
  const [list, top] = await Promise.all([
    loadCreatorsPage(page),
    page === 1 ? data.listCreators({ order: 'followers', pageSize: GRID_CREATOR_CARDS }) : null,
  ]);
  return { page: list, mostFollowed: top?.items ?? [] };
}

/** The page number in a `?page=` parameter; 1 when missing or not a positive integer. */
export function parsePage(raw: string | null): number {
  const n = Number(raw);
  return Number.isInteger(n) && n >= 1 ? n : 1;
}

/**
 * A creator id from the URL: a non-negative integer, else null (shown as an unknown creator).
 */
export function parseCreatorId(raw: string | undefined): number | null {
  if (raw === undefined || !/^\d{1,9}$/.test(raw)) return null;
  return Number(raw);
}

export interface CreatorProfile {
  kind: 'creator';
  creator: Creator;
  /** Items the creator made: the first page (PROFILE_PAGE_SIZE), the rest by loadProfileItems. */
  created: Page<Item>;
  /** Items the creator owns now (purchases move items to their buyer), paged the same way. */
  owned: Page<Item>;
  /** The local user's own profile: no Follow me (you cannot follow yourself). */
  own: boolean;
  /** Own profile: false until a creator profile is made (become creator, first upload). */
  saved: boolean;
  /** Own profile only: the user's favourite items and followed creators; else empty. */
  favourites: Item[];
  /** Own profile only: favourites whose item this device does not hold yet (their ids). */
  favouritesNotSaved: number[];
  following: Creator[];
}

export type CreatorProfileData =
  | CreatorProfile
  | { kind: 'unknown'; requested: string }
  /** A creator this device does not hold, while it cannot ask the server (offline). */
  | { kind: 'not-saved'; requested: string };

function fullName(values: Record<string, unknown> | undefined): string {
  if (!values) return '';
  return [values.firstName, values.lastName]
    .filter((v): v is string => typeof v === 'string' && v.trim() !== '')
    .map((v) => v.trim())
    .join(' ');
}

/**
 * The local user as a creator: their saved creator profile when there is one, else one made
 * from the profile or account name (or the sample user) that is not saved yet.
 */
async function loadOwnCreator(): Promise<{ creator: Creator; saved: boolean }> {
  const data = getDataAccess();
  const [saved, profile, account] = await Promise.all([
    data.getCreator(LOCAL_USER_ID),
    data.loadProfile(),
    data.loadAccount(),
  ]);
  if (saved) return { creator: saved, saved: true };
  const name = fullName(profile.personal) || account?.name.trim() || sampleUser.name;
  const { description: bio, avatar: avatarRef, banner: bannerRef } = profile.personal ?? {};
  // The pictures chosen on the profile or in settings before any creator profile was made.
  const avatar = typeof avatarRef === 'string' && avatarRef ? avatarRef : sampleUser.avatar;
  return {
    saved: false,
    creator: {
      id: LOCAL_USER_ID,
      name,
      handle: sampleUser.handle,
      avatar,
      banner: typeof bannerRef === 'string' && bannerRef ? bannerRef : creatorBanner(1),
      verified: false,
      bio: typeof bio === 'string' ? bio : '',
      volumeEth: '0',
      followers: 0,
      thumbnails: [avatar, avatar],
      userCreated: true,
    },
  };
}

/** Items a profile tab shows at once; "Show more" adds as many (docs/product.md "Creators and
 * profiles"). */
export const PROFILE_PAGE_SIZE = 24;

export type ProfileList = 'created' | 'owned';

/**
 * A page of a profile's Created or Owned list. Another creator's is asked of the server when
 * there is one (docs/database.md "Lists and search") and answered by this device offline,
 * saying so; your own profile's items are all on this device.
 */
export async function loadProfileItems(
  creatorId: number,
  list: ProfileList,
  page: number,
  /** The page before's `next` cursor (the server's): this page comes after it, at any depth. */
  after?: string,
): Promise<Page<Item>> {
  const data = getDataAccess();
  if (creatorId === LOCAL_USER_ID) {
    const items =
      list === 'created'
        ? await data.listItemsByCreator(LOCAL_USER_ID)
        : await data.listItemsByOwner(LOCAL_USER_ID);
    return paginate(items, page, PROFILE_PAGE_SIZE, PROFILE_PAGE_SIZE);
  }
  const whose = list === 'created' ? { creatorId } : { ownerId: creatorId };
  return data.profileItems(whose, page, PROFILE_PAGE_SIZE, after);
}

/**
 * The profile for `/creator-profile/:id`. Without an id (the header's "Profile" link) and for
 * id 0 (LOCAL_USER_ID) it is the local user's own profile: their creations, what they own,
 * their favourites and who they follow. An unknown id gives `kind: 'unknown'`.
 */
export async function loadCreatorProfile(rawId: string | undefined): Promise<CreatorProfileData> {
  const data = getDataAccess();
  const id = rawId === undefined ? LOCAL_USER_ID : parseCreatorId(rawId);
  if (id === null) return { kind: 'unknown', requested: rawId ?? '' };
  if (id === LOCAL_USER_ID) {
    const [{ creator, saved }, created, owned, favourites, favouritesNotSaved, following] =
      await Promise.all([
        loadOwnCreator(),
        loadProfileItems(LOCAL_USER_ID, 'created', 1),
        loadProfileItems(LOCAL_USER_ID, 'owned', 1),
        data.listFavourites(),
        data.favouritesNotSaved(),
        data.listFollows(),
      ]);
    return {
      kind: 'creator',
      creator,
      created,
      owned,
      own: true,
      saved,
      favourites,
      favouritesNotSaved,
      following,
    };
  }
  const [creator, created, owned] = await Promise.all([
    data.openCreator(id),
    loadProfileItems(id, 'created', 1),
    loadProfileItems(id, 'owned', 1),
  ]);
  if (creator === 'not-saved') return { kind: 'not-saved', requested: rawId ?? '' };
  if (!creator) return { kind: 'unknown', requested: rawId ?? '' };
  return {
    kind: 'creator',
    creator,
    created,
    owned,
    own: false,
    saved: true,
    favourites: [],
    favouritesNotSaved: [],
    following: [],
  };
}

// One opening per creator at a time: the screen read again meanwhile (a sync's refresh) waits on
// it.
const openCreatorProfile = onePerKey(loadCreatorProfile);

/**
 * The profile of `/creator-profile/:id` as its page opens: at once for the local user's own and a
 * creator the device holds; else `profile` is the server's answer on its way, which the page
 * awaits with its loading state (docs/product.md "Creators and profiles").
 */
export async function creatorProfileFor(
  rawId: string | undefined,
): Promise<{ profile: CreatorProfileData | Promise<CreatorProfileData> }> {
  const id = rawId === undefined ? LOCAL_USER_ID : parseCreatorId(rawId);
  const atOnce =
    id === null || id === LOCAL_USER_ID || (await getDataAccess().getCreator(id)) !== null;
  return { profile: atOnce ? await loadCreatorProfile(rawId) : openCreatorProfile(rawId) };
}
