import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LazyEmbed } from '../lazy-embed';

const VIDEO = {
  src: 'https://www.youtube-nocookie.com/embed/abc123',
  title: 'How to mint your first item',
  poster: '/images/generated/misc/video-poster.svg',
};

let online = true;
let observed: { callback: IntersectionObserverCallback; target: Element | null }[] = [];

class FakeIntersectionObserver {
  entry: { callback: IntersectionObserverCallback; target: Element | null };
  constructor(callback: IntersectionObserverCallback) {
    this.entry = { callback, target: null };
    observed.push(this.entry);
  }
  observe(target: Element) {
    this.entry.target = target;
  }
  disconnect() {
    observed = observed.filter((entry) => entry !== this.entry);
  }
}

function scrollIntoView() {
  act(() => {
    for (const { callback, target } of observed) {
      if (!target) continue;
      callback(
        [{ isIntersecting: true, target } as unknown as IntersectionObserverEntry],
        {} as IntersectionObserver,
      );
    }
  });
}

function setOnline(value: boolean) {
  online = value;
  act(() => {
    window.dispatchEvent(new Event(value ? 'online' : 'offline'));
  });
}

beforeEach(() => {
  online = true;
  observed = [];
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('LazyEmbed', () => {
  it('shows only the poster and a Play button until opened, then the frame', async () => {
    const user = userEvent.setup();
    const { container } = render(<LazyEmbed {...VIDEO} />);
    expect(container.querySelector('iframe')).toBeNull();
    expect(container.querySelector('img')).toHaveAttribute('src', VIDEO.poster);

    await user.click(screen.getByRole('button', { name: `Play: ${VIDEO.title}` }));
    const frame = screen.getByTitle(VIDEO.title);
    expect(frame.tagName).toBe('IFRAME');
    expect(frame).toHaveAttribute('src', VIDEO.src);
    expect(frame).toHaveFocus();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('does not load when scrolled into view unless asked to', () => {
    const { container } = render(<LazyEmbed {...VIDEO} />);
    scrollIntoView();
    expect(container.querySelector('iframe')).toBeNull();
  });

  it('with loadOnVisible, loads a map once it scrolls into view', () => {
    const { container } = render(
      <LazyEmbed
        src="https://www.openstreetmap.org/export/embed.html?bbox=0,0,1,1"
        title="Our office on the map"
        poster="/images/generated/misc/map-poster.svg"
        kind="map"
        loadOnVisible
      />,
    );
    expect(screen.getByRole('button', { name: 'Show map: Our office on the map' })).toBeVisible();
    expect(container.querySelector('iframe')).toBeNull();
    scrollIntoView();
    expect(screen.getByTitle('Our office on the map').tagName).toBe('IFRAME');
  });

  it('offline, keeps the poster and says the video needs a network; online again, offers Play', () => {
    online = false;
    const { container } = render(<LazyEmbed {...VIDEO} loadOnVisible />);
    expect(screen.getByText('Video available when you are online')).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    scrollIntoView();
    expect(container.querySelector('iframe')).toBeNull();
    expect(container.querySelector('img')).toHaveAttribute('src', VIDEO.poster);

    setOnline(true);
    expect(screen.queryByText('Video available when you are online')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: `Play: ${VIDEO.title}` })).toBeInTheDocument();
  });

  it('says "Map available when you are online" for a map', () => {
    online = false;
    render(<LazyEmbed {...VIDEO} kind="map" />);
    expect(screen.getByText('Map available when you are online')).toBeInTheDocument();
  });

  it('keeps an opened frame when the network drops', async () => {
    const user = userEvent.setup();
    render(<LazyEmbed {...VIDEO} />);
    await user.click(screen.getByRole('button', { name: `Play: ${VIDEO.title}` }));
    setOnline(false);
    expect(screen.getByTitle(VIDEO.title).tagName).toBe('IFRAME');
  });
});
