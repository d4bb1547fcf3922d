// The mail switches (docs/product.md "Notifications"): a kind is mailed when its toggle and its
// mail switch are both on; a section stored before the switches (or never saved) has the
// defaults: on for auction results, sold and offer accepted, off for the rest.
import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_SECTION,
  mailSwitchDefaults,
  mailsKind,
  NOTIFICATION_KIND_NAMES,
} from '../notifications';

describe('mail switches', () => {
  it('default on for won, lost, sold, unsold and offer accepted only', () => {
    const mailed = NOTIFICATION_KIND_NAMES.filter((kind) => mailsKind(kind, undefined));
    expect(mailed).toEqual(['won', 'lost', 'sold', 'unsold', 'offer-accepted']);
    expect(mailSwitchDefaults(ACCOUNT_SECTION)).toEqual({
      mentionsMail: false,
      followsMail: false,
      sharesMail: false,
      messagesMail: false,
    });
  });

  it('reads a section stored before the switches with their defaults', () => {
    const old = { outbid: true, auctionResult: true, sold: false };
    expect(mailsKind('won', old)).toBe(true);
    expect(mailsKind('sold', old)).toBe(false);
    expect(mailsKind('outbid', old)).toBe(false);
  });

  it('needs both the toggle and the mail switch on', () => {
    expect(mailsKind('outbid', { outbidMail: true })).toBe(true);
    expect(mailsKind('outbid', { outbid: false, outbidMail: true })).toBe(false);
    expect(mailsKind('won', { auctionResultMail: false })).toBe(false);
    // Company news: its toggle is off by default, so its mail switch alone sends nothing.
    expect(mailsKind('company-news', { companyNewsMail: true })).toBe(false);
    expect(mailsKind('company-news', { companyNews: true, companyNewsMail: true })).toBe(true);
    // A value of the wrong type is the default.
    expect(mailsKind('sold', { soldMail: 'yes' })).toBe(true);
  });
});
