// The collector's own avatar and banner (docs/product.md "Writes", profile): the picture is kept
// on the device (checked by type and size like uploads), the personal profile section points at
// it (the change that syncs: the sync engine uploads the picture first, and the server puts it
// on the account's public creator record, for everyone), and the creator profile on this device
// shows it at once.
import { getDataAccess, LOCAL_USER_ID, resolveImage } from './data-access';

export type ProfilePicture = 'avatar' | 'banner';

export async function saveProfilePicture(
  kind: ProfilePicture,
  image: Blob,
  type: string,
): Promise<{ ref: string; url: string }> {
  const data = getDataAccess();
  const ref = await data.saveImage(image, type);
  const current = (await data.loadProfile()).personal ?? {};
  await data.saveProfileSection('personal', { ...current, [kind]: ref });
  const creator = await data.getCreator(LOCAL_USER_ID);
  if (creator) {
    await data.createCreatorProfile({
      name: creator.name,
      url: creator.handle,
      bio: creator.bio,
      [kind]: ref,
    });
  }
  return { ref, url: await resolveImage(ref) };
}
