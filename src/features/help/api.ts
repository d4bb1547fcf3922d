// Help-centre reads (docs/product.md "Help centre"; "Fixed values": FAQs 4 sections of 4, Q&A 4).
import { FAQ_PER_SECTION, FAQ_SECTIONS, QA_ENTRIES } from '@/config/constants';
import { getDataAccess } from '@/data/data-access';
import type { FaqEntry, FaqSection } from '@/data/types';

export async function loadFaqSections(): Promise<FaqSection[]> {
  const sections = await getDataAccess().listFaqSections();
  return sections
    .slice(0, FAQ_SECTIONS)
    .map((section) => ({ ...section, entries: section.entries.slice(0, FAQ_PER_SECTION) }));
}

export interface HelpOverviewData {
  /** The "Get Started" accordion. */
  getStarted: FaqEntry[];
  /** Searched together with the guides. */
  faqSections: FaqSection[];
}

export async function loadHelpOverview(): Promise<HelpOverviewData> {
  const [qa, faqSections] = await Promise.all([getDataAccess().listQa(), loadFaqSections()]);
  return { getStarted: qa.slice(0, QA_ENTRIES), faqSections };
}
