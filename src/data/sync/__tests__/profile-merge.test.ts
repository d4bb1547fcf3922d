// @vitest-environment node
// Edits merge (docs/sync.md "Edits merge"): a profile save queues the fields it changed against
// the section's version the device had; two saves waiting are one; the answer leaves the section
// as the server merged it, and the fields another device saved first on the change.
import { beforeEach, describe, expect, it } from 'vitest';
import { freshStore, type TestStore } from '../../__tests__/fixtures';
import { createDbHandle } from '../../device/db';
import type { QueuedMutation } from '../../core/outbox';
import { accountOwner } from '../../owner';
import { applyAccountChanges } from '../account-apply';
import { applyServerWord } from '../apply';
import { readQueue } from '../own-outbox';

let store: TestStore;
beforeEach(() => {
  store = freshStore(undefined, () => 'account:7');
});

const queue = () => readQueue(createDbHandle());
const answer = (results: Parameters<typeof applyServerWord>[1]['results']) =>
  applyServerWord(createDbHandle(), { at: '2026-03-01T12:05:00.000Z', results });

async function onlyWaiting(): Promise<QueuedMutation> {
  const waiting = (await queue()).filter((m) => m.state === 'waiting');
  expect(waiting).toHaveLength(1);
  return waiting[0] as QueuedMutation;
}

/** The phone's save of the occupation (version 1) lands through the account channel. */
const landPhoneOccupation = () =>
  applyAccountChanges(createDbHandle(), {
    owner: accountOwner(7),
    changes: [
      {
        seq: 1,
        topic: 'profile',
        key: 'personal',
        data: { fields: { job: 'Painter' }, version: 1 },
      },
    ],
    cursor: 1,
    at: '2026-03-01T12:00:00.000Z',
  });

