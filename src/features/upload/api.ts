// Upload work and become creator (PRODUCT.md "Writes"): a real item of the local user, its
// image kept on the device, through the one data-access interface.
import type { PickedFile } from '@/components/forms/image-picker';
import { getDataAccess } from '@/data/data-access';
import { ValidationError } from '@/data/errors';
import type { Creator, Item } from '@/data/types';
import { videoPoster } from './video-poster';
import type { UploadValues } from './validation';

/** The image bytes to keep: the file itself, or for an MP4 a still frame of it. */
async function artwork(picked: PickedFile): Promise<{ image: Blob; imageType: string }> {
  if (picked.kind !== 'mp4') return { image: picked.file, imageType: picked.mime };
  try {
    return { image: await videoPoster(picked.file), imageType: 'image/png' };
  } catch {
    throw new ValidationError({
      image: 'This video could not be read on this device. Choose another MP4 or an image.',
    });
  }
}

export async function uploadWork(values: UploadValues, picked: PickedFile): Promise<Item> {
  const { image, imageType } = await artwork(picked);
  return getDataAccess().createItem({
    title: values.title,
    description: values.description,
    type: values.type,
    rateEth: values.rateEth,
    startDate: values.startDate,
    endDate: values.endDate,
    image,
    imageType,
  });
}

export interface BecomeCreatorValues {
  name: string;
  url: string;
  bio: string;
  twitter: string;
}

export interface BecomeCreatorResult {
  creator: Creator;
  item: Item | null;
}

/** Creates (or updates) the local creator profile, then the art item when an image is given. */
export async function becomeCreator(
  values: BecomeCreatorValues,
  picked: PickedFile | null,
): Promise<BecomeCreatorResult> {
  const data = getDataAccess();
  // The artwork is read first, so an unreadable video saves nothing.
  const art = picked ? await artwork(picked) : null;
  const creator = await data.createCreatorProfile({
    name: values.name,
    url: values.url,
    bio: values.bio,
    twitter: values.twitter,
  });
  const item = art
    ? await data.createItem({
        title: `First work by ${creator.name}`.slice(0, 100),
        description: values.bio,
        type: 'tech',
        ...art,
      })
    : null;
  return { creator, item };
}
