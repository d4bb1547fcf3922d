import type { ReactNode } from 'react';
import { PageHead, type PageHeadProps } from '@/components/ui/page-head';
import styles from './page-layout.module.css';
import { classNames } from '@/lib/class-names';

export interface PageLayoutProps extends PageHeadProps {
  className?: string;
  children: ReactNode;
}

/** A screen in the site container: its head (breadcrumb, h1, lead), then its sections. */
export function PageLayout({ className, children, ...head }: PageLayoutProps) {
  const variant = head.variant ?? 'listing';
  return (
    <div className={classNames('container', styles[variant], className)}>
      <PageHead {...head} />
      {children}
    </div>
  );
}
