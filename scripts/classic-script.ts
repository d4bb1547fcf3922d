// A module of src/ as a classic script for a place that cannot load modules or chunks: the
// theme boot in every page's <head> (theme-boot-script.ts) and the service worker's sync
// (sw-sync-script.ts).
import { resolve } from 'node:path';
import { build } from 'rolldown';

const src = (path: string) => resolve(import.meta.dirname, '../src', path);

/** A module of src/ and what it imports as one minified classic script (an IIFE). */
export async function bundleClassicScript(input: string, define = {}): Promise<string> {
  const { output } = await build({
    input: src(input),
    resolve: { alias: { '@': src(''), '@shared': resolve(import.meta.dirname, '../shared') } },
    transform: { define },
    write: false,
    output: { format: 'iife', minify: true },
  });
  return output[0].code;
}
