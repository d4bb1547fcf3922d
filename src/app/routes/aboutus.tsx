import { useLoaderData } from 'react-router-dom';
import { SHOWCASE_VIDEO } from '@/config/embeds';
import { MISC_IMAGE_SIZES, miscImage } from '@shared/sample/image-paths';
import { About } from '@/features/about/components/about';
import { loadAbout } from '@/features/about/api';
import { VideoCover } from '@/features/blog/components/video-cover';

export const loader = () => loadAbout();

export function Component() {
  const data = useLoaderData<typeof loader>();
  return (
    <About
      data={data}
      video={
        <VideoCover
          image={{
            src: miscImage('video-poster'),
            ...MISC_IMAGE_SIZES['video-poster'],
            alt: '',
          }}
          video={SHOWCASE_VIDEO}
          eager
        />
      }
    />
  );
}
