import { useEffect, useRef, useState, type FormEvent } from 'react';
import { ImagePicker, type PickedFile } from '@/components/forms/image-picker';
import {
  describeSubmitError,
  fieldsNeedAttention,
  withoutError,
} from '@/components/forms/submit-error';
import { useFocusInvalid } from '@/components/forms/use-focus-invalid';
import { useFormDraft } from '@/components/forms/use-form-draft';
import { Button, LinkButton } from '@/components/ui/button';
import { FormAlert, TextArea, TextField } from '@/components/ui/field';
import { paths } from '@/config/paths';
import { becomeCreator, type BecomeCreatorResult } from '../api';
import { UPLOAD_HINT } from './upload-form';
import styles from './upload.module.css';

/** The sample the URL field starts with (spec section 3: "URL (prefilled with a sample)"). */
export const SAMPLE_CREATOR_URL = 'https://artmint.app/@yourname';

const INITIAL = { name: '', url: SAMPLE_CREATOR_URL, bio: '', twitter: '' };

function validate(v: typeof INITIAL): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!v.name.trim()) errors.name = 'Display name is required.';
  return errors;
}

/** Become a creator (spec section 2: "Form to upload art and create an account"): saves the
 * local creator profile and, with an art image, the first item. */
export function BecomeCreatorForm() {
  const draft = useFormDraft('become-creator', INITIAL);
  const { values } = draft;
  const [picked, setPicked] = useState<PickedFile | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState('');
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<BecomeCreatorResult | null>(null);
  const formRef = useFocusInvalid<HTMLFormElement>(errors);
  const doneRef = useRef<HTMLHeadingElement>(null);
  // Focus moves to the confirmation once it has rendered (a frame callback could run first).
  useEffect(() => {
    if (done) doneRef.current?.focus();
  }, [done]);

  const set = (name: keyof typeof INITIAL, value: string) => {
    draft.setValue(name, value);
    if (errors[name]) setErrors((all) => withoutError(all, name));
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validate(values);
    setErrors(found);
    setAlert(Object.keys(found).length > 0 ? fieldsNeedAttention(found) : '');
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const result = await becomeCreator(values, picked);
      await draft.clear().catch(() => undefined);
      setPicked(null);
      setDone(result);
    } catch (error) {
      const failure = describeSubmitError(error);
      setErrors(failure.fieldErrors);
      setAlert(failure.message);
    } finally {
      setBusy(false);
    }
  };

  if (done) {
    return (
      <section className={styles.success} aria-labelledby="creator-saved">
        <h2 id="creator-saved" ref={doneRef} tabIndex={-1} className={styles.successTitle}>
          Welcome, {done.creator.name}
        </h2>
        <p>
          Your creator profile ({done.creator.handle}) is saved on this device
          {done.item ? `, with your first work "${done.item.title}" listed in Explore` : ''}.
        </p>
        <div className={styles.actions}>
          <LinkButton to={paths.creatorProfile()}>See your profile</LinkButton>
          {done.item && (
            <LinkButton to={paths.itemDetail(done.item.id)} variant="secondary">
              View your artwork
            </LinkButton>
          )}
          <LinkButton to={paths.uploadWork} variant="secondary">
            Upload more work
          </LinkButton>
        </div>
      </section>
    );
  }

  return (
    <form ref={formRef} className={styles.form} noValidate onSubmit={(e) => void onSubmit(e)}>
      {alert && <FormAlert>{alert}</FormAlert>}
      {draft.restored && !picked && (
        <FormAlert tone="success">
          Your draft was restored. Files are not kept in drafts: choose the art image again.
        </FormAlert>
      )}
      <div className={styles.grid}>
        <ImagePicker
          label="Art image"
          name="image"
          hint={`${UPLOAD_HINT} Optional: it becomes your first listed work.`}
          allowVideo
          value={picked}
          error={errors.image}
          onChange={(next, message) => {
            setPicked(next);
            setErrors((all) => (message ? { ...all, image: message } : withoutError(all, 'image')));
          }}
        />
        <div className={styles.fields}>
          <TextField
            label="Display name"
            name="name"
            required
            autoComplete="nickname"
            value={values.name}
            onChange={(e) => set('name', e.target.value)}
            error={errors.name}
          />
          <TextField
            label="URL"
            name="url"
            type="url"
            hint="Your page on Artmint or your own site."
            value={values.url}
            onChange={(e) => set('url', e.target.value)}
            error={errors.url}
          />
          <TextArea
            label="Bio"
            name="bio"
            placeholder="Tell collectors about yourself"
            value={values.bio}
            onChange={(e) => set('bio', e.target.value)}
            error={errors.bio}
          />
          <TextField
            label="Twitter account"
            name="twitter"
            placeholder="@username"
            value={values.twitter}
            onChange={(e) => set('twitter', e.target.value)}
            error={errors.twitter}
          />
          <Button type="submit" size="lg" busy={busy} className={styles.submit}>
            Create creator profile
          </Button>
        </div>
      </div>
    </form>
  );
}
