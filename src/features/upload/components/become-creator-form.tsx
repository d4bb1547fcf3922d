import { useState, type Ref } from 'react';
import { Link } from 'react-router-dom';
import { ImagePicker } from '@/components/forms/image-picker';
import { TermsCheckbox } from '@/components/forms/terms-checkbox';
import { isSignedIn, useSignedIn } from '@/components/forms/sign-in-first';
import { useFocusOnShow } from '@/components/forms/use-focus-on-show';
import { LinkButton } from '@/components/ui/button';
import { TextArea, TextField } from '@/components/ui/field';
import { loginReturningTo, paths } from '@/config/paths';
import { becomeCreator, type BecomeCreatorResult } from '../api';
import { ArtForm } from './art-form';
import { UPLOAD_HINT } from './upload-form';
import { useArtForm } from './use-art-form';
import styles from './upload.module.css';

/** The sample the URL field starts with (docs/product.md "Records and fields": "URL (prefilled with
 * a sample)"). */
export const SAMPLE_CREATOR_URL = 'https://artmint.app/@yourname';

const INITIAL = { name: '', url: SAMPLE_CREATOR_URL, bio: '', twitter: '' };

function validate(v: typeof INITIAL, hasArt: boolean): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!v.name.trim()) errors.name = 'Display name is required.';
  if (!hasArt) errors.image = 'Choose the art image to list as your first work.';
  return errors;
}

function CreatorSaved({
  done,
  headingRef,
}: {
  done: BecomeCreatorResult;
  headingRef: Ref<HTMLHeadingElement>;
}) {
  return (
    <section className={`surface-raised ${styles.success}`} aria-labelledby="creator-saved">
      <h2 id="creator-saved" ref={headingRef} tabIndex={-1} className={styles.successTitle}>
        Welcome, {done.creator.name}
      </h2>
      <p>
        Your creator profile ({done.creator.handle}) is saved, with your first work &quot;
        {done.item.title}&quot; listed in Explore; both sync to the marketplace.
      </p>
      <div className={styles.actions}>
        <LinkButton to={paths.creatorProfile()}>See your profile</LinkButton>
        <LinkButton to={paths.itemDetail(done.item.id)} variant="secondary">
          View your artwork
        </LinkButton>
        <LinkButton to={paths.uploadWork} variant="secondary">
          Upload more work
        </LinkButton>
      </div>
    </section>
  );
}

/** The account a signed-out visitor's submit creates, under the display name. */
export interface NewAccount {
  name: string;
  email: string;
  password: string;
  terms: boolean;
}

export interface AccountMaker {
  /** Creates the account and signs it in; throws a ValidationError with the fields' words (or
   * the form's: signing up needs a connection). */
  signUp: (account: NewAccount) => Promise<unknown>;
  /** The rule a new password follows, under its field. */
  passwordHint: string;
}

/** Email, password and terms: the account a signed-out submit creates. Never in the draft. */
function AccountFields({
  values,
  errors,
  set,
  passwordHint,
}: {
  values: Omit<NewAccount, 'name'>;
  errors: Record<string, string>;
  set: <K extends keyof Omit<NewAccount, 'name'>>(key: K, value: NewAccount[K]) => void;
  passwordHint: string;
}) {
  return (
    <fieldset className={styles.account}>
      <legend>Your Artmint account</legend>
      <p className={styles.accountLead}>
        You are not signed in: this form also creates your account, under your display name. Signing
        up needs a connection. Already have an account?{' '}
        <Link to={loginReturningTo(paths.becomeCreator)}>Log in</Link>
      </p>
      <TextField
        label="Email address"
        type="email"
        autoComplete="email"
        required
        name="email"
        value={values.email}
        error={errors.email}
        onChange={(e) => set('email', e.target.value)}
      />
      <TextField
        label="Password"
        type="password"
        autoComplete="new-password"
        required
        hint={passwordHint}
        name="password"
        value={values.password}
        error={errors.password}
        onChange={(e) => set('password', e.target.value)}
      />
      <TermsCheckbox
        checked={values.terms}
        onChange={(checked) => set('terms', checked)}
        error={errors.terms}
      />
    </fieldset>
  );
}

/** Become a creator (docs/product.md "Upload and become a creator": "Form to upload art and create
 * an account"; "Records and fields": display name, URL, bio, Twitter account, art image): saves the
 * local creator profile and the art as its first item, together (docs/product.md "become creator:
 * creates a real item"). Signed out, it creates the account first (`account`), online only: offline
 * the form says that signing up needs a connection and keeps what was typed. */
export function BecomeCreatorForm({ account }: { account: AccountMaker }) {
  const form = useArtForm('become-creator', INITIAL);
  const { values, field } = form;
  const [done, setDone] = useState<BecomeCreatorResult | null>(null);
  const doneRef = useFocusOnShow<HTMLHeadingElement>(done);
  const signedIn = useSignedIn();
  const [login, setLogin] = useState({ email: '', password: '', terms: false });
  const setLoginValue = <K extends keyof typeof login>(key: K, value: (typeof login)[K]) => {
    setLogin((all) => ({ ...all, [key]: value }));
    form.submit.clearError(key);
  };

  const onSubmit = () =>
    form.save(
      validate(values, form.hasFile),
      async (file) => {
        if (!isSignedIn()) await account.signUp({ name: values.name, ...login });
        return becomeCreator(values, file);
      },
      setDone,
      'allowed',
    );

  if (done) return <CreatorSaved done={done} headingRef={doneRef} />;

  return (
    <ArtForm
      form={form}
      onSubmit={onSubmit}
      fileName="art image"
      picker={
        <ImagePicker
          label="Art image"
          hint={`${UPLOAD_HINT} It becomes your first listed work.`}
          required
          {...form.image}
        />
      }
      submitLabel="Create creator profile"
    >
      <TextField label="Display name" required autoComplete="nickname" {...field('name')} />
      <TextField
        label="URL"
        type="url"
        hint="Your page on Artmint or your own site."
        {...field('url')}
      />
      <TextArea label="Bio" placeholder="Tell collectors about yourself" {...field('bio')} />
      <TextField label="Twitter account" placeholder="@username" {...field('twitter')} />
      {!signedIn && (
        <AccountFields
          values={login}
          errors={form.submit.errors}
          set={setLoginValue}
          passwordHint={account.passwordHint}
        />
      )}
    </ArtForm>
  );
}
