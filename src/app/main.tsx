import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import '@fontsource-variable/urbanist/wght.css';
import '@/styles/tokens.css';
import '@/styles/reset.css';
import '@/styles/global.css';
import { router } from './router';
import { listenForInstallPrompt } from '@/features/shell/install/install-store';

listenForInstallPrompt();

const container = document.getElementById('root');
if (!container) throw new Error('The #root element is missing from index.html');

createRoot(container).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
