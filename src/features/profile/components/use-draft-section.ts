import { bindFields } from '@/components/forms/bind-field';
import type { FormValues, ProfileSection } from '@shared/types';
import { useFormDraft } from '@/data/use-form-draft';
import { useSectionSave } from '@/components/forms/use-section-save';
import { discardDraft, saveSection } from '../api';
import { trimmed, type Errors } from '../validation';

/**
 * A profile section of text fields, kept as a draft while typed: `field(name)` wires a
 * TextField, `submit()` validates, saves the trimmed values and then drops the draft.
 */
export function useDraftSection<V extends Record<string, string>>({
  draftId,
  section,
  initial,
  version,
  validate,
  done,
  onSaved,
}: {
  draftId: string;
  section: ProfileSection;
  initial: V;
  /** The section's version `initial` comes from: a save goes against what the form showed. */
  version?: number;
  validate: (values: V) => Errors;
  /** The "saved" status. */
  done: string;
  onSaved?: (values: V) => void;
}) {
  const draft = useFormDraft<FormValues>(draftId, initial, version);
  const values = draft.values as V;
  const save = useSectionSave();
  const set = (name: keyof V & string, value: string) => {
    draft.setValue(name, value);
    save.clearError(name);
  };
  const submit = () =>
    void save.run(
      validate(values),
      async () => {
        const clean = trimmed(values);
        await saveSection(section, clean, draft.base(), draft.shown());
        draft.saved();
        await draft.flush();
        await discardDraft(draftId).catch(() => undefined);
        onSaved?.(clean);
      },
      done,
    );
  return {
    /** Spread onto the SettingsSection: its submit and what it shows of the save. */
    section: { onSubmit: submit, state: save },
    field: bindFields<keyof V & string>(values, save.errors, set),
  };
}
