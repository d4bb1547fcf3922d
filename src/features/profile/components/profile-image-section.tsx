import { useState } from 'react';
import { ImagePicker, type PickedFile } from '@/components/forms/image-picker';
import { saveProfileImage } from '../api';
import { SettingsSection } from '@/components/forms/settings-section';
import { useSectionSave } from '@/components/forms/use-section-save';

export const PROFILE_IMAGE_HINT = 'At least 400x400 recommended, GIFs work. Max file size : 10MB.';

/** Profile image (docs/product.md "Screens and routes": "at least 400x400 recommended, GIFs work")
 * with a local preview. */
export function ProfileImageSection({
  currentUrl,
  onSaved,
}: {
  currentUrl: string | null;
  onSaved: (ref: string) => void;
}) {
  const [picked, setPicked] = useState<PickedFile | null>(null);
  const [pickError, setPickError] = useState<string | null>(null);
  const [current, setCurrent] = useState(currentUrl);
  const save = useSectionSave();
  const onSubmit = () => {
    const found: Record<string, string> = pickError
      ? { image: pickError }
      : picked
        ? {}
        : { image: 'Choose an image first.' };
    void save.run(
      found,
      async () => {
        if (!picked) return;
        const { ref, url } = await saveProfileImage(picked);
        setCurrent(url);
        onSaved(ref);
      },
      'Profile image saved.',
    );
  };
  return (
    <SettingsSection
      id="profile-image"
      title="Profile image"
      description="Shown in the header and on your profile."
      onSubmit={onSubmit}
      state={save}
      submitLabel="Save image"
    >
      <ImagePicker
        label="Profile image"
        name="image"
        hint={PROFILE_IMAGE_HINT}
        shape="round"
        currentSrc={current}
        value={picked}
        error={pickError ?? save.errors.image}
        onChange={(next, message) => {
          setPicked(next);
          setPickError(message);
          save.clearError('image');
        }}
      />
    </SettingsSection>
  );
}
