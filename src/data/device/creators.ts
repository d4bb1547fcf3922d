// Creators: the sample creators plus the local user's own profile (id LOCAL_USER_ID), made
// by "become creator" or by the first upload; a follow from this device adds one follower.
import { ValidationError } from '../errors';
import { runWrite, sharedRead } from './db';
import { readOne, readOwned } from './readers';
import { LOCAL_USER_ID, type Creator } from '@shared/types';
import { type CreatorProfileInput } from '../records';
import { isAccountRecord, isCreator, isFollowRecord, isProfileRecord } from '../schemas';
import type { DeviceContext } from './context';
import { afterQueued, queueIn } from './queue';
import { mergeRemote, pendingToggle, readRemoteCreators, readWaiting } from './remote';

export async function getLocalCreator(ctx: DeviceContext): Promise<Creator | null> {
  const key: [string, number] = [ctx.owner(), LOCAL_USER_ID];
  return readOne(ctx.db, 'creators', key, isCreator);
}

/** The server's (else the sample) creators then the local one, with this device's follows.
 * Shared by the callers that ask at once: never change it. */
export function loadMergedCreators(ctx: DeviceContext): Promise<readonly Creator[]> {
  return sharedRead(ctx.db, `creators:${ctx.owner()}`, () => mergeCreators(ctx));
}

async function mergeCreators(ctx: DeviceContext): Promise<Creator[]> {
  const [local, follows, remote, waiting] = await Promise.all([
    getLocalCreator(ctx),
    readOwned(ctx.db, 'follows', ctx.owner(), isFollowRecord),
    readRemoteCreators(ctx),
    readWaiting(ctx),
  ]);
  const followed = new Set(follows.map((f) => f.creatorId));
  const fromServer = new Set(remote.map((c) => c.id));
  const shared = mergeRemote(ctx.sample.creators, remote);
  const all = local ? [...shared, local] : shared;
  return all.map((c) => {
    const on = followed.has(c.id);
    // The server's count has every synced follow; the sample's has none of this device's.
    const delta = fromServer.has(c.id)
      ? (pendingToggle(waiting, `follow:${c.id}`, on) ?? 0)
      : on
        ? 1
        : 0;
    return delta === 0 ? c : { ...c, followers: Math.max(0, c.followers + delta) };
  });
}

/** The creators lists and search show: not the placeholders of deleted accounts. */
export async function listedCreators(ctx: DeviceContext): Promise<Creator[]> {
  return (await loadMergedCreators(ctx)).filter((c) => !c.deleted);
}

export async function getCreator(ctx: DeviceContext, id: number): Promise<Creator | null> {
  return (await loadMergedCreators(ctx)).find((c) => c.id === id) ?? null;
}

function slug(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '')
    .slice(0, 24);
}

/** The name the local user goes by: profile name, else account name, else the sample's. */
export async function localDisplayName(ctx: DeviceContext): Promise<string> {
  const owner = ctx.owner();
  const personalKey: [string, string] = [owner, 'personal'];
  const [personal, account] = await Promise.all([
    readOne(ctx.db, 'profile', personalKey, isProfileRecord),
    readOne(ctx.db, 'account', owner, isAccountRecord),
  ]);
  const first = personal?.values.firstName;
  const last = personal?.values.lastName;
  const fromProfile = [first, last]
    .filter((v): v is string => typeof v === 'string' && v.trim() !== '')
    .join(' ');
  return fromProfile || account?.name.trim() || ctx.sample.localUser.name;
}

/** A new local creator profile with the sample user's images. */
export function defaultLocalCreator(ctx: DeviceContext, name: string): Creator {
  const { avatar, banner } = ctx.sample.localUser;
  return {
    id: LOCAL_USER_ID,
    name,
    handle: `@${slug(name) || 'you'}`,
    avatar,
    banner,
    verified: false,
    bio: '',
    volumeEth: '0',
    followers: 0,
    thumbnails: [avatar, avatar],
    userCreated: true,
  };
}