describe('a profile save', () => {
  it('sends the fields it changed, against the version the device had', async () => {
    await store.data.saveProfileSection('social', { twitter: 'ada', facebook: '' });
    const first = await onlyWaiting();
    // A field the section never had, left blank, is no change.
    expect(first.args).toEqual({ section: 'social', fields: { twitter: 'ada' }, base: 0 });
    // The server merged it with another device's instagram: version 1.
    await answer([
      {
        id: first.id,
        status: 'applied',
        version: 1,
        fields: { twitter: 'ada', instagram: 'ada.art' },
      },
    ]);
    expect((await store.data.loadProfile()).social).toEqual({
      twitter: 'ada',
      instagram: 'ada.art',
    });
    await store.data.saveProfileSection('social', {
      twitter: 'ada',
      instagram: 'ada.art',
      facebook: 'adafb',
    });
    expect((await onlyWaiting()).args).toEqual({
      section: 'social',
      fields: { facebook: 'adafb' },
      base: 1,
    });
  });

  it('waiting, takes the next save of the section: their changed fields, the first base', async () => {
    await store.data.saveProfileSection('personal', { firstName: 'Ada', bio: 'Painter' });
    const first = await onlyWaiting();
    await answer([
      { id: first.id, status: 'applied', version: 4, fields: { firstName: 'Ada', bio: 'Painter' } },
    ]);
    await store.data.saveProfileSection('personal', { firstName: 'Ada', bio: 'Sculptor' });
    const second = await onlyWaiting();
    await store.data.saveProfileSection('personal', { firstName: 'Ada L.', bio: 'Sculptor' });
    const merged = await onlyWaiting();
    expect(merged.id).not.toBe(second.id);
    expect(merged).toMatchObject({
      key: 'profile:personal',
      label: 'Profile: personal details',
      args: { section: 'personal', fields: { bio: 'Sculptor', firstName: 'Ada L.' }, base: 4 },
    });
    expect(await store.data.countWaitingChanges()).toBe(1);
  });

  it('taken in while the first was on its way, goes against the version the first made', async () => {
    await store.data.saveProfileSection('personal', { bio: 'A' });
    // The engine pushed this save; while its answer is on its way, the bio is saved again.
    const onItsWay = await onlyWaiting();
    await store.data.saveProfileSection('personal', { bio: 'A2' });
    const later = await onlyWaiting();
    expect(later.args).toEqual({ section: 'personal', fields: { bio: 'A2' }, base: 0 });
    await answer([{ id: onItsWay.id, status: 'applied', version: 1, fields: { bio: 'A' } }]);
    // Version 1 is this device's own save: the bio it changed again is no loss.
    expect((await onlyWaiting()).args).toEqual({
      section: 'personal',
      fields: { bio: 'A2' },
      base: 1,
    });
    expect((await store.data.loadProfile()).personal).toEqual({ bio: 'A2' });
  });

  it('taken in while the first was on its way, keeps its base when another device saved between', async () => {
    await store.data.saveProfileSection('social', { twitter: 'ada' });
    const onItsWay = await onlyWaiting();
    await store.data.saveProfileSection('social', { twitter: 'ada', instagram: 'ig' });
    await answer([{ id: onItsWay.id, status: 'applied', version: 2, fields: { twitter: 'ada' } }]);
    expect((await onlyWaiting()).args).toMatchObject({ base: 0 });
  });

  it('keeps the fields another device saved first on the change, and the kept values on the device', async () => {
    await store.data.saveProfileSection('personal', { firstName: 'Ada', bio: 'A' });
    const save = await onlyWaiting();
    await answer([
      {
        id: save.id,
        status: 'applied',
        version: 3,
        fields: { firstName: 'Ada', bio: 'B' },
        lost: [{ field: 'bio', yours: 'A', kept: 'B' }],
      },
    ]);
    const [synced] = await queue();
    expect(synced).toMatchObject({
      state: 'synced',
      lost: [{ field: 'bio', yours: 'A', kept: 'B' }],
    });
    expect((await store.data.loadProfile()).personal).toEqual({ firstName: 'Ada', bio: 'B' });
    // The next save of the bio goes against version 3, which has the kept value.
    await store.data.saveProfileSection('personal', { firstName: 'Ada', bio: 'A again' });
    expect((await onlyWaiting()).args).toEqual({
      section: 'personal',
      fields: { bio: 'A again' },
      base: 3,
    });
  });

  it('an answer older than what the device holds leaves the section as it is', async () => {
    await store.data.saveProfileSection('contact', { city: 'Oslo' });
    const first = await onlyWaiting();
    await answer([{ id: first.id, status: 'applied', version: 5, fields: { city: 'Oslo' } }]);
    await store.data.saveProfileSection('contact', { city: 'Bergen' });
    const second = await onlyWaiting();
    // A stale answer: a version below the one the device holds.
    await answer([{ id: second.id, status: 'applied', version: 2, fields: { city: 'Paris' } }]);
    expect((await store.data.loadProfile()).contact).toEqual({ city: 'Bergen' });
    expect((await queue()).find((m) => m.id === second.id)).not.toHaveProperty('lost');
  });

  it("goes against the version the form was opened on, when another device's save landed since", async () => {
    const db = createDbHandle();
    const fromChannel = (seq: number, fields: Record<string, string>, version: number) =>
      applyAccountChanges(db, {
        owner: accountOwner(7),
        changes: [{ seq, topic: 'profile', key: 'personal', data: { fields, version } }],
        cursor: seq,
        at: '2026-03-01T12:00:00.000Z',
      });
    await fromChannel(1, { firstName: 'Ada', bio: 'A' }, 2);
    const opened = (await store.data.loadProfileVersions()).personal;
    expect(opened).toBe(2);
    // The phone's save of the bio and the city lands while the form here is open on version 2.
    await fromChannel(2, { firstName: 'Ada', bio: 'Phone', city: 'Oslo' }, 3);
    expect((await store.data.loadProfileVersions()).personal).toBe(3);
    // The form took the untouched city (docs/sync.md "Edits merge"); the bio was typed in.
    await store.data.saveProfileSection(
      'personal',
      { firstName: 'Ada', bio: 'Laptop', city: 'Oslo' },
      opened,
    );
    // The server then sees the bio changed after version 2: it keeps the phone's, tells it lost.
    expect((await onlyWaiting()).args).toEqual({
      section: 'personal',
      fields: { bio: 'Laptop' },
      base: 2,
    });
  });

  it("opened on a section the device holds none of, goes against 0 when another device's save landed since", async () => {
    // A new account: the form opens on an empty section, at the server's first version.
    const opened = (await store.data.loadProfileVersions()).personal;
    expect(opened).toBe(0);
    // The phone's occupation lands (version 1) before this form, which never showed it, saves.
    await landPhoneOccupation();
    await store.data.saveProfileSection('personal', { job: '', bio: 'Waves' }, opened);
    // Against 0, the server keeps the phone's occupation (changed after 0) and tells this device;
    // against 1, the empty field shown here would have replaced it.
    expect((await onlyWaiting()).args).toEqual({
      section: 'personal',
      fields: { job: '', bio: 'Waves' },
      base: 0,
    });
  });

  it("leaves out a field the form showed as it was, when another device's save of it landed meanwhile: that save stays", async () => {
    const opened = (await store.data.loadProfileVersions()).personal;
    const shown = { job: '', bio: '' };
    await landPhoneOccupation();
    // The form, not yet redrawn with the phone's occupation, saves the bio typed in it.
    await store.data.saveProfileSection('personal', { job: '', bio: 'Waves' }, opened, shown);
    expect((await onlyWaiting()).args).toEqual({
      section: 'personal',
      fields: { bio: 'Waves' },
      base: 0,
    });
    expect((await store.data.loadProfile()).personal).toEqual({ job: 'Painter', bio: 'Waves' });
  });

  it("never goes against a version above the one the device holds, nor a waiting save's", async () => {
    await store.data.saveProfileSection('social', { twitter: 'ada' }, 9);
    expect((await onlyWaiting()).args).toMatchObject({ base: 0 });
    const first = await onlyWaiting();
    await answer([{ id: first.id, status: 'applied', version: 4, fields: { twitter: 'ada' } }]);
    await store.data.saveProfileSection('social', { twitter: 'ada', instagram: 'ig' }, 4);
    // A second form, opened before version 4, saves while the first save waits: the older base.
    await store.data.saveProfileSection('social', { twitter: 'ada2', instagram: 'ig' }, 1);
    expect((await onlyWaiting()).args).toEqual({
      section: 'social',
      fields: { twitter: 'ada2', instagram: 'ig' },
      base: 1,
    });
    await expect(store.data.saveProfileSection('social', {}, -1)).rejects.toThrow(/base version/);
  });
});
