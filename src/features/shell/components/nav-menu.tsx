import { useRef } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import { useDismiss } from '@/lib/use-dismiss';
import { groupIsActive, isActivePath, type NavGroup } from '../nav';
import { ChevronDownIcon } from '@/components/ui/icon';
import styles from './header.module.css';

interface NavMenuProps {
  group: NavGroup;
  open: boolean;
  onToggle: (id: string | null) => void;
}

/** One top-level menu group: a button that opens its submenu by click (docs/product.md "On every
 * page"). */
export function NavMenu({ group, open, onToggle }: NavMenuProps) {
  const { pathname } = useLocation();
  const wrapRef = useRef<HTMLLIElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const close = () => onToggle(null);
  useDismiss(wrapRef, open, close, buttonRef);
  const active = groupIsActive(group, pathname);
  const listId = `submenu-${group.id}`;
  return (
    <li ref={wrapRef} className={styles.navItem}>
      <button
        ref={buttonRef}
        type="button"
        className={styles.navButton}
        aria-expanded={open}
        aria-controls={listId}
        data-active={active || undefined}
        onClick={() => onToggle(open ? null : group.id)}
      >
        {group.label}
        <ChevronDownIcon className={styles.chevron} />
      </button>
      <ul
        id={listId}
        role="list"
        className={styles.submenu}
        data-long={group.links.length > 12 || undefined}
        hidden={!open}
      >
        {group.links.map((link) => (
          <li key={link.to}>
            <NavLink
              to={link.to}
              end
              className={styles.submenuLink}
              aria-current={isActivePath(pathname, link.to) ? 'page' : undefined}
              onClick={close}
            >
              {link.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </li>
  );
}
