import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { FOOTER_TAGLINE } from '@/config/constants';
import { CONTACT_DETAILS } from '@/config/embeds';
import { useInstallStore } from '../install/install-store';
import { miscImage } from '@shared/sample/image-paths';
import { BrandLink } from './logo';
import { EmailSubscribeForm } from '@/components/forms/email-subscribe-form';
import { subscribeToNewsletter } from '@/data/newsletter';
import styles from './footer.module.css';

const COLUMNS = [
  {
    title: 'Marketplace',
    links: [
      { label: 'Explore', to: paths.exploreOne },
      { label: 'Live Auction', to: paths.auction },
      { label: 'Collections', to: paths.collections },
      { label: 'Activities', to: paths.activity },
      { label: 'Creators', to: paths.creators },
    ],
  },
  {
    title: 'My Account',
    links: [
      { label: 'Profile', to: paths.creatorProfile() },
      { label: 'Settings', to: paths.creatorProfileEdit },
      { label: 'Wallet', to: paths.wallet },
      { label: 'Upload Work', to: paths.uploadWork },
      { label: 'Become a Creator', to: paths.becomeCreator },
    ],
  },
  {
    title: 'Company',
    links: [
      { label: 'About Us', to: paths.aboutUs },
      { label: 'Blog', to: paths.blogs },
      { label: 'Contact', to: paths.contact },
      { label: 'Help Center', to: paths.helpOverview },
      { label: 'Terms', to: paths.terms },
      { label: 'Privacy', to: paths.privacy },
    ],
  },
];

/** The footer (docs/product.md "Shared blocks"): tagline, newsletter, link columns, app stores,
 * contact. */
export function Footer() {
  const requestInstall = useInstallStore((s) => s.requestInstall);
  const year = new Date().getFullYear();
  return (
    <footer className={`${styles.footer} below-fold`}>
      <div className={`container ${styles.grid}`}>
        <div className={styles.about}>
          <BrandLink className={styles.brand} />
          <p className={styles.muted}>{FOOTER_TAGLINE}</p>
          <div className={styles.stores}>
            <button type="button" className={styles.store} onClick={() => void requestInstall()}>
              <img
                src={miscImage('app-store')}
                alt="Install on iPhone (App Store)"
                width={135}
                height={40}
              />
            </button>
            <button type="button" className={styles.store} onClick={() => void requestInstall()}>
              <img
                src={miscImage('google-play')}
                alt="Install on Android (Google Play)"
                width={135}
                height={40}
              />
            </button>
          </div>
        </div>
        {COLUMNS.map((col) => (
          <nav key={col.title} aria-label={col.title} className={styles.col}>
            <h2 className={styles.colTitle}>{col.title}</h2>
            <ul role="list" className={styles.links}>
              {col.links.map((l) => (
                <li key={l.to}>
                  <Link to={l.to}>{l.label}</Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
        <section className={styles.newsletter} aria-labelledby="footer-newsletter">
          <h2 id="footer-newsletter" className={styles.colTitle}>
            Newsletter
          </h2>
          <p className={styles.muted}>
            Signup for our newsletter to get the latest news in your inbox.
          </p>
          <EmailSubscribeForm onSubscribe={(email) => subscribeToNewsletter(email, 'footer')} />
        </section>
      </div>
      <div className={`container ${styles.bottom}`}>
        <p>© {year} Artmint. Sample content; no tracking.</p>
        <address className={styles.contact}>
          <a href={CONTACT_DETAILS.phoneHref}>
            <span dir="ltr">{CONTACT_DETAILS.phone}</span>
          </a>
          <a href={CONTACT_DETAILS.emailHref}>{CONTACT_DETAILS.email}</a>
        </address>
      </div>
    </footer>
  );
}
