// Profile edit (docs/product.md "Writes", Profile edit): every section saves on its own through the
// one data-access interface; the profile image is kept on the device as `idb:` bytes.
import type { PickedFile } from '@/components/forms/image-picker';
import { getDataAccess, resolveImage } from '@/data/data-access';
import { saveProfilePicture } from '@/data/profile-pictures';
import type { FormValues, ProfileSection } from '@shared/types';
import type { Profile } from '@/data/records';
import { sampleUser } from '@shared/sample/user';

export interface ProfileEditData {
  profile: Profile;
  /** Each section's version the profile's values come from (a save goes against it). */
  versions: Partial<Record<ProfileSection, number>>;
  account: { name: string; email: string } | null;
  /** The saved profile image resolved to a displayable URL, else the sample user's. */
  avatarUrl: string;
}

export async function loadProfileEdit(): Promise<ProfileEditData> {
  const data = getDataAccess();
  const [profile, versions, account] = await Promise.all([
    data.loadProfile(),
    data.loadProfileVersions(),
    data.loadAccount(),
  ]);
  const ref = profile.personal?.avatar;
  const avatarUrl = typeof ref === 'string' && ref ? await resolveImage(ref) : sampleUser.avatar;
  return {
    profile,
    versions,
    account: account ? { name: account.name, email: account.email } : null,
    avatarUrl,
  };
}

/** Saves one section against `base`, the version its values were based on, sending the fields
 * that differ from `shown` (what the form started from). Personal keeps the profile's pictures
 * (avatar, banner) saved with it. */
export async function saveSection(
  section: ProfileSection,
  values: FormValues,
  base?: number,
  shown?: FormValues,
): Promise<void> {
  const data = getDataAccess();
  if (section === 'personal') {
    const current = (await data.loadProfile()).personal ?? {};
    const pictures: FormValues = {};
    for (const kind of ['avatar', 'banner'] as const) {
      const ref = current[kind];
      if (typeof ref === 'string') pictures[kind] = ref;
    }
    await data.saveProfileSection(
      section,
      { ...values, ...pictures },
      base,
      shown && { ...shown, ...pictures },
    );
    return;
  }
  await data.saveProfileSection(section, values, base, shown);
}

/** Keeps the checked image on the device and makes it the profile (and creator) avatar. */
export function saveProfileImage(picked: PickedFile): Promise<{ ref: string; url: string }> {
  return saveProfilePicture('avatar', picked.file, picked.mime);
}

/** Removes a section's draft once it is saved (the form keeps showing the saved values). */
export async function discardDraft(formId: string): Promise<void> {
  await getDataAccess().clearDraft(formId);
}
