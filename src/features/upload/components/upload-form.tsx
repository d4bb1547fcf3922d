import { useEffect, useRef, useState, type FormEvent } from 'react';
import { ImagePicker, type PickedFile } from '@/components/forms/image-picker';
import {
  describeSubmitError,
  fieldsNeedAttention,
  withoutError,
} from '@/components/forms/submit-error';
import { useFocusInvalid } from '@/components/forms/use-focus-invalid';
import { useFormDraft } from '@/components/forms/use-form-draft';
import { Button } from '@/components/ui/button';
import { FormAlert, TextArea, TextField } from '@/components/ui/field';
import { Select } from '@/components/ui/select';
import type { Item } from '@/data/types';
import { uploadWork } from '../api';
import { UPLOAD_TYPE_OPTIONS, validateUpload } from '../validation';
import { UploadSuccess } from './upload-success';
import styles from './upload.module.css';

/** The spec's hint, verbatim (section 5). */
export const UPLOAD_HINT = 'Supports JPG, PNG and MP4 videos. Max file size : 10MB.';

const INITIAL = {
  title: '',
  description: '',
  type: 'gifs',
  rateEth: '',
  startDate: '',
  endDate: '',
};
type Field = keyof typeof INITIAL;

/** The Upload Your Work form (spec sections 2, 3, 5): a real item, its image kept on the device. */
export function UploadForm() {
  const draft = useFormDraft('upload-work', INITIAL);
  const { values } = draft;
  const [picked, setPicked] = useState<PickedFile | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState('');
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState<Item | null>(null);
  const [pickerKey, setPickerKey] = useState(0);
  const formRef = useFocusInvalid<HTMLFormElement>(errors);
  const successRef = useRef<HTMLHeadingElement>(null);
  // Focus moves to the confirmation once it has rendered (a frame callback could run first).
  useEffect(() => {
    if (created) successRef.current?.focus();
  }, [created]);

  const set = (name: Field, value: string) => {
    draft.setValue(name, value);
    if (errors[name]) setErrors((all) => withoutError(all, name));
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateUpload(values, picked !== null, new Date());
    setErrors(found);
    setAlert(Object.keys(found).length > 0 ? fieldsNeedAttention(found) : '');
    if (Object.keys(found).length > 0 || !picked) return;
    setBusy(true);
    try {
      const item = await uploadWork(values, picked);
      await draft.clear().catch(() => undefined);
      setPicked(null);
      setPickerKey((k) => k + 1);
      setCreated(item);
    } catch (error) {
      const failure = describeSubmitError(error);
      setErrors(failure.fieldErrors);
      setAlert(failure.message);
    } finally {
      setBusy(false);
    }
  };

  if (created) {
    return (
      <UploadSuccess item={created} headingRef={successRef} onAgain={() => setCreated(null)} />
    );
  }

  return (
    <form ref={formRef} className={styles.form} noValidate onSubmit={(e) => void onSubmit(e)}>
      {alert && <FormAlert>{alert}</FormAlert>}
      {draft.restored && !picked && (
        <FormAlert tone="success">
          Your draft was restored. Files are not kept in drafts: choose the image again.
        </FormAlert>
      )}
      <div className={styles.grid}>
        <ImagePicker
          key={pickerKey}
          label="Upload file"
          name="image"
          hint={UPLOAD_HINT}
          required
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
            label="Art Title"
            name="title"
            required
            placeholder="Title of your work"
            value={values.title}
            onChange={(e) => set('title', e.target.value)}
            error={errors.title}
          />
          <TextArea
            label="Description"
            name="description"
            placeholder="What should collectors know about it?"
            value={values.description}
            onChange={(e) => set('description', e.target.value)}
            error={errors.description}
          />
          <div className={styles.pair}>
            <div className={styles.selectField}>
              <Select
                label="Type"
                name="type"
                options={[...UPLOAD_TYPE_OPTIONS]}
                value={values.type}
                onChange={(value) => set('type', value)}
              />
            </div>
            <TextField
              label="Rate"
              name="rateEth"
              type="number"
              inputMode="decimal"
              min={0}
              step="any"
              placeholder="0.004ETH"
              hint="Price in ETH."
              value={values.rateEth}
              onChange={(e) => set('rateEth', e.target.value)}
              error={errors.rateEth}
            />
          </div>
          <div className={styles.pair}>
            <TextField
              label="Starting Date"
              name="startDate"
              type="date"
              value={values.startDate}
              onChange={(e) => set('startDate', e.target.value)}
              error={errors.startDate}
            />
            <TextField
              label="Expiration date"
              name="endDate"
              type="date"
              min={values.startDate || undefined}
              hint="With an expiration date the work is listed as an auction ending that day."
              value={values.endDate}
              onChange={(e) => set('endDate', e.target.value)}
              error={errors.endDate}
            />
          </div>
          <Button type="submit" size="lg" busy={busy} className={styles.submit}>
            Upload your work
          </Button>
        </div>
      </div>
    </form>
  );
}
