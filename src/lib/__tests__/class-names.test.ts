// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { classNames } from '../class-names';

describe('classNames', () => {
  it('joins the names given with single spaces', () => {
    expect(classNames('card', 'pad-sm', 'interactive')).toBe('card pad-sm interactive');
  });
  it('leaves out empty, false, null and undefined names', () => {
    expect(classNames('card', '', false, null, undefined, 'own')).toBe('card own');
  });
  it('gives an empty string when no name is set', () => {
    expect(classNames(undefined, false)).toBe('');
  });
});
