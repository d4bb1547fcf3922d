-- Text as search compares it (docs/database.md "Folding"): shared/fold.ts foldText, step for
-- step and table for table (server/db/fold-parity.test.ts holds them equal): NFKD, the marks of
-- FOLD_MARK_RANGES removed, FOLD_FROM's letters into FOLD_TO's, FOLD_WIDE's into two. No lower()
-- and no unaccent: both answer by the database's locale and dictionary, the app's folding by
-- neither. Immutable (normalize and translate are), as the generated columns and indexes that
-- store its answers need; it names no function of ours, so a restore's empty search_path finds
-- everything it calls.
CREATE OR REPLACE FUNCTION artmint_fold(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT replace(replace(replace(replace(translate(
    regexp_replace(normalize(value, NFKD),
      '[\u0300-\u036f\u0483-\u0489\u0591-\u05bd\u05bf\u05c1\u05c2\u05c4\u05c5\u05c7'
      '\u0610-\u061a\u064b-\u065f\u0670\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff'
      '\ufe20-\ufe2f]+', '', 'g'),
    'ABCDEFGHIJKLMNOPQRSTUVWXYZÆÐØÞĐĦŁŊŒŦƁƂƄƆƇƉƊƋƎƏƐƑƓƔƖƗƘƜƝƟƢƤƦƧ'
    'ƩƬƮƱƲƳƵƷƸƼǤǶǷȜȠȢȤȺȻȽȾɁɃɄɅɆɈɊɌɎͰͲͶͿΑΒΓΔΕΖΗΘΙΚΛΜΝΞΟΠΡΣΤΥΦΧΨΩϏϘ'
    'ϚϜϞϠϢϤϦϨϪϬϮϷϺϽϾϿЂЄЅІЈЉЊЋЏАБВГДЕЖЗИКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯѠѢѤѦ'
    'ѨѪѬѮѰѲѴѸѺѼѾҀҊҌҎҐҒҔҖҘҚҜҞҠҢҤҦҨҪҬҮҰҲҴҶҸҺҼҾӀӃӅӇӉӋӍӔӘӠӨӶӺӼӾԀԂԄԆԈԊ'
    'ԌԎԐԒԔԖԘԚԜԞԠԢԤԦԨԪԬԮẞỺỼỾøłđðħŧıςƀɨƶȥɍɏŋ',
    'abcdefghijklmnopqrstuvwxyzædoþdhlnœtɓƃƅɔƈɖɗƌǝəɛƒɠɣɩiƙɯɲɵƣƥʀƨ'
    'ʃƭʈʊʋƴzʒƹƽǥƕƿȝƞȣzⱥȼƚⱦɂbʉʌɇɉɋryͱͳͷϳαβγδεζηθικλμνξοπρστυφχψωϗϙ'
    'ϛϝϟϡϣϥϧϩϫϭϯϸϻͻͼͽђєѕіјљњћџабвгдежзиклмнопрстуфхцчшщъыьэюяѡѣѥѧ'
    'ѩѫѭѯѱѳѵѹѻѽѿҁҋҍҏґғҕҗҙқҝҟҡңҥҧҩҫҭүұҳҵҷҹһҽҿӏӄӆӈӊӌӎӕәӡөӷӻӽӿԁԃԅԇԉԋ'
    'ԍԏԑԓԕԗԙԛԝԟԡԣԥԧԩԫԭԯßỻỽỿolddhtiσbizzryn'),
    'ß', 'ss'), 'æ', 'ae'), 'œ', 'oe'), 'þ', 'th') $$;

-- What stores its answers, computed again with this body: the creators' name_key and
-- handle_key (migration 019, generated: an update of the row computes them again), the narrow
-- rows search reads (migration 017) and the title words a near miss is compared with (a word
-- folded otherwise before stays, as a word whose last item went does).
UPDATE creators SET data = data;
UPDATE item_search s SET title_folded = f.title, title_words = f.title_words, words = f.words
FROM items i, artmint_search_fields(i.data) f
WHERE s.id = i.id;
INSERT INTO search_words (word)
SELECT DISTINCT artmint_title_words(artmint_fold(coalesce(i.data->>'title', ''))) FROM items i
ON CONFLICT DO NOTHING;
