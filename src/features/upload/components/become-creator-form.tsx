import { useState, type Ref } from 'react';
import { ImagePicker } from '@/components/forms/image-picker';
import { useFocusOnShow } from '@/components/forms/use-focus-on-show';
import { LinkButton } from '@/components/ui/button';
import { TextArea, TextField } from '@/components/ui/field';
import { paths } from '@/config/paths';
import { becomeCreator, type BecomeCreatorResult } from '../api';
import { ArtForm } from './art-form';
import { UPLOAD_HINT } from './upload-form';
import { useArtForm } from './use-art-form';
import styles from './upload.module.css';

/** The sample the URL field starts with (spec section 3: "URL (prefilled with a sample)"). */
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

/** Become a creator (spec section 2: "Form to upload art and create an account"; section 3: display
 * name, URL, bio, Twitter account, art image): saves the local creator profile and the art as
 * its first item, together (docs/product.md "become creator: creates a real item"). */
export function BecomeCreatorForm() {
  const form = useArtForm('become-creator', INITIAL);
  const { values, field } = form;
  const [done, setDone] = useState<BecomeCreatorResult | null>(null);
  const doneRef = useFocusOnShow<HTMLHeadingElement>(done);

  const onSubmit = () =>
    form.save(validate(values, form.hasFile), (file) => becomeCreator(values, file), setDone);

  if (done) return <CreatorSaved done={done} headingRef={doneRef} />;

  return (
    <ArtForm
      form={form}
      onSubmit={onSubmit}
      signInFor="become a creator"
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
    </ArtForm>
  );
}
