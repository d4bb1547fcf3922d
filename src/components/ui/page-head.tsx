import type { ReactNode } from 'react';
import { Breadcrumb, type BreadcrumbItem } from './breadcrumb';
import text from '@/styles/text.module.css';
import styles from './page-head.module.css';

export interface PageHeadProps {
  /** The breadcrumb trail, ending with the current page. */
  crumbs: BreadcrumbItem[];
  /** The page's one h1. */
  title: ReactNode;
  lead?: ReactNode;
  /** A short line above the title (content screens). */
  eyebrow?: ReactNode;
  /**
   * "listing" (auctions, collections, activity, explore): the breadcrumb inside the head, close
   * to the title. "content" (blog, contact, help): the breadcrumb above the head, spaced by the
   * page's own gap.
   */
  variant?: 'listing' | 'content';
}

/** A screen's head: breadcrumb, optional eyebrow, the h1 and a lead paragraph. */
export function PageHead({ crumbs, title, lead, eyebrow, variant = 'listing' }: PageHeadProps) {
  const listing = variant === 'listing';
  const breadcrumb = <Breadcrumb items={crumbs} />;
  return (
    <>
      {!listing && breadcrumb}
      <header className={`${styles.head} ${styles[variant]}`}>
        {listing && breadcrumb}
        {eyebrow && <p className={text.eyebrow}>{eyebrow}</p>}
        <h1 className={styles.title}>{title}</h1>
        {lead !== undefined && <p className={text.lead}>{lead}</p>}
      </header>
    </>
  );
}
