// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { faqSections } from '@/data/sample/faqs';
import { guideGroups } from '../guides';
import { matchScore, queryTerms, searchHelp } from '../search';

describe('help search (filters questions and guides as you type)', () => {
  it('splits and folds the query into words', () => {
    expect(queryTerms('  Wallét, SAFE ')).toEqual(['wallet', 'safe']);
    expect(queryTerms('  ')).toEqual([]);
  });

  it('needs every word; a title match ranks above a text match', () => {
    expect(matchScore(['bid'], 'Place a bid', '')).toBe(2);
    expect(matchScore(['bid'], 'Buy now', 'or place a bid')).toBe(1);
    expect(matchScore(['bid', 'zebra'], 'Place a bid', '')).toBe(0);
  });

  it('finds FAQ questions with their section and an anchor on the FAQs page', () => {
    const { questions } = searchHelp('designer', faqSections, guideGroups);
    expect(questions).toHaveLength(4);
    expect(questions.map((q) => q.sectionTitle)).toEqual([
      'Buying Questions',
      'General Questions',
      'Payments Questions',
      'Support Questions',
    ]);
    expect(questions[0]?.href).toBe('/helpcenter-faqs#buying');
  });

  it('finds guides and links to the topic on the guides page', () => {
    const { guides } = searchHelp('recovery phrase', faqSections, guideGroups);
    expect(guides.map((g) => g.title)).toEqual(['Keep your wallet safe']);
    expect(guides[0]?.href).toBe('/helpcenter-guides#wallet-safety');
  });

  it('returns nothing for an empty query or words that match nothing', () => {
    expect(searchHelp('', faqSections, guideGroups)).toEqual({ questions: [], guides: [] });
    expect(searchHelp('xylophone', faqSections, guideGroups)).toEqual({
      questions: [],
      guides: [],
    });
  });
});
