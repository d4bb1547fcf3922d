// One parsed mutation to the domain function of its kind. Each runs inside the push's
// transaction for that mutation and throws a Refusal when a rule says no.
import type { SessionAccount } from '../core/session-account.ts';
import type { Mutation, PushResult } from '../../shared/protocol.ts';
import { becomeCreator } from '../catalog/creators.ts';
import { uploadItem } from '../catalog/uploads.ts';
import type { Sql } from '../db/database.ts';
import { saveProfileSection } from '../accounts/profile.ts';
import { checkout } from '../market/checkout.ts';
import { acceptOffer, unlistItem } from '../market/offers.ts';
import { saveMessage } from '../messages/messages.ts';
import { Refusal } from '../core/refusal.ts';
import { markAllRead, markRead } from '../notifications/inbox.ts';
import { setWatch } from '../watch/saved-searches.ts';

/** What an applied mutation adds to its result. */
export type Applied = Omit<Extract<PushResult, { status: 'applied' }>, 'id' | 'status'>;

export interface MutationContext {
  tx: Sql;
  /** The mutation's id: also the id of the bid, purchase or message it makes. */
  id: string;
  account: SessionAccount | null;
}

function signedIn(ctx: MutationContext): SessionAccount {
  if (!ctx.account) throw new Refusal('forbidden', 'Sign in to make this change.');
  return ctx.account;
}

export async function applyMutation(ctx: MutationContext, mutation: Mutation): Promise<Applied> {
  const { tx, id } = ctx;
  switch (mutation.kind) {
    case 'bid':
      // Signed in, a bid is placed by one call of its own (push.ts, callOf).
      signedIn(ctx);
      throw new Error('a bid is placed by placeBid');
    case 'checkout':
      await checkout(tx, signedIn(ctx), id, mutation.args);
      return {};
    case 'accept-offer':
      await acceptOffer(tx, signedIn(ctx), mutation.args);
      return {};
    case 'unlist':
      await unlistItem(tx, signedIn(ctx), mutation.args);
      return {};
    case 'favourite':
    case 'follow':
      // Signed in, each is set by one call of its own (push.ts, callOf).
      signedIn(ctx);
      throw new Error(`a ${mutation.kind} is set by one call of its own`);
    case 'profile': {
      const { saved, lost } = await saveProfileSection(tx, signedIn(ctx), mutation.args);
      return { ...saved, ...(lost.length > 0 ? { lost } : {}) };
    }
    case 'message':
      await saveMessage(tx, ctx.account, id, mutation.args);
      return {};
    case 'creator':
      await becomeCreator(tx, signedIn(ctx), mutation.args);
      return {};
    case 'item':
      return { itemId: await uploadItem(tx, signedIn(ctx), id, mutation.args) };
    case 'notification-read':
      await markRead(tx, signedIn(ctx), mutation.args);
      return {};
    case 'notifications-read':
      await markAllRead(tx, signedIn(ctx), mutation.args);
      return {};
    case 'watch-search':
      await setWatch(tx, signedIn(ctx), mutation.args);
      return {};
  }
}
