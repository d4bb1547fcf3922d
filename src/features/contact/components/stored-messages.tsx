// Settings section (docs/product.md "Writes"): the newsletter sign-ups, contact messages and
// support requests kept on this device, each with where it stands (waiting to be sent, sent,
// refused), and a button that forgets the ones already sent. Waiting ones stay until they are
// sent; a refused one stays until it is dismissed in the sync panel.
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { getDataAccess } from '@/data/data-access';
import { MESSAGE_LABELS } from '@/data/message-labels';
import type { StoredMessage } from '@/data/types';
import { formatDate } from '@/lib/time';
import { useRead } from '@/lib/use-read';
import block from '@/components/forms/settings-block.module.css';
import styles from './stored-messages.module.css';

const DELIVERY_TEXT: Record<StoredMessage['delivery'], string> = {
  waiting: 'Waiting to be sent',
  sent: 'Sent',
  refused: 'Not sent',
};

const listStoredMessages = () => getDataAccess().listStoredMessages();

/** Who or what the message is about, in a line: its email, subject or first words. */
function summary(message: StoredMessage): string {
  const { email, subject, comments } = message.fields;
  return [email, subject || comments].filter(Boolean).join(' · ');
}

export function StoredMessages() {
  const titleId = useId();
  const { state: load, refresh } = useRead(listStoredMessages);
  const [clearing, setClearing] = useState(false);
  const [notice, setNotice] = useState('');

  const onClear = async () => {
    setClearing(true);
    try {
      const cleared = await getDataAccess().clearSentMessages();
      setNotice(
        cleared === 0
          ? 'No sent messages to clear.'
          : `${cleared} sent ${cleared === 1 ? 'message' : 'messages'} cleared from this device.`,
      );
    } catch {
      setNotice('The messages could not be cleared. Try again.');
    } finally {
      setClearing(false);
      refresh();
    }
  };

  const messages = load.kind === 'ready' ? load.value : [];
  const sent = messages.filter((message) => message.delivery === 'sent').length;
  return (
    <section className={block.section} aria-labelledby={titleId}>
      <h2 id={titleId} className={block.title}>
        Messages on this device
      </h2>
      <p className={block.muted}>
        The newsletter sign-ups, contact messages and support requests you send from this device are
        kept here. Sent ones have reached Artmint; clearing them removes only this device&apos;s
        copy.
      </p>
      {load.kind === 'failed' ? (
        <p className={block.muted}>The messages on this device could not be read.</p>
      ) : load.kind === 'loading' ? (
        <p className={block.muted} aria-busy="true">
          Loading...
        </p>
      ) : messages.length === 0 ? (
        <p className={block.muted}>No messages are kept on this device.</p>
      ) : (
        <ul className={styles.list} aria-labelledby={titleId}>
          {messages.map((message) => (
            <li key={message.id} className={styles.row}>
              <span className={styles.kind}>{MESSAGE_LABELS[message.kind]}</span>
              <time dateTime={message.at} className={block.muted}>
                {formatDate(message.at)}
              </time>
              <span className={styles.summary}>{summary(message)}</span>
              <span className={styles.delivery} data-delivery={message.delivery}>
                {DELIVERY_TEXT[message.delivery]}
                {message.error ? `: ${message.error}` : ''}
              </span>
            </li>
          ))}
        </ul>
      )}
      <Button
        variant="secondary"
        onClick={() => void onClear()}
        busy={clearing}
        disabled={load.kind !== 'ready' || sent === 0}
      >
        Clear sent messages
      </Button>
      <p className={block.message} role="status">
        {notice}
      </p>
    </section>
  );
}
