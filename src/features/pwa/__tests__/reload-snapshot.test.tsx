import { useState } from 'react';
import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { restoreReloadSnapshot, saveReloadSnapshot } from '../reload-snapshot';

const KEY = 'artmint:reload-snapshot';

/** A React-controlled form, as the app's forms are. */
function ContactForm() {
  const [name, setName] = useState('');
  const [message, setMessage] = useState('');
  const [topic, setTopic] = useState('general');
  const [agree, setAgree] = useState(false);
  const [password, setPassword] = useState('');
  return (
    <main>
      <form aria-label="Contact">
        <label>
          Name <input name="name" value={name} onChange={(e) => setName(e.target.value)} />
        </label>
        <label>
          Message
          <textarea name="message" value={message} onChange={(e) => setMessage(e.target.value)} />
        </label>
        <label>
          Topic
          <select name="topic" value={topic} onChange={(e) => setTopic(e.target.value)}>
            <option value="general">General</option>
            <option value="billing">Billing</option>
          </select>
        </label>
        <label>
          Agree
          <input
            type="checkbox"
            name="agree"
            checked={agree}
            onChange={(e) => setAgree(e.target.checked)}
          />
        </label>
        <label>
          Password
          <input
            type="password"
            name="password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </label>
      </form>
    </main>
  );
}

function Newsletter() {
  const [email, setEmail] = useState('');
  return (
    <footer>
      <form>
        <label>
          Email <input name="email" value={email} onChange={(e) => setEmail(e.target.value)} />
        </label>
      </form>
    </footer>
  );
}

function typeInto(
  field: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement,
  value: string,
) {
  const prototype = Object.getPrototypeOf(field) as object;
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
  field.dispatchEvent(new Event('change', { bubbles: true }));
}

afterEach(() => {
  sessionStorage.clear();
  vi.useRealTimers();
});

describe('saveReloadSnapshot and restoreReloadSnapshot', () => {
  it('puts typed values back into controlled fields after a "reload", but never the password', async () => {
    const first = render(
      <>
        <ContactForm />
        <Newsletter />
      </>,
    );
    act(() => {
      typeInto(screen.getByLabelText('Name'), 'Ada');
      typeInto(screen.getByLabelText('Message'), 'Half a sentence');
      typeInto(screen.getByLabelText('Topic'), 'billing');
      screen.getByLabelText('Agree').click();
      typeInto(screen.getByLabelText('Password'), 'secret-pass');
      typeInto(screen.getByLabelText('Email'), 'ada@exam');
    });
    expect(saveReloadSnapshot()).toBe(5);
    expect(sessionStorage.getItem(KEY)).not.toContain('secret-pass');
    first.unmount();

    // The new page: the newsletter renders first, the route's form a moment later.
    const done = vi.fn();
    render(<Newsletter />);
    restoreReloadSnapshot({ onDone: done });
    expect(screen.getByLabelText('Email')).toHaveValue('ada@exam');
    render(<ContactForm />);
    await waitFor(() => expect(done).toHaveBeenCalledWith(5));
    expect(screen.getByLabelText('Name')).toHaveValue('Ada');
    expect(screen.getByLabelText('Message')).toHaveValue('Half a sentence');
    expect(screen.getByLabelText('Topic')).toHaveValue('billing');
    expect(screen.getByLabelText('Agree')).toBeChecked();
    expect(screen.getByLabelText('Password')).toHaveValue('');
    // Used once.
    expect(sessionStorage.getItem(KEY)).toBeNull();
  });

  it('keeps a value React can keep editing (the component state took it)', async () => {
    render(<Newsletter />);
    typeInto(screen.getByLabelText('Email'), 'kept@example.com');
    saveReloadSnapshot();
    typeInto(screen.getByLabelText('Email'), '');
    restoreReloadSnapshot();
    expect(screen.getByLabelText('Email')).toHaveValue('kept@example.com');
    act(() => typeInto(screen.getByLabelText('Email'), 'kept@example.org'));
    expect(screen.getByLabelText('Email')).toHaveValue('kept@example.org');
  });

  it('does not restore on another URL, when stale, or from malformed data', () => {
    render(<Newsletter />);
    const field = screen.getByLabelText('Email');
    const snapshot = (over: object) =>
      JSON.stringify({
        path: window.location.pathname + window.location.search,
        savedAt: Date.now(),
        fields: [{ form: 'footer|email', field: 'email', value: 'x@y.z' }],
        ...over,
      });

    for (const raw of [
      snapshot({ path: '/somewhere-else' }),
      snapshot({ savedAt: Date.now() - 10 * 60 * 1000 }),
      snapshot({ fields: 'nope' }),
      '{not json',
    ]) {
      sessionStorage.setItem(KEY, raw);
      const done = vi.fn();
      restoreReloadSnapshot({ onDone: done });
      expect(done).toHaveBeenCalledWith(0);
      expect(field).toHaveValue('');
      expect(sessionStorage.getItem(KEY)).toBeNull();
    }

    sessionStorage.setItem(KEY, snapshot({}));
    restoreReloadSnapshot();
    expect(field).toHaveValue('x@y.z');
  });

  it('saves fields marked data-draft outside a form, and skips data-draft="off"', () => {
    render(
      <main>
        <div data-draft="">
          <input aria-label="Bid" name="bid" defaultValue="1.5" />
        </div>
        <input aria-label="Loose" name="loose" defaultValue="not saved" />
        <form>
          <input aria-label="Secret note" name="note" data-draft="off" defaultValue="private" />
        </form>
      </main>,
    );
    expect(saveReloadSnapshot()).toBe(1);
    expect(sessionStorage.getItem(KEY)).toContain('"bid"');
  });

  it('gives up on fields that never appear, and reports what it restored', async () => {
    vi.useFakeTimers();
    render(<Newsletter />);
    typeInto(screen.getByLabelText('Email'), 'a@b.c');
    saveReloadSnapshot();
    const raw = JSON.parse(sessionStorage.getItem(KEY) ?? '{}') as { fields: object[] };
    raw.fields.push({ form: 'main|gone', field: 'gone', value: 'x' });
    sessionStorage.setItem(KEY, JSON.stringify(raw));
    typeInto(screen.getByLabelText('Email'), '');

    const done = vi.fn();
    restoreReloadSnapshot({ onDone: done, timeoutMs: 1000 });
    expect(done).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1000);
    expect(done).toHaveBeenCalledWith(1);
    expect(sessionStorage.getItem(KEY)).toBeNull();
  });

  it('clears an earlier snapshot when there is nothing to save', () => {
    sessionStorage.setItem(KEY, 'old');
    render(<Newsletter />);
    expect(saveReloadSnapshot()).toBe(0);
    expect(sessionStorage.getItem(KEY)).toBeNull();
  });
});
