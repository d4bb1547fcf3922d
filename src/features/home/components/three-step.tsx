// Three-step block (docs/product.md "Shared blocks": Create Item, Collect, Sell Item): how the
// marketplace works, each step with a link to where it happens.
//
// Props:
// - title / subtitle: the section heading (h2). Default "Create, collect and sell".
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { ChevronEndIcon } from '@/components/ui/content-icons';
import { BlockSection, type BlockHeadingProps } from '@/components/blocks/block-section';
import styles from './three-step.module.css';

export type ThreeStepProps = BlockHeadingProps;

interface Step {
  title: string;
  text: string;
  link: { to: string; label: string };
  icon: ReactNode;
}

const STEPS: Step[] = [
  {
    title: 'Create Item',
    text: 'Upload your artwork, give it a title and a price. It is saved on your device at once.',
    link: { to: paths.uploadWork, label: 'Upload your work' },
    icon: <path d="M12 5v14M5 12h14" />,
  },
  {
    title: 'Collect',
    text: 'Browse art, music, games and more; favourite what you love and follow its creator.',
    link: { to: paths.exploreOne, label: 'Explore items' },
    icon: <path d="M4 7h16l-1.5 12h-13zM9 7a3 3 0 0 1 6 0" />,
  },
  {
    title: 'Sell Item',
    text: 'Connect a wallet, open an auction and watch the bids arrive on the live countdown.',
    link: { to: paths.wallet, label: 'Connect a wallet' },
    icon: <path d="M3 12h4l3-8 4 16 3-8h4" />,
  },
];

export function ThreeStep({
  title = 'Create, collect and sell',
  subtitle = 'Three steps from a sketch on your desk to a piece in a collector’s wallet.',
  className,
}: ThreeStepProps) {
  return (
    <BlockSection title={title} subtitle={subtitle} align="center" className={className}>
      <ol className={`tile-list ${styles.steps}`}>
        {STEPS.map((step, i) => (
          <li key={step.title} className={`surface-raised ${styles.step}`}>
            <span className={styles.icon} aria-hidden="true">
              <svg
                viewBox="0 0 24 24"
                width="28"
                height="28"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
                strokeLinejoin="round"
              >
                {step.icon}
              </svg>
              <span className={styles.number}>{i + 1}</span>
            </span>
            <h3 className={styles.title}>{step.title}</h3>
            <p className={styles.text}>{step.text}</p>
            <Link to={step.link.to} className={styles.link}>
              {step.link.label}
              <ChevronEndIcon />
            </Link>
          </li>
        ))}
      </ol>
    </BlockSection>
  );
}
