import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { describeSubmitError } from '@/components/forms/submit-error';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/field';
import { Modal } from '@/components/ui/modal';
import { showToast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { deleteAccount } from '../api';
import styles from './delete-account.module.css';

/** Delete account (spec 3; PRODUCT.md: removes local data after a confirmation), then goes to
 * Explore two as the spec's Delete button did. */
export function DeleteAccountSection() {
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [alert, setAlert] = useState('');

  const onConfirm = async () => {
    setBusy(true);
    setAlert('');
    try {
      await deleteAccount();
      setConfirming(false);
      showToast({
        tone: 'success',
        title: 'Account deleted',
        description: 'Your account and everything you saved were removed from this device.',
      });
      navigate(paths.exploreTwo);
    } catch (error) {
      setAlert(describeSubmitError(error).message);
      setConfirming(false);
      setBusy(false);
    }
  };

  return (
    <section id="delete-account" className={styles.section} aria-labelledby="delete-account-title">
      <h2 id="delete-account-title" className={styles.title}>
        Delete account
      </h2>
      <p className={styles.text}>
        Removes your account, profile, uploaded items and images, bids, favourites, follows, saved
        forms and drafts from this device. This cannot be undone.
      </p>
      {alert && <FormAlert>{alert}</FormAlert>}
      <Button variant="danger" className={styles.button} onClick={() => setConfirming(true)}>
        Delete account
      </Button>
      <Modal
        open={confirming}
        onClose={() => setConfirming(false)}
        title="Delete your account?"
        size="sm"
        footer={
          <>
            <Button variant="ghost" onClick={() => setConfirming(false)} disabled={busy}>
              Cancel
            </Button>
            <Button variant="danger" onClick={() => void onConfirm()} busy={busy}>
              Delete everything
            </Button>
          </>
        }
      >
        <p>
          Everything you saved on this device goes: your account, profile, items, images, bids and
          drafts. Sample content stays.
        </p>
      </Modal>
    </section>
  );
}
