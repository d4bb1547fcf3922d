import type { MouseEvent } from 'react';
import { Breadcrumb } from '@/components/ui/breadcrumb';
import { helpFaqsSection, paths } from '@/config/paths';
import type { FaqSection as FaqSectionData } from '@/data/types';
import { useActiveSection } from '../use-active-section';
import { FaqSection } from './faq-section';
import { GetInTouch } from './get-in-touch';
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
 * FAQs (spec section 2): breadcrumb home > help centre overview > FAQs; a sticky side menu of
 * four smooth-scrolling anchors; four sections, each an accordion of four questions.
 */
export function HelpFaqs({ sections }: { sections: FaqSectionData[] }) {
  const active = useActiveSection(sections.map((section) => section.id));
  return (
    <div className={`container ${styles.faqPage}`}>
      <Breadcrumb
        items={[
          { label: 'Home', to: paths.home },
          { label: 'Help centre', to: paths.helpOverview },
          { label: 'FAQs' },
        ]}
      />
      <header className={styles.head}>
        <h1 className={styles.pageTitle}>Frequently asked questions</h1>
        <p className={styles.lead}>
          Quick answers about buying, selling, payments and getting help. Pick a section on the
          side, or scroll through.
        </p>
      </header>
      <div className={styles.faqLayout}>
        <nav className={styles.sideMenu} aria-label="FAQ sections">
          <ul className={styles.sideList}>
            {sections.map((section) => (
              <li key={section.id}>
                <a
                  href={helpFaqsSection(section.id)}
                  className={styles.sideLink}
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
    </div>
  );
}
