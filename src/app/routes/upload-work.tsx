import { UploadPage } from '@/features/upload/components/upload-page';

export function Component() {
  return <UploadPage />;
}
