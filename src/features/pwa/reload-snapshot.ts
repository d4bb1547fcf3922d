// Keeps what the user typed across a reload that the app itself asks for (the "new version"
// prompt). docs/product.md principle 3: an update never costs the user what they typed.
//
// How it works
// - Just before the prompted reload, `saveReloadSnapshot()` writes the values of the form
//   fields on the page to sessionStorage (this tab only; gone when the tab closes).
// - After the reload, `restoreReloadSnapshot()` puts them back as the fields appear (the route
//   may render a moment later), through the same `input`/`change` events typing fires, so
//   React-controlled fields take the value too. The snapshot is used once, on the same URL,
//   within 5 minutes, and then removed.
//
// Which fields
// - Every input, textarea and select inside a <form>, plus any field marked `data-draft` or
//   inside an element marked `data-draft` (for fields outside a form).
// - A field is identified by `data-draft="<key>"` when given, else by its `name`; fields with
//   neither are skipped. Its form is identified by the nearest landmark (main, footer...) and
//   the form's id, name or aria-label, else the names of its fields.
// - Never saved: passwords, one-time codes, card data, hidden and file inputs, and any field
//   marked `data-draft="off"`.
//
// Drafts proper (kept in IndexedDB while typing, for long forms) are another concern; this is
// only the safety net for the reload the update prompt performs.

const SNAPSHOT_KEY = 'artmint:reload-snapshot';
const MAX_AGE_MS = 5 * 60 * 1000;
export const RESTORE_TIMEOUT_MS = 15_000;

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

interface SavedField {
  form: string;
  field: string;
  value: string;
  /** For checkboxes and radios. */
  checked?: boolean;
}

interface ReloadSnapshot {
  path: string;
  savedAt: number;
  fields: SavedField[];
}

const SKIPPED_TYPES = new Set(['password', 'hidden', 'file', 'submit', 'button', 'reset', 'image']);
const SKIPPED_AUTOCOMPLETE = /\b(?:one-time-code|cc-[a-z-]+|current-password|new-password)\b/;
const LANDMARKS = 'main, header, footer, aside, nav, [role="dialog"]';

function currentPath(): string {
  return window.location.pathname + window.location.search;
}

function isField(element: Element): element is Field {
  return (
    element instanceof HTMLInputElement ||
    element instanceof HTMLTextAreaElement ||
    element instanceof HTMLSelectElement
  );
}

function fieldKey(field: Field): string | null {
  const draft = field.getAttribute('data-draft');
  if (draft === 'off') return null;
  if (draft && draft !== 'on') return draft;
  return field.name || null;
}

function formKey(field: Field): string {
  const landmark = field.closest(LANDMARKS);
  const place = landmark?.getAttribute('role') ?? landmark?.tagName.toLowerCase() ?? 'page';
  const form = field.form;
  if (!form) return `${place}|`;
  const label = form.id || form.getAttribute('name') || form.getAttribute('aria-label');
  if (label) return `${place}|${label}`;
  const names = new Set<string>();
  for (const element of Array.from(form.elements)) {
    if (!isField(element)) continue;
    const key = fieldKey(element);
    if (key) names.add(key);
  }
  return `${place}|${[...names].sort().join(',')}`;
}

function isSaveable(field: Field): boolean {
  if (field.disabled) return false;
  if (field.closest('[data-draft="off"]')) return false;
  if (!field.form && !field.closest('[data-draft]')) return false;
  if (field instanceof HTMLInputElement && SKIPPED_TYPES.has(field.type)) return false;
  if (SKIPPED_AUTOCOMPLETE.test(field.getAttribute('autocomplete') ?? '')) return false;
  return fieldKey(field) !== null;
}

function isToggle(field: Field): field is HTMLInputElement {
  return field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio');
}

function readFields(root: ParentNode): SavedField[] {
  const saved: SavedField[] = [];
  for (const element of Array.from(root.querySelectorAll('input, textarea, select'))) {
    if (!isField(element) || !isSaveable(element)) continue;
    const entry = { form: formKey(element), field: fieldKey(element) ?? '', value: element.value };
    if (isToggle(element)) {
      if (element.type === 'radio' && !element.checked) continue;
      saved.push({ ...entry, checked: element.checked });
    } else if (element.value !== '') {
      saved.push(entry);
    }
  }
  return saved;
}

