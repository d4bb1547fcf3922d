// The Upload Your Work form's own check: the item's rules (shared/upload-rules.ts), plus a
// chosen file and one of the Type options.
import { validateItemInput, type ItemFields } from '@shared/upload-rules';
import { uploadTypeOptions } from './sample/select-options';

/** What the Upload Your Work form holds. */
export type UploadFormValues = Required<ItemFields> & { type: string };

/** The Upload Your Work form: the item's rules, plus a chosen file and one of the Type options
 * (the data layer reads any other type as Art, so only the form insists). */
export function validateUploadForm(
  values: UploadFormValues,
  hasFile: boolean,
  now: Date,
): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!hasFile) errors.image = 'Choose an image or MP4 file to upload.';
  Object.assign(errors, validateItemInput(values, now));
  if (!uploadTypeOptions.some((o) => o.value === values.type)) errors.type = 'Choose a type.';
  return errors;
}
