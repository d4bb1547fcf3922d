// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { describeSaved } from '../saved-kinds';

describe('describeSaved (thank-you page)', () => {
  it('says what was saved and where to see it', () => {
    const d = describeSaved('support', null);
    expect(d.message).toMatch(
      /support request is saved on this device and sent to the Artmint team/,
    );
    expect(d.next).toEqual({ label: 'See it in Settings', to: '/creator-profile-edit' });
  });

  it('follows a same-app next path only', () => {
    expect(describeSaved('contact', '/contact').next).toEqual({
      label: 'Continue',
      to: '/contact',
    });
    expect(describeSaved('contact', 'https://evil.example').next?.to).toBe('/creator-profile-edit');
    expect(describeSaved('contact', '//evil.example').next?.to).toBe('/creator-profile-edit');
  });

  it('has a friendly default for an unknown kind, and for kinds nothing leads to', () => {
    for (const kind of ['newsletter', 'upload', 'creator', 'toString']) {
      expect(describeSaved(kind, null)).toEqual(describeSaved('???', null));
    }
    const d = describeSaved('???', null);
    expect(d.message).toMatch(/kept on this device and synced when you are online/);
    expect(d.next).toBeNull();
  });
});
