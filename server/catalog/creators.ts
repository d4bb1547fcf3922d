// Become creator: the account's public creator record, with id = the account's id (a second
// time updates it). An upload makes a default one when the account has none yet.
import type * as v from 'valibot';
import type { SessionAccount } from '../core/session-account.ts';
import { sampleCreators } from '../../shared/sample/creators.ts';
import { sampleUser } from '../../shared/sample/user.ts';
import type { MUTATION_ARGS } from '../../shared/protocol.ts';
import type { Creator } from '../../shared/types.ts';
import type { Sql } from '../db/database.ts';
import { Refusal } from '../core/refusal.ts';
import { ownImageUrl } from './images.ts';
import { recordCreatorChange } from '../core/snapshots.ts';
import { notifyMentions } from '../notifications/events.ts';

export type CreatorArgs = v.InferOutput<(typeof MUTATION_ARGS)['creator']>;

const URL_RE = /^https?:\/\/[^\s/$.?#][^\s]*$/i;
const HANDLE_RE = /^@?[\w.-]{1,40}$/;
const TWITTER_RE = /^@?\w{1,15}$/;

const slug = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '')
    .slice(0, 24);

/** The same rules as the become-creator form (src/data/device/creators.ts). */
function validate(args: CreatorArgs): Record<string, string> {
  const errors: Record<string, string> = {};
  const name = args.name.trim();
  if (!name) errors.name = 'Enter a display name.';
  else if (name.length > 60) errors.name = 'Use at most 60 characters for the display name.';
  const url = args.url?.trim() ?? '';
  if (url && !URL_RE.test(url) && !HANDLE_RE.test(url)) {
    errors.url = 'Enter a web address, like https://artmint.app/@you.';
  }
  const twitter = args.twitter?.trim() ?? '';
  if (twitter && !TWITTER_RE.test(twitter)) {
    errors.twitter = 'Enter a Twitter username, like @artmint (letters, digits, _; 15 at most).';
  }
  if ((args.bio?.length ?? 0) > 1000) errors.bio = 'Use at most 1000 characters for the bio.';
  return errors;
}

function handleFrom(args: CreatorArgs, name: string): string {
  const twitter = args.twitter?.trim();
  if (twitter) return `@${twitter.replace(/^@/, '')}`;
  const url = args.url?.trim() ?? '';
  let candidate = url;
  if (URL_RE.test(url)) {
    try {
      candidate = new URL(url).pathname.split('/').filter(Boolean).pop() ?? '';
    } catch {
      candidate = '';
    }
  }
  candidate = candidate.replace(/^@/, '');
  if (candidate && HANDLE_RE.test(candidate)) return `@${candidate}`;
  return `@${slug(name) || 'you'}`;
}

export type CreatorData = Omit<Creator, 'followers'>;

/** A creator record with the default avatar and banner, before any profile is given. */
export function defaultCreator(id: number, name: string): CreatorData {
  const avatar = sampleUser.avatar;
  return {
    id,
    name,
    handle: `@${slug(name) || 'you'}`,
    avatar,
    banner: sampleCreators[0]?.banner ?? avatar,
    verified: false,
    bio: '',
    volumeEth: '0',
    thumbnails: [avatar, avatar],
    userCreated: true,
  };
}

async function saveCreator(tx: Sql, account: SessionAccount, data: CreatorData): Promise<void> {
  await tx.query(
    `INSERT INTO creators (id, account_id, data) VALUES ($1, $1, $2)
     ON CONFLICT (id) DO UPDATE SET data = EXCLUDED.data`,
    [account.id, JSON.stringify(data)],
  );
  await recordCreatorChange(tx, account.id);
}

async function existingData(tx: Sql, id: number): Promise<CreatorData | null> {
  const { rows } = await tx.query<{ data: CreatorData }>(
    'SELECT data FROM creators WHERE id = $1 FOR UPDATE',
    [id],
  );
  return rows[0]?.data ?? null;
}

/** The account's creator record, made with the account's name when it has none. */
export async function ensureCreator(tx: Sql, account: SessionAccount): Promise<CreatorData> {
  const existing = await existingData(tx, account.id);
  if (existing) return existing;
  const created = defaultCreator(account.id, account.name);
  await saveCreator(tx, account, created);
  return created;
}

export async function becomeCreator(
  tx: Sql,
  account: SessionAccount,
  args: CreatorArgs,
): Promise<void> {
  const errors = validate(args);
  if (Object.keys(errors).length > 0) {
    throw new Refusal('invalid', 'Check the highlighted fields.', errors);
  }
  const name = args.name.trim();
  const existing = await existingData(tx, account.id);
  const base = existing ?? defaultCreator(account.id, name);
  const avatar = (await ownImageUrl(tx, account, args.avatar)) ?? base.avatar;
  await saveCreator(tx, account, {
    ...base,
    name,
    handle: handleFrom(args, name),
    bio: args.bio?.trim() ?? base.bio,
    avatar,
    thumbnails: existing ? base.thumbnails : [avatar, avatar],
    userCreated: true,
  });
  await notifyMentions(tx, { text: args.bio ?? '', before: existing?.bio, by: account.id });
}

/**
 * The personal profile section's name, avatar and banner (images this account uploaded), onto
 * the account's creator record.
 */
export async function updateCreatorFromProfile(
  tx: Sql,
  account: SessionAccount,
  name: string,
  pictures: { avatar: unknown; banner: unknown },
): Promise<void> {
  const existing = await existingData(tx, account.id);
  if (!existing) return;
  const avatar = await ownImageUrl(tx, account, pictures.avatar);
  const banner = await ownImageUrl(tx, account, pictures.banner);
  if (!name && !avatar && !banner) return;
  await saveCreator(tx, account, {
    ...existing,
    ...(name ? { name } : {}),
    ...(avatar ? { avatar } : {}),
    ...(banner ? { banner } : {}),
  });
}
