// @vitest-environment node
// The push bench's own parts (scripts/bench-push/): its devices decrypt what web-push's
// generateRequestDetails encrypts, as the server sends it, and its outbids are those the server
// writes (the bidder below in price, never the bidder itself) matched to arrivals in order.
import webPush from 'web-push';
import { describe, expect, it } from 'vitest';
import { expectedOutbids, matchArrivals } from '../bench-push/outbids.mjs';
import { decrypt, deviceKeys } from '../bench-push/receiver.mjs';

describe('the bench devices', () => {
  it('decrypt a message web-push encrypted for them, and refuse another device’s', () => {
    const device = deviceKeys();
    const vapid = webPush.generateVAPIDKeys();
    const payload = JSON.stringify({ kind: 'outbid', tag: 'item-7', title: 'You were outbid' });
    const details = webPush.generateRequestDetails(
      { endpoint: 'http://127.0.0.1:1/device/0', keys: device.json },
      payload,
      { vapidDetails: { subject: 'mailto:bench@example.com', ...vapid } },
    );
    expect(decrypt(details.body, device)).toBe(payload);
    expect(() => decrypt(details.body, deviceKeys())).toThrow();
  });
});

describe('the outbids', () => {
  const bid = (device, itemId, price, answeredAt, measured = true) => ({
    device,
    itemId,
    price,
    answeredAt,
    measured,
  });

  it('tell the bidder just below in price, never the bidder itself', () => {
    const outbids = expectedOutbids([
      bid(2, 1, 1.02, 30),
      bid(1, 1, 1.01, 10),
      bid(2, 1, 1.03, 40),
      bid(3, 1, 1.04, 50),
      bid(4, 9, 1.0, 60),
    ]);
    expect(outbids.map(({ device, price }) => [device, price])).toEqual([
      [1, 1.02],
      [2, 1.04],
    ]);
  });

  it('time each from its bid’s answer, in order, and count the ones that never arrived', () => {
    const outbids = [
      { device: 0, itemId: 5, price: 1, answeredAt: 100, measured: false },
      { device: 0, itemId: 5, price: 2, answeredAt: 200, measured: true },
      { device: 0, itemId: 5, price: 3, answeredAt: 300, measured: true },
      { device: 1, itemId: 5, price: 4, answeredAt: 400, measured: true },
    ];
    const outbid = (at, tag) => ({ at, message: { kind: 'outbid', tag } });
    const arrivals = [
      [
        outbid(150, 'item-5'),
        { at: 160, message: { kind: 'ending-soon', tag: 'item-5' } },
        outbid(230, 'item-5'),
        outbid(330, 'item-6'),
      ],
      [],
    ];
    expect(matchArrivals(outbids, arrivals)).toEqual({ latencies: [30], missing: 2, untimed: 0 });
  });
});
