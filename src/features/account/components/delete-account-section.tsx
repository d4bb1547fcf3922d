import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { describeSubmitError } from '@/components/forms/submit-error';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/field';
import { Modal } from '@/components/ui/modal';
import { showToast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { deleteAccount } from '../api';
import { PasswordField } from './account-fields';
import styles from './delete-account.module.css';

/** Delete account (docs/product.md "Records and fields"; docs/product.md: removes the account on
 * the server and clears the device after a confirmation with the password), then goes to Explore
 * two as the template's Delete button did. The server keeps bids, purchases and the items others
 * bought or bid on, under the name "Deleted collector" (server/auth/delete-account.ts). */
export function DeleteAccountSection() {
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [alert, setAlert] = useState('');
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | undefined>();

  const close = () => {
    setConfirming(false);
    setPasswordError(undefined);
  };

  const onConfirm = async () => {
    setBusy(true);
    setAlert('');
    setPasswordError(undefined);
    try {
      await deleteAccount(password);
      setConfirming(false);
      setPassword('');
      showToast({
        tone: 'success',
        title: 'Account deleted',
        description: 'Your account is deleted and this device is cleared.',
      });
      navigate(paths.exploreTwo);
    } catch (error) {
      const failure = describeSubmitError(error);
      setBusy(false);
      // A wrong password is said beside the field, in the dialog; anything else under the
      // section's button, the dialog closed (the password typed is kept for the next try).
      if (failure.fieldErrors.password) {
        setPasswordError(failure.fieldErrors.password);
        return;
      }
      setAlert(failure.message);
      setConfirming(false);
    }
  };

  return (
    <section id="delete-account" className={styles.section} aria-labelledby="delete-account-title">
      <h2 id="delete-account-title" className={styles.title}>
        Delete account
      </h2>
      <p className={styles.text}>
        Removes your account from the Artmint server, with your profile, favourites, follows,
        messages and the listed items nobody bought or bid on, and clears everything Artmint saved
        on this device, including changes not yet synced. Bids, purchases and the items others
        bought or bid on stay in the marketplace’s history, under the name “Deleted collector”. This
        cannot be undone.
      </p>
      {alert && <FormAlert>{alert}</FormAlert>}
      <Button variant="danger" className={styles.button} onClick={() => setConfirming(true)}>
        Delete account
      </Button>
      <Modal
        open={confirming}
        onClose={close}
        title="Delete your account?"
        size="sm"
        footer={
          <>
            <Button variant="ghost" onClick={close} disabled={busy}>
              Cancel
            </Button>
            <Button variant="danger" type="submit" form="delete-account-form" busy={busy}>
              Delete everything
            </Button>
          </>
        }
      >
        <form
          id="delete-account-form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void onConfirm();
          }}
        >
          <p>
            Your account is deleted on the Artmint server and this device is cleared, changes not
            yet synced included. Sample content stays. Enter your password to confirm.
          </p>
          <PasswordField
            name="password"
            value={password}
            onChange={(e) => {
              setPassword(e.target.value);
              setPasswordError(undefined);
            }}
            error={passwordError}
          />
        </form>
      </Modal>
    </section>
  );
}
