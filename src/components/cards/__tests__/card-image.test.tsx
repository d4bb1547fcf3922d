import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CardImage } from '@/components/cards/card-image';
import { DeviceSourceContext } from '@/components/cards/device-source';
import { appDeviceSource } from '@/components/cards/__tests__/app-device-source';
import { setDataAccessForTests } from '@/data/data-access';
import { freshStore, pngBlob } from '@/data/__tests__/fixtures';
import type { DeviceDataAccess } from '@/data/device-data-access';
import { MISSING_IMAGE_SRC } from '@/data/image-ref';

let data: DeviceDataAccess;

beforeEach(() => {
  data = freshStore().data;
  setDataAccessForTests(data);
});

afterEach(() => {
  setDataAccessForTests(null);
});

describe('CardImage', () => {
  it('shows a URL as given, with no device source needed', () => {
    render(<CardImage src="/images/a.webp" alt="Violet Bloom" width={400} height={300} />);
    expect(screen.getByRole('img', { name: 'Violet Bloom' })).toHaveAttribute(
      'src',
      '/images/a.webp',
    );
  });

  it('reads a device image through the source the app provides', async () => {
    const item = await data.createItem({
      title: 'Made here',
      description: 'An upload',
      type: 'GIFs',
      image: pngBlob(),
      imageType: 'image/png',
    });
    render(
      <DeviceSourceContext value={appDeviceSource}>
        <CardImage src={item.image} alt="Made here" width={400} height={300} />
      </DeviceSourceContext>,
    );
    await waitFor(() =>
      expect(screen.getByRole('img', { name: 'Made here' })).toHaveAttribute(
        'src',
        expect.stringMatching(/^blob:/),
      ),
    );
    // The object URL the device store keeps for the image.
    expect(screen.getByRole('img', { name: 'Made here' })).toHaveAttribute(
      'src',
      await data.getImageUrl(item.image.slice('idb:'.length)),
    );
  });

  it('shows a device image as missing when no source is given', async () => {
    const warn = vi.spyOn(console, 'warn');
    render(<CardImage src="idb:some-key" alt="Elsewhere" width={400} height={300} />);
    await waitFor(() =>
      expect(screen.getByRole('img', { name: 'Elsewhere' })).toHaveAttribute(
        'src',
        MISSING_IMAGE_SRC,
      ),
    );
    expect(warn).not.toHaveBeenCalled();
  });
});
