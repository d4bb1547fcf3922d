// docs/product.md "Home pages": each home's sections, one home at a time, as
// a user finds them (their headings, in order), over the sample data from the real device
// store. Every variant but the account-area home (index-ten, whose slider is in its hero) has
// a slider of item cards with each kind's action, best creators and sellers, the top
// collection and the live auctions.
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { setDataAccessForTests } from '@/data/data-access';
import { freshStore, NOW } from '@/data/__tests__/fixtures';
import { cardActionText } from '@/components/cards/item-card';
import { loadHomeData, type HomeData } from '../api';
import { HomeSections } from '../components/home-sections';
import { HOME_CONFIGS, homeConfigFor } from '../variants';
import {
  AUCTIONS,
  COLLECTIONS,
  CREATORS,
  HOME_SECTIONS as SECTIONS,
  SLIDER,
} from './home-sections-table';

// The fixture's clock (fixtures.ts NOW), at which its auctions and listings are running; set
// before any module loads, as the shared clock (lib/clock.ts) reads the time when it loads.
const FIXTURE_NOW = vi.hoisted(() => {
  const now = new Date('2026-03-01T12:00:00.000Z');
  vi.useFakeTimers({ toFake: ['Date'], now });
  return now;
});

let data: HomeData;
beforeAll(async () => {
  expect(FIXTURE_NOW).toEqual(NOW);
  setDataAccessForTests(freshStore().data);
  data = await loadHomeData();
});
afterAll(() => {
  setDataAccessForTests(null);
  vi.useRealTimers();
});

function renderHome(path: string) {
  render(
    <MemoryRouter>
      <HomeSections config={homeConfigFor(path)} data={data} />
    </MemoryRouter>,
  );
}

/** The section a heading (h2) opens. */
function section(name: string): HTMLElement {
  const heading = screen.getByRole('heading', { level: 2, name });
  const found = heading.closest('section');
  if (!found) throw new Error(`no section around "${name}"`);
  return found;
}

it('the table names every home the app has, at its path', () => {
  expect(Object.fromEntries(Object.entries(SECTIONS).map(([id, { path }]) => [id, path]))).toEqual(
    Object.fromEntries(HOME_CONFIGS.map((config) => [config.id, config.path])),
  );
});

describe.each(Object.entries(SECTIONS))('home %s', (id, { path, headings }) => {
  it(`${path} shows its sections in order`, () => {
    expect(homeConfigFor(path).id).toBe(id);
    renderHome(path);
    expect(
      screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent),
    ).toEqual(headings);
  });

  if (id !== 'one' && id !== 'ten') {
    it(`${path} has the template's slider, best creators, top collection and live auctions`, () => {
      renderHome(path);
      const slider = section(SLIDER);
      // Each card leads with its kind's action: Bid Now on an auction, Buy Now at a fixed
      // price, Make an offer where the owner chooses (shared/sale-kinds.ts).
      // Every card's (the slides off screen are inert, still the slider's cards).
      const actions = within(slider)
        .getAllByRole('link', { name: /^(Bid Now|Buy Now|Make an offer)\W/, hidden: true })
        .map((link) => link.textContent ?? '');
      for (const action of actions) {
        const item = data.items.find((i) => action.endsWith(`: ${i.title}`));
        expect(item && `${cardActionText(item)}: ${item.title}`).toBe(action);
      }
      const words = new Set(actions.map((action) => action.split(':')[0]));
      expect(words).toEqual(new Set(['Bid Now', 'Buy Now', 'Make an offer']));
      expect(within(section(CREATORS)).getAllByRole('link').length).toBeGreaterThan(0);
      expect(within(section(COLLECTIONS)).getAllByRole('link').length).toBeGreaterThan(0);
      expect(within(section(AUCTIONS)).getAllByRole('link').length).toBeGreaterThan(0);
    });
  }
});