const URL_RE = /^https?:\/\/[^\s/$.?#][^\s]*$/i;
const HANDLE_RE = /^@?[\w.-]{1,40}$/;
const TWITTER_RE = /^@?\w{1,15}$/;

function lastPathSegment(url: string): string {
  try {
    return new URL(url).pathname.split('/').filter(Boolean).pop() ?? '';
  } catch {
    return '';
  }
}

/** "@name" from the Twitter account, else the URL's last path segment, else the name. */
function handleFrom(input: CreatorProfileInput, name: string): string {
  const twitter = input.twitter?.trim();
  if (twitter) return `@${twitter.replace(/^@/, '')}`;
  const url = input.url?.trim() ?? '';
  const candidate = (URL_RE.test(url) ? lastPathSegment(url) : url).replace(/^@/, '');
  if (candidate && HANDLE_RE.test(candidate)) return `@${candidate}`;
  return `@${slug(name) || 'you'}`;
}

export function validateCreatorProfile(input: CreatorProfileInput): Record<string, string> {
  const errors: Record<string, string> = {};
  const name = input.name.trim();
  if (!name) errors.name = 'Enter a display name.';
  else if (name.length > 60) errors.name = 'Use at most 60 characters for the display name.';
  const url = input.url?.trim() ?? '';
  if (url && !URL_RE.test(url) && !HANDLE_RE.test(url)) {
    errors.url = 'Enter a web address, like https://artmint.app/@you.';
  }
  const twitter = input.twitter?.trim() ?? '';
  if (twitter && !TWITTER_RE.test(twitter)) {
    errors.twitter = 'Enter a Twitter username, like @artmint (letters, digits, _; 15 at most).';
  }
  if ((input.bio?.length ?? 0) > 1000) errors.bio = 'Use at most 1000 characters for the bio.';
  return errors;
}

/** The local creator `input` makes of the existing one (or of a new one when there is none). */
export function profileCreator(
  ctx: DeviceContext,
  input: CreatorProfileInput,
  existing: Creator | null,
): Creator {
  const name = input.name.trim();
  const base = existing ?? defaultLocalCreator(ctx, name);
  const avatar = input.avatar?.trim() || base.avatar;
  return {
    ...base,
    name,
    handle: handleFrom(input, name),
    bio: input.bio?.trim() ?? base.bio,
    avatar,
    banner: input.banner?.trim() || base.banner,
    thumbnails: existing ? base.thumbnails : [avatar, avatar],
    userCreated: true,
  };
}

/** What the server is told of a creator profile (the 'creator' mutation's args). */
export function creatorArgs(input: CreatorProfileInput) {
  return {
    name: input.name.trim(),
    ...(input.url?.trim() ? { url: input.url.trim() } : {}),
    ...(input.bio?.trim() ? { bio: input.bio.trim() } : {}),
    ...(input.twitter?.trim() ? { twitter: input.twitter.trim() } : {}),
    ...(input.avatar?.trim() ? { avatar: input.avatar.trim() } : {}),
  };
}

/** Creates or updates the local user's creator profile. */
export async function createCreatorProfile(
  ctx: DeviceContext,
  input: CreatorProfileInput,
): Promise<Creator> {
  const errors = validateCreatorProfile(input);
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  const creator = profileCreator(ctx, input, await getLocalCreator(ctx));
  const owner = ctx.owner();
  await runWrite(ctx.db, async (db) => {
    const tx = db.transaction(['creators', 'mutations'], 'readwrite');
    await Promise.all([
      tx.objectStore('creators').put({ ...creator, owner }),
      queueIn(ctx, tx, owner, {
        kind: 'creator',
        args: creatorArgs(input),
        key: 'creator:me',
        label: `Creator profile ${creator.name}`,
      }),
      tx.done,
    ]);
  });
  return afterQueued(creator);
}
