// Pure keyboard helpers for the Select listbox (tested on their own).

/**
 * The option index a navigation key moves to, clamped to the list (no wrapping, like a native
 * select): arrows by 1, PageUp/PageDown by `pageSize`, Home/End to the ends. Null for other keys.
 */
export function nextIndexForKey(
  key: string,
  current: number,
  count: number,
  pageSize: number,
): number | null {
  if (count <= 0) return null;
  const last = count - 1;
  const clamp = (i: number) => Math.min(last, Math.max(0, i));
  switch (key) {
    case 'ArrowDown':
      return clamp(current < 0 ? 0 : current + 1);
    case 'ArrowUp':
      return clamp(current < 0 ? last : current - 1);
    case 'PageDown':
      return clamp(current + pageSize);
    case 'PageUp':
      return clamp(current - pageSize);
    case 'Home':
      return 0;
    case 'End':
      return last;
    default:
      return null;
  }
}

/**
 * The index of the option matching typed text, searching after `from` and wrapping. Repeating one
 * letter ("aaa") cycles through the options starting with it; a longer prefix ("ar") narrows the
 * match and may stay on the current option. -1 when nothing matches.
 */
export function findByTypeahead(labels: string[], typed: string, from: number): number {
  if (!typed || labels.length === 0) return -1;
  const text = typed.toLowerCase();
  const first = text.charAt(0);
  const repeated = [...text].every((c) => c === first);
  const search = repeated ? first : text;
  const start = repeated ? from + 1 : Math.max(from, 0);
  for (let i = 0; i < labels.length; i += 1) {
    const index = (((start + i) % labels.length) + labels.length) % labels.length;
    if ((labels[index] ?? '').toLowerCase().startsWith(search)) return index;
  }
  return -1;
}
