import { NavLink } from 'react-router-dom';
import { paths } from '@/config/paths';
import styles from './account-sidebar.module.css';

/** Upload Your Work's left sidebar (docs/product.md "Upload and become a creator"): Profile, Upload
 * Work, Settings, Logout. Logout goes to the lock screen, which locks the session. */
export function AccountSidebar() {
  const links = [
    { to: paths.creatorProfile(), label: 'Profile' },
    { to: paths.uploadWork, label: 'Upload Work' },
    { to: paths.creatorProfileEdit, label: 'Settings' },
    { to: paths.lockScreen, label: 'Logout' },
  ];
  return (
    <nav className={`surface-raised ${styles.sidebar}`} aria-label="Your account">
      <ul role="list" className={`plain-list ${styles.list}`}>
        {links.map((link) => (
          <li key={link.label}>
            <NavLink to={link.to} end className={`side-link ${styles.link}`}>
              {link.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
