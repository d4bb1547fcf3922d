// /theme-boot.js, which every page runs in its <head> before the first paint: src/app/theme-boot.ts
// as one minified IIFE, with route-themes.ts's light routes written in (its `paths` would weigh on
// every first paint). Emitted with the build, so the service worker lists it.
import { resolve } from 'node:path';
import { build } from 'rolldown';
import type { Plugin } from 'vite';
import { LIGHT_ROUTES } from '../src/config/route-themes.ts';

const src = (path: string) => resolve(import.meta.dirname, '../src', path);

/** A module of src/ and what it imports as one minified classic script (an IIFE). */
export async function bundleClassicScript(input: string, define = {}): Promise<string> {
  const { output } = await build({
    input: src(input),
    resolve: { alias: { '@': src('') } },
    transform: { define },
    write: false,
    output: { format: 'iife', minify: true },
  });
  return output[0].code;
}

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
