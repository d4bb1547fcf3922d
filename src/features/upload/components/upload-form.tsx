import { useState } from 'react';
import { ImagePicker } from '@/components/forms/image-picker';
import { useFocusOnShow } from '@/components/forms/use-focus-on-show';
import { TextArea, TextField } from '@/components/ui/field';
import { Select } from '@/components/ui/select';
import { uploadTypeOptions } from '@/data/sample/select-options';
import type { Item } from '@shared/types';
import { validateUploadForm } from '@/data/upload-form';
import { uploadWork } from '../api';
import { ArtForm } from './art-form';
import { UploadSuccess } from './upload-success';
import { useArtForm } from './use-art-form';
import styles from './upload.module.css';

/** The template's hint, verbatim (docs/product.md "Validation"). */
export const UPLOAD_HINT = 'Supports JPG, PNG and MP4 videos. Max file size : 10MB.';

const INITIAL = {
  title: '',
  description: '',
  type: 'gifs',
  rateEth: '',
  startDate: '',
  endDate: '',
};

/** The Upload Your Work form (docs/product.md "Upload and become a creator", "Records and fields",
 * "Validation"): a real item, its image kept on the device. */
export function UploadForm() {
  const form = useArtForm('upload-work', INITIAL);
  const { values, set, field } = form;
  const [created, setCreated] = useState<Item | null>(null);
  const [pickerKey, setPickerKey] = useState(0);
  const successRef = useFocusOnShow<HTMLHeadingElement>(created);

  const onSubmit = () =>
    form.save(
      validateUploadForm(values, form.hasFile, new Date()),
      (file) => uploadWork(values, file),
      (item) => {
        setPickerKey((k) => k + 1);
        setCreated(item);
      },
    );

  if (created) {
    return (
      <UploadSuccess item={created} headingRef={successRef} onAgain={() => setCreated(null)} />
    );
  }

  return (
    <ArtForm
      form={form}
      onSubmit={onSubmit}
      signInFor="upload your work"
      fileName="image"
      picker={
        <ImagePicker
          key={pickerKey}
          label="Upload file"
          hint={UPLOAD_HINT}
          required
          {...form.image}
        />
      }
      submitLabel="Upload your work"
    >
      <TextField label="Art Title" required placeholder="Title of your work" {...field('title')} />
      <TextArea
        label="Description"
        placeholder="What should collectors know about it?"
        {...field('description')}
      />
      <div className={styles.pair}>
        <div className={styles.selectField}>
          <Select
            label="Type"
            name="type"
            options={uploadTypeOptions}
            value={values.type}
            onChange={(value) => set('type', value)}
          />
        </div>
        <TextField
          label="Rate"
          type="number"
          inputMode="decimal"
          min={0}
          step="any"
          placeholder="0.004ETH"
          hint="Price in ETH."
          {...field('rateEth')}
        />
      </div>
      <div className={styles.pair}>
        <TextField label="Starting Date" type="date" {...field('startDate')} />
        <TextField
          label="Expiration date"
          type="date"
          min={values.startDate || undefined}
          hint="With an expiration date the work is listed as an auction ending that day."
          {...field('endDate')}
        />
      </div>
    </ArtForm>
  );
}
