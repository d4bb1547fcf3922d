// /theme-boot.js, which every page runs in its <head> before the first paint: src/app/theme-boot.ts
// as one minified IIFE, with route-themes.ts's light routes written in (its `paths` would weigh on
// every first paint). Emitted with the build, so the service worker lists it.
import type { Plugin } from 'vite';
import { LIGHT_ROUTES } from '../src/config/route-themes.ts';
import { bundleClassicScript } from './classic-script.ts';

export const bundleThemeBoot = () =>
  bundleClassicScript('app/theme-boot.ts', { LIGHT_ROUTES: JSON.stringify(LIGHT_ROUTES) });

export function themeBootScript(): Plugin {
  return {
    name: 'artmint:theme-boot',
    configureServer(server) {
      server.middlewares.use('/theme-boot.js', (_request, response, next) => {
        bundleThemeBoot().then((code) => {
          response.setHeader('Content-Type', 'text/javascript');
          response.end(code);
        }, next);
      });
    },
    async generateBundle() {
      if (this.environment.name !== 'client') return;
      this.emitFile({ type: 'asset', fileName: 'theme-boot.js', source: await bundleThemeBoot() });
    },
  };
}
