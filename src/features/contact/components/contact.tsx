import type { ReactNode } from 'react';
import { LazyEmbed } from '@/components/embed/lazy-embed';
import { PageLayout } from '@/components/layout/page-layout';
import { CONTACT_DETAILS, OFFICE_LOCATION } from '@/config/embeds';
import { paths } from '@/config/paths';
import { miscImage } from '@shared/sample/image-paths';
import { MailIcon, PhoneIcon, PinIcon } from './contact-icons';
import { MessageForm } from './message-form';
import styles from './contact.module.css';

function InfoCard({
  icon,
  title,
  children,
}: {
  icon: ReactNode;
  title: string;
  children: ReactNode;
}) {
  return (
    <li className={`surface-raised ${styles.info}`}>
      <span className={styles.icon}>{icon}</span>
      <h2 className={styles.infoTitle}>{title}</h2>
      {children}
    </li>
  );
}

/**
 * Contact (docs/product.md "About us and contact"): breadcrumb; phone, email and location cards
 * with a map link; the "Get in touch" form (name, email, "Your Question", comments; "Send
 * Message"); the embedded map, which loads only when opened or scrolled into view
 * (docs/product.md).
 */
export function Contact() {
  return (
    <PageLayout
      variant="content"
      crumbs={[{ label: 'Home', to: paths.home }, { label: 'Contact' }]}
      eyebrow="We reply within two working days"
      title="Contact us"
      lead="Questions about a drop, a listing or your wallet? Call, write or visit us, or send a message below."
      className={styles.page}
    >
      <ul className="tile-list" aria-label="Ways to reach us">
        <InfoCard icon={<PhoneIcon />} title="Phone">
          <a className={styles.infoLink} href={CONTACT_DETAILS.phoneHref}>
            {/* A phone number reads left to right in every layout. */}
            <span dir="ltr">{CONTACT_DETAILS.phone}</span>
          </a>
          <p className={styles.note}>Mon to Fri, 9:00 to 18:00</p>
        </InfoCard>
        <InfoCard icon={<MailIcon />} title="Email">
          <a className={styles.infoLink} href={CONTACT_DETAILS.emailHref}>
            {CONTACT_DETAILS.email}
          </a>
          <p className={styles.note}>For anything, any time</p>
        </InfoCard>
        <InfoCard icon={<PinIcon />} title="Location">
          <address className={styles.address}>{OFFICE_LOCATION.address}</address>
          <a
            className={styles.infoLink}
            href={OFFICE_LOCATION.mapLink}
            target="_blank"
            rel="noopener noreferrer"
          >
            View on map<span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        </InfoCard>
      </ul>
      <section className={`surface-raised ${styles.formCard}`} aria-labelledby="contact-form-title">
        <div className={styles.formIntro}>
          <h2 id="contact-form-title" className={styles.sectionTitle}>
            Get in touch
          </h2>
          <p className={styles.lead}>
            Your message is kept in the outbox on this device; nothing is lost if you go offline
            while writing.
          </p>
        </div>
        <MessageForm
          kind="contact"
          labels={{ subject: 'Your Question' }}
          submitLabel="Send Message"
          ariaLabel="Get in touch"
        />
      </section>
      <section className={styles.mapSection} aria-labelledby="contact-map-title">
        <h2 id="contact-map-title" className={styles.sectionTitle}>
          Find the studio
        </h2>
        <LazyEmbed
          kind="map"
          src={OFFICE_LOCATION.mapEmbed}
          title={`Map: ${OFFICE_LOCATION.address}`}
          poster={miscImage('map-poster')}
          loadOnVisible
          aspectRatio="8 / 3"
          className={styles.map}
        />
      </section>
    </PageLayout>
  );
}
