// The last step of `npm run build`: lists the build's files in dist/build-files.json and writes
// each compressible one's brotli (.br) and gzip (.gz) beside it, so that the server serves only
// the files listed there, already compressed, and never compresses on a request's path
// (docs/security.md). Usage: node scripts/build-files.mjs [dist] (else ARTMINT_DIST, else dist)
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { commandLine, isMain } from './cli.mjs';

export const BUILD_FILES = 'build-files.json';
const COMPRESSIBLE = /\.(html|js|mjs|css|json|webmanifest|svg|txt|xml)$/;

function* walk(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(path);
    else if (entry.isFile()) yield path;
  }
}

/** Writes the list (and the compressed copies) for the build in `dist`; answers the list. */
export function writeBuildFiles(dist) {
  const files = {};
  const all = new Set(walk(dist));
  // Compressed copies of an earlier run are not the build's files: removed before any is
  // written, so a second run over one build writes them all again (it removed its own before).
  const earlier = [...all].filter((path) => /\.(br|gz)$/.test(path) && all.has(path.slice(0, -3)));
  for (const path of earlier) {
    unlinkSync(path);
    all.delete(path);
  }
  for (const path of [...all].sort()) {
    const name = relative(dist, path).split(sep).join('/');
    // The list itself and hidden files (.vite/) are not the build's files.
    if (name === BUILD_FILES || name.split('/').some((part) => part.startsWith('.'))) continue;
    const body = readFileSync(path);
    const entry = {
      size: statSync(path).size,
      etag: `"${createHash('sha1').update(body).digest('base64url')}"`,
    };
    if (COMPRESSIBLE.test(name) && body.length > 1024) {
      const br = brotliCompressSync(body, {
        params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length },
      });
      const gz = gzipSync(body, { level: 9 });
      // A copy is kept only where it is smaller.
      if (br.length < body.length) {
        writeFileSync(`${path}.br`, br);
        entry.br = br.length;
      }
      if (gz.length < body.length) {
        writeFileSync(`${path}.gz`, gz);
        entry.gz = gz.length;
      }
    }
    files[name] = entry;
  }
  writeFileSync(join(dist, BUILD_FILES), `${JSON.stringify({ files }, null, 1)}\n`);
  return files;
}

if (isMain(import.meta.url)) {
  const { positionals } = commandLine({
    name: 'build-files',
    usage: 'usage: node scripts/build-files.mjs [dist] (else ARTMINT_DIST, else dist)',
    positionals: 1,
  });
  const dist = positionals[0] ?? process.env.ARTMINT_DIST ?? 'dist';
  const files = writeBuildFiles(dist);
  console.log(`build-files: ${Object.keys(files).length} files listed in ${dist}/${BUILD_FILES}`);
}
