// The home's loader hands its sections' data over unawaited, so the hero paints at once, except
// while the prerendered home is on show: that copy already shows the sections, and the data
// handed resolved lets the app hydrate it without suspending.
import { afterEach, describe, expect, it } from 'vitest';
import { loader } from '../routes/home';

afterEach(() => document.body.replaceChildren());

describe('the home loader', () => {
  it('hands the data resolved while the prerendered home is on show', async () => {
    window.history.replaceState(null, '', '/');
    document.body.innerHTML = '<div id="root"><div data-prerender="/"></div></div>';
    const { data } = await loader();
    expect(data).not.toBeInstanceOf(Promise);
    expect(await data).toMatchObject({ items: expect.arrayContaining([expect.anything()]) });
  });

  it('hands a promise otherwise: a later visit, or a copy of another page', async () => {
    window.history.replaceState(null, '', '/');
    for (const body of ['', '<div id="root"><div data-prerender="/terms"></div></div>']) {
      document.body.innerHTML = body;
      const { data } = await loader();
      expect(data).toBeInstanceOf(Promise);
      expect((await data).items.length).toBeGreaterThan(0);
    }
  });
});