/** Saves the page's form values for the reload that follows; returns how many were saved. */
export function saveReloadSnapshot(root: ParentNode = document): number {
  const fields = readFields(root);
  try {
    if (fields.length === 0) {
      sessionStorage.removeItem(SNAPSHOT_KEY);
      return 0;
    }
    const snapshot: ReloadSnapshot = { path: currentPath(), savedAt: Date.now(), fields };
    sessionStorage.setItem(SNAPSHOT_KEY, JSON.stringify(snapshot));
    return fields.length;
  } catch {
    // Storage is full or blocked: the reload still happens, as the user asked.
    return 0;
  }
}

function isSavedField(value: unknown): value is SavedField {
  if (typeof value !== 'object' || value === null) return false;
  const field = value as Record<string, unknown>;
  return (
    typeof field.form === 'string' &&
    typeof field.field === 'string' &&
    typeof field.value === 'string' &&
    (field.checked === undefined || typeof field.checked === 'boolean')
  );
}

/** Reads the snapshot back, validated; anything malformed, stale or for another URL is null. */
function readSnapshot(now: number): ReloadSnapshot | null {
  let raw: string | null;
  try {
    raw = sessionStorage.getItem(SNAPSHOT_KEY);
  } catch {
    return null;
  }
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as Partial<ReloadSnapshot>;
    if (
      typeof parsed.path !== 'string' ||
      typeof parsed.savedAt !== 'number' ||
      !Array.isArray(parsed.fields) ||
      parsed.path !== currentPath() ||
      now - parsed.savedAt > MAX_AGE_MS ||
      parsed.savedAt > now + 1000
    ) {
      return null;
    }
    return {
      path: parsed.path,
      savedAt: parsed.savedAt,
      fields: parsed.fields.filter(isSavedField),
    };
  } catch {
    return null;
  }
}

function setValue(field: Field, value: string): void {
  const prototype =
    field instanceof HTMLTextAreaElement
      ? HTMLTextAreaElement.prototype
      : field instanceof HTMLSelectElement
        ? HTMLSelectElement.prototype
        : HTMLInputElement.prototype;
  // The prototype's setter, not the element's: React tracks values set through the element.
  const setter = Object.getOwnPropertyDescriptor(prototype, 'value')?.set;
  if (setter) setter.call(field, value);
  else field.value = value;
  field.dispatchEvent(new Event('input', { bubbles: true }));
  field.dispatchEvent(new Event('change', { bubbles: true }));
}

/** Puts one saved value back; true when its field exists now. */
function apply(saved: SavedField, root: ParentNode): boolean {
  const candidates = Array.from(root.querySelectorAll('input, textarea, select')).filter(
    (element): element is Field =>
      isField(element) &&
      isSaveable(element) &&
      fieldKey(element) === saved.field &&
      formKey(element) === saved.form,
  );
  if (candidates.length === 0) return false;
  if (saved.checked !== undefined) {
    const target = candidates.find(
      (field) => isToggle(field) && (field.type === 'checkbox' || field.value === saved.value),
    );
    if (!target || !isToggle(target)) return false;
    if (target.checked !== saved.checked) target.click();
    return true;
  }
  const [target] = candidates;
  if (target && target.value !== saved.value) setValue(target, saved.value);
  return true;
}

function clearSnapshot(): void {
  try {
    sessionStorage.removeItem(SNAPSHOT_KEY);
  } catch {
    // nothing to clear
  }
}

interface RestoreOptions {
  root?: ParentNode & Node;
  timeoutMs?: number;
  /** Called once with the number of values put back (0 when there was nothing to restore). */
  onDone?: (restored: number) => void;
}

/**
 * Restores a snapshot saved before a prompted reload, as its fields appear. Returns a function
 * that stops waiting for fields that have not appeared.
 */
export function restoreReloadSnapshot({
  root = document,
  timeoutMs = RESTORE_TIMEOUT_MS,
  onDone,
}: RestoreOptions = {}): () => void {
  const snapshot = readSnapshot(Date.now());
  if (!snapshot) {
    clearSnapshot();
    onDone?.(0);
    return () => undefined;
  }
  let pending = snapshot.fields;
  let restored = 0;
  let finished = false;

  const finish = () => {
    if (finished) return;
    finished = true;
    observer.disconnect();
    window.clearTimeout(timer);
    clearSnapshot();
    onDone?.(restored);
  };
  const attempt = () => {
    const left = pending.filter((saved) => !apply(saved, root));
    restored += pending.length - left.length;
    pending = left;
    if (pending.length === 0) finish();
  };

  const observer = new MutationObserver(attempt);
  const timer = window.setTimeout(finish, timeoutMs);
  observer.observe(root, { childList: true, subtree: true });
  attempt();
  return finish;
}
