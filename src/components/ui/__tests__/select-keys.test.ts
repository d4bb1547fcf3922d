// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { findByTypeahead, nextIndexForKey } from '../select-keys';

describe('nextIndexForKey', () => {
  it('moves by one with the arrows and stops at the ends', () => {
    expect(nextIndexForKey('ArrowDown', 2, 8, 5)).toBe(3);
    expect(nextIndexForKey('ArrowDown', 7, 8, 5)).toBe(7);
    expect(nextIndexForKey('ArrowUp', 0, 8, 5)).toBe(0);
    expect(nextIndexForKey('ArrowUp', -1, 8, 5)).toBe(7);
    expect(nextIndexForKey('ArrowDown', -1, 8, 5)).toBe(0);
  });

  it('moves by a page and jumps to the ends', () => {
    expect(nextIndexForKey('PageDown', 1, 20, 5)).toBe(6);
    expect(nextIndexForKey('PageDown', 18, 20, 5)).toBe(19);
    expect(nextIndexForKey('PageUp', 9, 20, 5)).toBe(4);
    expect(nextIndexForKey('PageUp', 3, 20, 5)).toBe(0);
    expect(nextIndexForKey('Home', 9, 20, 5)).toBe(0);
    expect(nextIndexForKey('End', 0, 20, 5)).toBe(19);
  });

  it('ignores other keys and empty lists', () => {
    expect(nextIndexForKey('a', 1, 8, 5)).toBeNull();
    expect(nextIndexForKey('ArrowDown', 0, 0, 5)).toBeNull();
  });
});

describe('findByTypeahead', () => {
  const labels = ['Art', 'Domain Names', 'Music', 'Memes', 'Art Deco'];

  it('finds the next label starting with a letter, wrapping round', () => {
    expect(findByTypeahead(labels, 'm', -1)).toBe(2);
    expect(findByTypeahead(labels, 'm', 2)).toBe(3);
    expect(findByTypeahead(labels, 'mm', 3)).toBe(2);
    expect(findByTypeahead(labels, 'A', 4)).toBe(0);
  });

  it('narrows with a longer prefix and may stay on the current option', () => {
    expect(findByTypeahead(labels, 'me', 2)).toBe(3);
    expect(findByTypeahead(labels, 'art ', 0)).toBe(4);
    expect(findByTypeahead(labels, 'ar', 0)).toBe(0);
  });

  it('returns -1 when nothing matches', () => {
    expect(findByTypeahead(labels, 'z', 0)).toBe(-1);
    expect(findByTypeahead([], 'a', 0)).toBe(-1);
    expect(findByTypeahead(labels, '', 0)).toBe(-1);
  });
});
