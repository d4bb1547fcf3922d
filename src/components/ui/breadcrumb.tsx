import { Link } from 'react-router-dom';
import { ChevronEndIcon } from './content-icons';
import styles from './breadcrumb.module.css';
import { classNames } from '@/lib/class-names';

export interface BreadcrumbItem {
  label: string;
  /** Where the crumb links; the last crumb (the current page) needs none. */
  to?: string;
}

/** A breadcrumb trail: nav "Breadcrumb", an ordered list, the last item marked as current. */
export function Breadcrumb({ items, className }: { items: BreadcrumbItem[]; className?: string }) {
  if (items.length === 0) return null;
  return (
    <nav aria-label="Breadcrumb" className={classNames(styles.nav, className)}>
      <ol className={styles.list}>
        {items.map((item, index) => {
          const last = index === items.length - 1;
          return (
            <li key={`${index}-${item.label}`} className={styles.item}>
              {last ? (
                <span aria-current="page" className={styles.current}>
                  {item.label}
                </span>
              ) : item.to ? (
                <Link to={item.to} className={styles.link}>
                  {item.label}
                </Link>
              ) : (
                <span className={styles.plain}>{item.label}</span>
              )}
              {!last && <ChevronEndIcon className={styles.separator} size="1em" />}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
