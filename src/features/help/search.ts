// The help-centre search (docs/product.md "Help centre" search box): filters the FAQ
// questions and the guides as you type. Every word of the query must appear in the title or
// the text (case- and accent-insensitive); titles that match rank first.
import { helpFaqsSection, helpGuidesTopic } from '@/config/paths';
import type { FaqSection } from '@/data/types';
import type { GuideGroup } from './guides';

export interface QuestionHit {
  key: string;
  title: string;
  content: string;
  sectionTitle: string;
  href: string;
}

export interface GuideHit {
  key: string;
  title: string;
  summary: string;
  heading: string;
  href: string;
}

export interface HelpResults {
  questions: QuestionHit[];
  guides: GuideHit[];
}

function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

/** The words of a query, folded; empty when there is nothing to search for. */
export function queryTerms(query: string): string[] {
  return fold(query)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/** 2 when every term is in the title, 1 when every term is in title + text, else 0. */
export function matchScore(terms: readonly string[], title: string, text: string): number {
  if (terms.length === 0) return 0;
  const t = fold(title);
  if (terms.every((term) => t.includes(term))) return 2;
  const all = `${t} ${fold(text)}`;
  return terms.every((term) => all.includes(term)) ? 1 : 0;
}

function ranked<T>(scored: Array<{ hit: T; score: number }>): T[] {
  return scored
    .filter((entry) => entry.score > 0)
    .sort((a, b) => b.score - a.score)
    .map((entry) => entry.hit);
}

export function filterGuides(terms: readonly string[], groups: readonly GuideGroup[]): GuideHit[] {
  return ranked(
    groups.flatMap((group) =>
      group.topics.map((topic) => ({
        hit: {
          key: `${group.id}-${topic.id}`,
          title: topic.title,
          summary: topic.summary,
          heading: group.heading,
          href: helpGuidesTopic(topic.id),
        },
        score: matchScore(terms, topic.title, `${topic.summary} ${group.heading}`),
      })),
    ),
  );
}

export function searchHelp(
  query: string,
  sections: readonly FaqSection[],
  groups: readonly GuideGroup[],
): HelpResults {
  const terms = queryTerms(query);
  if (terms.length === 0) return { questions: [], guides: [] };
  const questions = ranked(
    sections.flatMap((section) =>
      section.entries.map((entry, index) => ({
        hit: {
          key: `${section.id}-${index}`,
          title: entry.title,
          content: entry.content,
          sectionTitle: section.title,
          href: helpFaqsSection(section.id),
        },
        score: matchScore(terms, entry.title, `${entry.content} ${section.title}`),
      })),
    ),
  );
  return { questions, guides: filterGuides(terms, groups) };
}
