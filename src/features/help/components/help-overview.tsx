import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Accordion, useResetToFirstAccordion } from '@/components/ui/accordion';
import { Breadcrumb } from '@/components/ui/breadcrumb';
import { ChevronEndIcon } from '@/components/ui/content-icons';
import { paths } from '@/config/paths';
import type { HelpOverviewData } from '../api';
import { GetInTouch } from './get-in-touch';
import { HelpSearch } from './help-search';
import text from '@/styles/text.module.css';
import styles from './help.module.css';

const CARDS = [
  {
    to: paths.helpFaqs,
    title: 'FAQs',
    text: 'Answers about buying, payments, selling and support, in four short sections.',
  },
  {
    to: paths.helpGuides,
    title: 'Guides',
    text: 'Step-by-step topics: your account, bidding, uploading work and keeping data safe.',
  },
  {
    to: paths.helpSupport,
    title: 'Support Request',
    text: 'Still stuck? Send us a request and we will reply by email.',
  },
] as const;

export interface HelpOverviewProps {
  data: HelpOverviewData;
  /** The support request form (composed by the route). */
  supportForm: ReactNode;
}

/**
 * Help centre overview (docs/product.md "Help centre"): a heading asking how to help, the search
 * box, three cards to FAQs, Guides and Support Request, the "Get Started" accordion
 * (docs/product.md "States": one open, default first; pressing the open one resets to the first)
 * and a support request form.
 */
export function HelpOverview({ data, supportForm }: HelpOverviewProps) {
  const [openIndex, onChange] = useResetToFirstAccordion(0);
  return (
    <div className={styles.page}>
      <section className={styles.hero} aria-labelledby="help-title">
        <div className={`container ${styles.heroInner}`}>
          <Breadcrumb items={[{ label: 'Home', to: paths.home }, { label: 'Help centre' }]} />
          <h1 id="help-title" className={text.heroTitle}>
            How can we help you?
          </h1>
          <p className={text.lead}>Search the questions and guides, or pick a topic below.</p>
          <HelpSearch faqSections={data.faqSections} />
        </div>
      </section>

      <section className="container" aria-labelledby="help-topics-title">
        <h2 id="help-topics-title" className="visually-hidden">
          Help topics
        </h2>
        <ul className="tile-list">
          {CARDS.map((card) => (
            <li key={card.to} className={`surface-raised ${styles.topicCard}`}>
              <h3 className={styles.topicTitle}>
                <Link to={card.to} className={styles.topicLink}>
                  {card.title}
                </Link>
              </h3>
              <p className={styles.muted}>{card.text}</p>
              <ChevronEndIcon className={styles.topicArrow} />
            </li>
          ))}
        </ul>
      </section>

      <section className={`container ${styles.narrow}`} aria-labelledby="get-started-title">
        <h2 id="get-started-title" className={styles.sectionTitle}>
          Get Started
        </h2>
        <Accordion
          items={data.getStarted.map((entry) => ({ title: entry.title, content: entry.content }))}
          openIndex={openIndex}
          onChange={onChange}
          idPrefix="get-started"
        />
      </section>

      <div className={`container ${styles.narrow}`}>
        <GetInTouch>{supportForm}</GetInTouch>
      </div>
    </div>
  );
}
