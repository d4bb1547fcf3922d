// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { formatBytes } from '../format-bytes';

describe('formatBytes', () => {
  it.each([
    [0, '0 bytes'],
    [-5, '0 bytes'],
    [Number.NaN, '0 bytes'],
    [1, '1 byte'],
    [512, '512 bytes'],
    [1024, '1.0 KB'],
    [1536, '1.5 KB'],
    [20 * 1024, '20 KB'],
    [3.25 * 1024 * 1024, '3.3 MB'],
    [2 * 1024 ** 3, '2.0 GB'],
  ])('%s bytes reads "%s"', (bytes, text) => {
    expect(formatBytes(bytes)).toBe(text);
  });
});
