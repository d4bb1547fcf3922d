import type { MouseEvent } from 'react';
import { PageLayout } from '@/components/layout/page-layout';
import { helpFaqsSection } from '@/config/paths';
import type { FaqSection as FaqSectionData } from '@/data/types';
import { useActiveSection } from '../use-active-section';
import { FaqSection } from './faq-section';
import { GetInTouch } from './get-in-touch';
import { helpCrumbs } from './help-crumbs';
import styles from './help.module.css';

function prefersReducedMotion(): boolean {
  return window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
}

/** Smooth-scrolls to a section (instantly under reduced motion) and moves focus to its title. */
function jumpTo(event: MouseEvent<HTMLAnchorElement>, sectionId: string) {
  const target = document.getElementById(sectionId);
  if (!target) return;
  event.preventDefault();
  target.scrollIntoView({ behavior: prefersReducedMotion() ? 'auto' : 'smooth', block: 'start' });
  document.getElementById(`${sectionId}-title`)?.focus({ preventScroll: true });
  window.history.replaceState(window.history.state, '', `#${sectionId}`);
}

/**
 * FAQs (docs/product.md "Help centre"): breadcrumb home > help centre overview > FAQs; a sticky
 * side menu of four smooth-scrolling anchors; four sections, each an accordion of four questions.
 */
export function HelpFaqs({ sections }: { sections: FaqSectionData[] }) {
  const active = useActiveSection(sections.map((section) => section.id));
  return (
    <PageLayout
      variant="content"
      crumbs={helpCrumbs('FAQs')}
      title="Frequently asked questions"
      lead="Quick answers about buying, selling, payments and getting help. Pick a section on the side, or scroll through."
    >
      <div className={styles.faqLayout}>
        <nav className={styles.sideMenu} aria-label="FAQ sections">
          <ul className={`surface-panel ${styles.sideList}`}>
            {sections.map((section) => (
              <li key={section.id}>
                <a
                  href={helpFaqsSection(section.id)}
                  className={`side-link ${styles.sideLink}`}
                  aria-current={section.id === active ? 'location' : undefined}
                  onClick={(event) => jumpTo(event, section.id)}
                >
                  {section.title}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className={styles.faqSections}>
          {sections.map((section) => (
            <FaqSection key={section.id} section={section} />
          ))}
          <GetInTouch />
        </div>
      </div>
    </PageLayout>
  );
}
