-- artmint_fold of a text with other characters than ASCII's (docs/database.md "Folding"):
-- shared/fold.ts foldText, step for step and table for table (server/db/fold-parity.test.ts
-- holds them equal): NFKD, the marks of FOLD_MARK_RANGES removed, FOLD_FROM's letters into
-- FOLD_TO's, FOLD_WIDE's into two. No unaccent and no lower() but under collation "C" (ASCII's
-- capitals alone): both answer by the database's dictionary and locale, the app's folding by
-- neither. translate() reads its whole table for each character it is given, so it is given
-- the runs of other characters than ASCII's alone.
CREATE OR REPLACE FUNCTION artmint_deep_fold(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT CASE WHEN v ~ '^[\x01-\x7f]*$'
      THEN lower(v COLLATE pg_catalog."C")
      ELSE (SELECT string_agg(CASE WHEN r[1] ~ '^[\x01-\x7f]'
          THEN lower(r[1] COLLATE pg_catalog."C")
          ELSE replace(replace(replace(replace(translate(r[1],
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
            'ß', 'ss'), 'æ', 'ae'), 'œ', 'oe'), 'þ', 'th') END, '' ORDER BY n)
        FROM regexp_matches(v, '[\x01-\x7f]+|[^\x01-\x7f]+', 'g') WITH ORDINALITY AS m(r, n))
      END
    FROM (SELECT regexp_replace(normalize(value, NFKD),
        '[\u0300-\u036f\u0483-\u0489\u0591-\u05bd\u05bf\u05c1\u05c2\u05c4\u05c5\u05c7'
        '\u0610-\u061a\u064b-\u065f\u0670\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff'
        '\ufe20-\ufe2f]+', '', 'g') AS v) folded $$;
