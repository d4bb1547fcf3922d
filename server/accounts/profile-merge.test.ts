// Edits merge (docs/sync.md "Edits merge"): a profile save carries the fields a device changed
// and the section's version it had; the server's order decides a field two devices changed, and
// the losing save is told both values. GET /api/me answers each section's version.
import { describe, expect, it } from 'vitest';
import type { MeResponse, PushResult } from '../../shared/protocol.ts';
import type { ProfileSection } from '../../shared/types.ts';
import { type TestClient } from '../test/harness.ts';
import { serverWithAccounts } from '../test/accounts.ts';
import { mutation, pushOne } from '../test/sync-fixtures.ts';

const {
  server,
  clients: [phone],
} = await serverWithAccounts('Ada');
// The laptop: a second device signed in to the same account.
const laptop = server.client();
laptop.cookie = phone.cookie;

const me = async (client: TestClient) => (await (await client.get('/api/me')).json()) as MeResponse;

const save = (
  device: TestClient,
  section: ProfileSection,
  fields: Record<string, string | boolean | null>,
  base?: number,
): Promise<PushResult> =>
  pushOne(
    device,
    mutation('profile', { section, fields, ...(base === undefined ? {} : { base }) }),
  );

describe('a profile save merges field by field', () => {
  it('two saves of different fields against the same version both stand', async () => {
    expect(await save(phone, 'personal', { firstName: 'Ada', bio: 'Painter' }, 0)).toEqual(
      expect.objectContaining({
        status: 'applied',
        version: 1,
        fields: { firstName: 'Ada', bio: 'Painter' },
      }),
    );
    // Both devices had version 1; the phone changes the bio, the laptop the name.
    const phoneSave = await save(phone, 'personal', { bio: 'Painter of skies' }, 1);
    const laptopSave = await save(laptop, 'personal', { firstName: 'Ada L.' }, 1);
    expect(phoneSave).toMatchObject({ status: 'applied', version: 2 });
    expect(laptopSave).toEqual(
      expect.objectContaining({
        status: 'applied',
        version: 3,
        fields: { firstName: 'Ada L.', bio: 'Painter of skies' },
      }),
    );
    expect(laptopSave).not.toHaveProperty('lost');
    const answer = await me(laptop);
    expect(answer.profile.personal).toEqual({ firstName: 'Ada L.', bio: 'Painter of skies' });
    expect(answer.profileVersions?.personal).toBe(3);
  });

  it('the same field: the first save to reach the server stands, the second is told both values', async () => {
    await save(phone, 'social', { twitter: 'ada', instagram: 'ada.art' }, 0);
    const first = await save(phone, 'social', { twitter: 'ada_paints' }, 1);
    expect(first).toMatchObject({ status: 'applied', version: 2 });
    // The laptop still had version 1: its twitter lost, its facebook (changed by nobody) stands.
    const second = await save(laptop, 'social', { twitter: 'ada_old', facebook: 'adafb' }, 1);
    expect(second).toEqual(
      expect.objectContaining({
        status: 'applied',
        version: 3,
        fields: { twitter: 'ada_paints', instagram: 'ada.art', facebook: 'adafb' },
        lost: [{ field: 'twitter', yours: 'ada_old', kept: 'ada_paints' }],
      }),
    );
    expect((await me(phone)).profile.social).toEqual({
      twitter: 'ada_paints',
      instagram: 'ada.art',
      facebook: 'adafb',
    });
    // A save whose every field lost changes nothing, and counts no version.
    const stale = await save(laptop, 'social', { twitter: 'ada_older' }, 1);
    expect(stale).toMatchObject({
      version: 3,
      lost: [{ field: 'twitter', yours: 'ada_older', kept: 'ada_paints' }],
    });
    // Once the laptop has version 3, its save of the field stands.
    expect(await save(laptop, 'social', { twitter: 'ada_new' }, 3)).toMatchObject({
      version: 4,
      fields: { twitter: 'ada_new' },
    });
    expect((await me(phone)).profileVersions?.social).toBe(4);
  });

  it('a field saved with the value it has is not touched, and counts no version', async () => {
    await save(phone, 'contact', { phone: '123', city: 'Oslo' }, 0);
    await save(phone, 'contact', { city: 'Bergen' }, 1);
    // The laptop (version 1) sends a field at the value the server has: not a change, not lost.
    const same = await save(laptop, 'contact', { phone: '123' }, 1);
    expect(same).toMatchObject({ version: 2, fields: { phone: '123', city: 'Bergen' } });
    expect(same).not.toHaveProperty('lost');
    // Nor does it move the field's version: a later save of it against version 1 still stands.
    expect(await save(laptop, 'contact', { phone: '456' }, 1)).toMatchObject({
      version: 3,
      fields: { phone: '456', city: 'Bergen' },
    });
    // An empty save is nothing.
    expect(await save(phone, 'contact', {}, 3)).toMatchObject({ version: 3 });
    expect((await me(phone)).profileVersions?.contact).toBe(3);
  });

  it('a save without a version (an older app) replaces the section as before, and counts', async () => {
    await save(phone, 'account-notifications', { mentions: true, follows: true }, 0);
    const whole = await save(laptop, 'account-notifications', { mentions: false });
    expect(whole).toMatchObject({ version: 2, fields: { mentions: false } });
    expect(whole).not.toHaveProperty('lost');
    // Its changes count as any save's: a device still at version 1 loses the field it set.
    expect(await save(phone, 'account-notifications', { follows: false }, 1)).toMatchObject({
      version: 2,
      lost: [{ field: 'follows', yours: false, kept: null }],
    });
  });

  it('a retried save is answered from its stored result, merged as it was', async () => {
    await save(phone, 'marketing-notifications', { sale: true }, 0);
    const once = mutation('profile', {
      section: 'marketing-notifications',
      fields: { sale: false },
      base: 1,
    });
    const first = await pushOne(laptop, once);
    await save(phone, 'marketing-notifications', { sale: true }, 2);
    expect(await pushOne(laptop, once)).toEqual(first);
    expect((await me(phone)).profileVersions?.['marketing-notifications']).toBe(3);
  });
});
