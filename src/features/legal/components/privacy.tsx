import { Breadcrumb } from '@/components/ui/breadcrumb';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import styles from './legal.module.css';

const USES = [
  'Show you the items, auctions, creators and posts you browse, online or offline.',
  'Save your favourites, follows, bids, purchases and uploads on this device, then sync them to your account on the Artmint server.',
  'Remember your theme, layout direction and explore filters between visits.',
  'Connect the browser wallet you choose and show its address and balance.',
  'Save drafts of long forms on this device, so that a reload never loses what you typed.',
  'Send your messages, support requests and newsletter sign-ups to the Artmint team; the sync panel in Settings lists each one.',
];

/** Privacy (docs/product.md "Legal pages"): Overview, six uses, Information Provided Voluntarily,
 * Print. */
export function Privacy() {
  return (
    <article className={`container ${styles.page}`} aria-labelledby="privacy-title">
      <Breadcrumb items={[{ label: 'Home', to: paths.home }, { label: 'Privacy' }]} />
      <header className={styles.head}>
        <h1 id="privacy-title">Privacy policy</h1>
        <p className={styles.lead}>Last updated 1 November 2026</p>
      </header>
      <div className={`surface-raised ${styles.card} ${styles.prose}`}>
        <h2>Overview</h2>
        <p>
          What you create, save or type is saved in this browser first (in its local storage and
          IndexedDB), then sent to the Artmint server when you are online, so that it reaches other
          collectors. When Artmint runs from a plain web host with no server, everything stays in
          this browser. There is no tracking, and no third party is contacted when a page loads;
          embedded videos and maps load only when you open them or scroll to them.
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
          saved on this device, then sent to the Artmint server, where your account lives. Other
          collectors see your name, your creator profile, the items you list and your bids and
          purchases; the rest of your profile and your messages are not shown to them.
        </p>
        <p>
          Passwords are never stored in plain text: the server keeps only a salted, slow hash, and
          this browser keeps one too so that you can unlock offline. Signing in sets a session
          cookie that scripts on the page cannot read (httpOnly). Delete account in Settings removes
          your account from the server and clears this device; it cannot be undone.
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
