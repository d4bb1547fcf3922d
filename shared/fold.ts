// How search compares words, one folding for the device and the database (docs/database.md
// "Folding"): the database's artmint_fold and artmint_search_key
// (server/migrations/functions/) are these steps with these tables, written in SQL, and
// server/db/fold-parity.test.ts runs every letter of the blocks they cover through both.
// Nothing here asks the locale: PostgreSQL's lower() and [:alnum:] follow the database's ctype
// (only ASCII under the "C" locale), so case and separators are tables of their own.

/** Combining marks (accents, Hebrew and Arabic points), removed after NFKD: ranges of code points. */
export const FOLD_MARK_RANGES: readonly (readonly [number, number])[] = [
  [0x0300, 0x036f],
  [0x0483, 0x0489],
  [0x0591, 0x05bd],
  [0x05bf, 0x05bf],
  [0x05c1, 0x05c2],
  [0x05c4, 0x05c5],
  [0x05c7, 0x05c7],
  [0x0610, 0x061a],
  [0x064b, 0x065f],
  [0x0670, 0x0670],
  [0x1ab0, 0x1aff],
  [0x1dc0, 0x1dff],
  [0x20d0, 0x20ff],
  [0xfe20, 0xfe2f],
];

/**
 * Letters folded one for one, each of FOLD_FROM into the letter at its place in FOLD_TO: the
 * capitals of Latin, Greek and Cyrillic that NFKD leaves whole, in lower case, and the letters
 * with a stroke or without a dot that no decomposition takes apart (ø, ł, đ, ð, ħ, ŧ, ı...).
 */
export const FOLD_FROM =
  'ABCDEFGHIJKLMNOPQRSTUVWXYZÆÐØÞĐĦŁŊŒŦƁƂƄƆƇƉƊƋƎƏƐƑƓƔƖƗƘƜƝƟƢƤƦƧ' +
  'ƩƬƮƱƲƳƵƷƸƼǤǶǷȜȠȢȤȺȻȽȾɁɃɄɅɆɈɊɌɎͰͲͶͿΑΒΓΔΕΖΗΘΙΚΛΜΝΞΟΠΡΣΤΥΦΧΨΩϏϘ' +
  'ϚϜϞϠϢϤϦϨϪϬϮϷϺϽϾϿЂЄЅІЈЉЊЋЏАБВГДЕЖЗИКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯѠѢѤѦ' +
  'ѨѪѬѮѰѲѴѸѺѼѾҀҊҌҎҐҒҔҖҘҚҜҞҠҢҤҦҨҪҬҮҰҲҴҶҸҺҼҾӀӃӅӇӉӋӍӔӘӠӨӶӺӼӾԀԂԄԆԈԊ' +
  'ԌԎԐԒԔԖԘԚԜԞԠԢԤԦԨԪԬԮẞỺỼỾøłđðħŧıςƀɨƶȥɍɏŋ';
export const FOLD_TO =
  'abcdefghijklmnopqrstuvwxyzædoþdhlnœtɓƃƅɔƈɖɗƌǝəɛƒɠɣɩiƙɯɲɵƣƥʀƨ' +
  'ʃƭʈʊʋƴzʒƹƽǥƕƿȝƞȣzⱥȼƚⱦɂbʉʌɇɉɋryͱͳͷϳαβγδεζηθικλμνξοπρστυφχψωϗϙ' +
  'ϛϝϟϡϣϥϧϩϫϭϯϸϻͻͼͽђєѕіјљњћџабвгдежзиклмнопрстуфхцчшщъыьэюяѡѣѥѧ' +
  'ѩѫѭѯѱѳѵѹѻѽѿҁҋҍҏґғҕҗҙқҝҟҡңҥҧҩҫҭүұҳҵҷҹһҽҿӏӄӆӈӊӌӎӕәӡөӷӻӽӿԁԃԅԇԉԋ' +
  'ԍԏԑԓԕԗԙԛԝԟԡԣԥԧԩԫԭԯßỻỽỿolddhtiσbizzryn';

