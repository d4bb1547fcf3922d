// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { foldText, searchKey } from '../fold';
import { FOLDED_WORDS } from './fold-words';

describe('search folding', () => {
  it.each(FOLDED_WORDS)('folds %j as the database does', (word, folded, key) => {
    expect(foldText(word)).toBe(folded);
    expect(searchKey(word)).toBe(key);
  });
});
