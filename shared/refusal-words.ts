// The words of a refusal that reached the device without its own (an empty `error`): for a sale,
// the words of the check that refuses it (market.ts, sale-checks.ts); else the code's own.
import { bidRefusalWords } from './market';
import type { MutationKind, RefusalCode } from './protocol';
import { checkoutRefusalWords, offerRefusal } from './sale-checks';

type GenericCode = 'invalid' | 'not-found' | 'forbidden' | 'conflict' | 'version';

/** The words of a refusal of no sale (a favourite, a follow, an upload, a profile...). */
const GENERIC: Record<GenericCode, string> = {
  invalid: 'The server could not accept this change: check it and make it again.',
  'not-found': 'This no longer exists on the server.',
  forbidden: 'Only the owner can make this change.',
  conflict: 'This clashed with a newer change on the server: make it again.',
  version: 'This app is out of date: reload to update, then make the change again.',
};

/** A refusal's figures, unknown. */
const NO_FIGURES = { highest: null, next: null, saleKind: null };

const isGeneric = (code: RefusalCode): code is GenericCode => Object.hasOwn(GENERIC, code);

/** The words of the sale's own check, or null when it has none for `code`. */
function saleWords(kind: MutationKind, code: RefusalCode): string | null {
  switch (code) {
    case 'invalid': // A bid's may be its price or its quantity: the generic words fit both.
    case 'conflict':
    case 'version':
      return null;
    case 'outbid':
    case 'too-low':
      return kind === 'bid' ? bidRefusalWords(code, NO_FIGURES).message : null;
    default:
      if (kind === 'bid') return bidRefusalWords(code, NO_FIGURES).message;
      if (kind === 'checkout') return checkoutRefusalWords(code, null).message;
      // An answer to offers is never refused as ended (checkOffer).
      if ((kind !== 'accept-offer' && kind !== 'unlist') || code === 'ended') return null;
      return offerRefusal(code === 'forbidden' ? 'not-owner' : code).message;
  }
}

/** What the device says of a write of `kind` refused with `code` and no words. */
export function refusalFallback(kind: MutationKind, code: RefusalCode): string {
  return saleWords(kind, code) ?? (isGeneric(code) ? GENERIC[code] : GENERIC.invalid);
}
