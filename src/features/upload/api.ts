// Upload work and become creator (docs/product.md "Writes"): a real item of the local user, its
// image kept on the device, through the one data-access interface.
import type { PickedFile } from '@/components/forms/image-picker';
import { getDataAccess, LOCAL_USER_ID } from '@/data/data-access';
import { ValidationError } from '@/data/errors';
import type { Creator, Item } from '@shared/types';
import { TITLE_MAX } from '@shared/upload-rules';
import { type UploadFormValues } from '@/data/upload-form';
import { videoPoster } from './video-poster';

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

export async function uploadWork(values: UploadFormValues, picked: PickedFile): Promise<Item> {
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
  item: Item;
}

/**
 * Creates (or updates) the local creator profile and lists the art as its first item, in one
 * write: either both are saved or, on a validation error, neither.
 */
export async function becomeCreator(
  values: BecomeCreatorValues,
  picked: PickedFile,
): Promise<BecomeCreatorResult> {
  const data = getDataAccess();
  const art = await artwork(picked);
  const item = await data.createItem({
    title: `First work by ${values.name.trim()}`.slice(0, TITLE_MAX),
    description: values.bio,
    type: 'tech',
    ...art,
    creatorProfile: {
      name: values.name,
      url: values.url,
      bio: values.bio,
      twitter: values.twitter,
    },
  });
  const creator = await data.getCreator(LOCAL_USER_ID);
  if (!creator) throw new Error('The creator profile was not saved.');
  return { creator, item };
}
