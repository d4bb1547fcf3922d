// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { loginReturningTo, safeReturnPath, signupReturningTo } from '../paths';

describe('return paths (login and signup ?next=)', () => {
  it('accepts the pages of this app, with their query and hash', () => {
    expect(safeReturnPath('/item-detail/2')).toBe('/item-detail/2');
    expect(safeReturnPath('/upload-work')).toBe('/upload-work');
    expect(safeReturnPath('/explore-one?q=bloom#top')).toBe('/explore-one?q=bloom#top');
    expect(safeReturnPath('/index-two')).toBe('/index-two');
  });

  it('refuses other origins, odd spellings and paths the app does not have', () => {
    for (const next of [
      null,
      '',
      'https://evil.example/item-detail/2',
      '//evil.example/item-detail/2',
      '/\\evil.example',
      'item-detail/2',
      '/item-detail/2/../../x',
      '/no-such-page',
      '/item-detail/2/extra',
      'javascript:alert(1)',
    ]) {
      expect(safeReturnPath(next), String(next)).toBeNull();
    }
  });

  it('builds login and signup addresses that carry only a safe return path', () => {
    expect(loginReturningTo('/item-detail/2')).toBe('/login?next=%2Fitem-detail%2F2');
    expect(signupReturningTo('/become-creator')).toBe('/signup?next=%2Fbecome-creator');
    expect(loginReturningTo('https://evil.example')).toBe('/login');
    expect(signupReturningTo(null)).toBe('/signup');
  });
});
