import { Breadcrumb } from '@/components/ui/breadcrumb';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import styles from './legal.module.css';

const USES = [
  'Show you the items, auctions, creators and posts you browse, online or offline.',
  'Keep your favourites, follows, bids and purchases on this device.',
  'Remember your theme, layout direction and explore filters between visits.',
  'Connect the browser wallet you choose and show its address and balance.',
  'Save drafts of long forms so that a reload never loses what you typed.',
  'Keep messages and subscriptions in an outbox that you can review and clear in Settings.',
];

/** Privacy (spec "Legal"): Overview, six uses, Information Provided Voluntarily, Print. */
export function Privacy() {
  return (
    <article className={`container ${styles.page}`} aria-labelledby="privacy-title">
      <Breadcrumb items={[{ label: 'Home', to: paths.home }, { label: 'Privacy' }]} />
      <header className={styles.head}>
        <h1 id="privacy-title">Privacy policy</h1>
        <p className={styles.lead}>Last updated 1 November 2026</p>
      </header>
      <div className={`${styles.card} ${styles.prose}`}>
        <h2>Overview</h2>
        <p>
          Artmint has no server and no tracking. Everything you create, save or type stays in this
          browser on this device, in its local storage and IndexedDB. No third party is contacted
          when a page loads; embedded videos and maps load only when you open them.
        </p>
        <h2>We use your information to</h2>
        <ul>
          {USES.map((use) => (
            <li key={use}>{use}</li>
          ))}
        </ul>
        <h2>Information Provided Voluntarily</h2>
        <p>
          When you sign up, edit your profile, upload work, bid or send a message, what you enter is
          saved on this device only. Passwords are never stored in plain text: only a salted, slow
          hash is kept. You can review the stored data and delete all of it from Settings at any
          time; deleting it cannot be undone.
        </p>
        <div className={styles.actions}>
          <Button variant="secondary" onClick={() => window.print()}>
            Print
          </Button>
        </div>
      </div>
    </article>
  );
}
