// The frame every shared block sits in: a section named by its heading (h2), the heading row with
// an optional action at its end, then the block's own content.
//
//   <BlockSection title="Live Auctions" action={<MoreLink to={paths.auction}>All auctions</MoreLink>}>
//     ...cards...
//   </BlockSection>
//
// Without a title there is no heading and the section has no accessible name.
import { useId, type ReactNode } from 'react';
import { LinkButton } from '@/components/ui/button';
import { ChevronEndIcon } from '@/components/ui/content-icons';
import { SectionHeading, type SectionHeadingProps } from '@/components/ui/section-heading';
import styles from './block-section.module.css';
import { classNames } from '@/lib/class-names';

/** What every block's heading takes: its title and subtitle, and a class for the section. */
export interface BlockHeadingProps {
  title?: string;
  subtitle?: string;
  className?: string;
}

export interface BlockSectionProps extends BlockHeadingProps {
  /** A link or control at the end of the heading row. */
  action?: ReactNode;
  align?: SectionHeadingProps['align'];
  children: ReactNode;
}

export function BlockSection({
  title,
  subtitle,
  action,
  align,
  className,
  children,
}: BlockSectionProps) {
  const headingId = useId();
  return (
    <section
      className={classNames(styles.section, className)}
      aria-labelledby={title ? headingId : undefined}
    >
      {title && (
        <SectionHeading
          id={headingId}
          title={title}
          subtitle={subtitle}
          action={action}
          align={align}
        />
      )}
      {children}
    </section>
  );
}

/** A block's "see more" link: a small secondary button ending in a chevron. */
export function MoreLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <LinkButton to={to} variant="secondary" size="sm">
      {children}
      <ChevronEndIcon />
    </LinkButton>
  );
}
