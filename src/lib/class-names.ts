/** The class names given, the empty and missing ones left out, joined for a className. */
export function classNames(...names: (string | false | null | undefined)[]): string {
  return names.filter(Boolean).join(' ');
}