/** Letters folded into two, after FOLD_FROM's (which brings their capitals here). */
export const FOLD_WIDE: Readonly<Record<string, string>> = { ß: 'ss', æ: 'ae', œ: 'oe', þ: 'th' };

/**
 * What separates words once folded: ASCII's and Latin-1's punctuation and symbols, a few of
 * Greek's, Armenian's, Hebrew's and Arabic's, the general punctuation and symbol blocks, CJK's
 * punctuation and the emoji (FOLD_EMOJI, written apart: the escape differs in SQL). Every other
 * character is part of a word.
 */
export const FOLD_SEPARATORS =
  '\\u0001-\\u002f\\u003a-\\u0040\\u005b-\\u0060\\u007b-\\u00bf\\u00d7\\u00f7\\u037e\\u0387' +
  '\\u055a-\\u055f\\u0589\\u058a\\u05be\\u05c0\\u05c3\\u05c6\\u05f3\\u05f4\\u060c\\u060d' +
  '\\u061b\\u061f\\u066a-\\u066d\\u06d4\\u2000-\\u2bff\\u2e00-\\u2e7f\\u3000-\\u303f' +
  '\\ufe10-\\ufe1f\\ufe30-\\ufe6f\\ufeff\\uff01-\\uff0f\\uff1a-\\uff20\\uff3b-\\uff40' +
  '\\uff5b-\\uff65\\ufff0-\\ufffd';
/** The emoji and pictographs (U+1F000 to U+1FAFF), separators too. */
export const FOLD_EMOJI = '\\u{1f000}-\\u{1faff}';

const isMark = (c: string) => {
  const cp = c.codePointAt(0) ?? 0;
  return FOLD_MARK_RANGES.some(([from, to]) => cp >= from && cp <= to);
};
const FROM = [...FOLD_FROM];
const TO = [...FOLD_TO];
const LETTERS = new Map<string, string>([
  ...FROM.map((from, i): [string, string] => {
    const to = TO[i] ?? from;
    return [from, FOLD_WIDE[to] ?? to];
  }),
  ...Object.entries(FOLD_WIDE),
]);
const escaped = (c: string) => `\\u{${(c.codePointAt(0) ?? 0).toString(16)}}`;
const LETTERS_RE = new RegExp(`[${[...LETTERS.keys()].map(escaped).join('')}]`, 'gu');
const SEPARATORS_RE = new RegExp(`[${FOLD_SEPARATORS}${FOLD_EMOJI}]+`, 'gu');

/**
 * Text as search compares it: NFKD (accents apart, ligatures and compatibility forms spelt
 * out: "ﬁ" is "fi"), the marks removed, then the letters of FOLD_FROM and FOLD_WIDE folded:
 * "Søren Æbelø" is "soren aebelo", "Straße" "strasse", "Łódź" "lodz".
 */
export function foldText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[^\0-\u02ff]/gu, (c) => (isMark(c) ? '' : c))
    .replace(LETTERS_RE, (c) => LETTERS.get(c) ?? c);
}

/** foldText, then every run of separators one space, none at the ends: "Neon-Cat!" is "neon cat". */
export function searchKey(text: string): string {
  return foldText(text).replace(SEPARATORS_RE, ' ').replace(/^ | $/g, '');
}

/** Words of a search, at most (the rest are ignored). */
export const SEARCH_WORDS_MAX = 8;

/** The words of a search as they are compared (the server's search and its saved searches):
 * searchKey's words, each cut to 40 characters, SEARCH_WORDS_MAX at most. */
export function searchWords(q: string): string[] {
  return searchKey(q)
    .split(' ')
    .filter((word) => word.length > 0)
    .map((word) => word.slice(0, 40))
    .slice(0, SEARCH_WORDS_MAX);
}
