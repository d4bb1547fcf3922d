// @vitest-environment node
// docs/architecture.md 1: a feature imports nothing of another feature, app and server import
// nothing of each other (what both need is in shared/), and the rooms of src/data import
// downward only; the lint rules that keep it so (eslint.config.js), run through ESLint's own
// API on small snippets.
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });
// The first lint loads the TypeScript parser and the whole configuration.
const LINT_MS = 30_000;

async function importErrors(filePath: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId?.endsWith('no-restricted-imports'))
    .map((m) => m.message);
}

describe('the feature boundary lint rule', () => {
  it(
    "refuses a feature's import of another feature's internals",
    async () => {
      const errors = await importErrors(
        'src/features/upload/components/snippet.ts',
        "import { WalletButton } from '@/features/wallet/components/wallet-button';\nexport const x = WalletButton;\n",
      );
      expect(errors).toHaveLength(1);
      expect(errors[0]).toMatch(/upload must not import another feature/);
    },
    LINT_MS,
  );

  it("allows a feature's own files and the shared layers", async () => {
    const errors = await importErrors(
      'src/features/upload/components/snippet.ts',
      [
        "import { uploadWork } from '@/features/upload/api';",
        "import { Button } from '@/components/ui/button';",
        "import { TITLE_MAX } from '@shared/upload-rules';",
        'export const x = [uploadWork, Button, TITLE_MAX];',
        '',
      ].join('\n'),
    );
    expect(errors).toEqual([]);
  });

  it('lets app compose features', async () => {
    const errors = await importErrors(
      'src/app/layouts/snippet.ts',
      "import { WalletButton } from '@/features/wallet/components/wallet-button';\nexport const x = WalletButton;\n",
    );
    expect(errors).toEqual([]);
  });
});

describe('app, server and shared', () => {
  it(
    'refuses an import of server/ in the app',
    async () => {
      const errors = await importErrors(
        'src/data/snippet.ts',
        "import { placeBid } from '../../server/market/bids.ts';\nexport const x = placeBid;\n",
      );
      expect(errors).toEqual([expect.stringMatching(/the app imports nothing of server/)]);
    },
    LINT_MS,
  );

  it(
    'refuses an import of src/ in the server, by path or by alias',
    async () => {
      for (const source of ['../../src/data/schemas.ts', '@/data/schemas']) {
        const errors = await importErrors(
          'server/market/snippet.ts',
          `import { isItem } from '${source}';\nexport const x = isItem;\n`,
        );
        expect(errors).toEqual([expect.stringMatching(/the server imports nothing of src/)]);
      }
    },
    LINT_MS,
  );

  it(
    'keeps shared/ free of src/, server/ and framework modules',
    async () => {
      const errors = await importErrors(
        'shared/snippet.ts',
        [
          "import { useState } from 'react';",
          "import { isItem } from '@/data/schemas';",
          "import { placeBid } from '../server/market/bids.ts';",
          'export const x = [useState, isItem, placeBid];',
          '',
        ].join('\n'),
      );
      expect(errors).toEqual([
        expect.stringMatching(/no framework, database or Node-only module/),
        expect.stringMatching(/shared\/ imports nothing of src\/ or server/),
        expect.stringMatching(/shared\/ imports nothing of src\/ or server/),
      ]);
    },
    LINT_MS,
  );

  it(
    'lets app and server import shared/',
    async () => {
      const app = await importErrors(
        'src/data/snippet.ts',
        "import { ItemSchema } from '@shared/schemas';\nexport const x = ItemSchema;\n",
      );
      const server = await importErrors(
        'server/market/snippet.ts',
        "import { ItemSchema } from '../../shared/schemas.ts';\nexport const x = ItemSchema;\n",
      );
      expect([...app, ...server]).toEqual([]);
    },
    LINT_MS,
  );
});

describe('the rooms of src/data', () => {
  it(
    'refuses an upward import, a value of remote/ in device/ and a composing module in a room',
    async () => {
      const errors = await importErrors(
        'src/data/device/snippet.ts',
        [
          "import { getSyncStatus } from '../sync/engine';",
          "import { fetchItemList } from '../remote/catalog-api';",
          "import { getDataAccess } from '@/data/data-access';",
          'export const x = [getSyncStatus, fetchItemList, getDataAccess];',
          '',
        ].join('\n'),
      );
      expect(errors).toEqual([
        expect.stringMatching(/device\/ must not import sync\//),
        expect.stringMatching(/device\/ takes only types of remote\//),
        expect.stringMatching(/device\/ must not import the composing modules/),
      ]);
      const below = await importErrors(
        'src/data/records.ts',
        "import type { DataAccess } from './contract/data-access';\nexport type X = DataAccess;\n",
      );
      expect(below).toEqual([expect.stringMatching(/a top-level file of src\/data must not/)]);
    },
    LINT_MS,
  );

  it(
    'lets a room import downward, and device/ take types of remote/',
    async () => {
      const device = await importErrors(
        'src/data/device/snippet.ts',
        [
          "import type { ItemListAsk } from '../remote/catalog-api';",
          "import { getSyncStatus } from '../core/status';",
          "import type { DataAccess } from '../contract/data-access';",
          'export const x = getSyncStatus;',
          'export type Y = [ItemListAsk, DataAccess];',
          '',
        ].join('\n'),
      );
      const sync = await importErrors(
        'src/data/sync/snippet.ts',
        "import { createDbHandle } from '../device/db';\nexport const x = createDbHandle;\n",
      );
      expect([...device, ...sync]).toEqual([]);
    },
    LINT_MS,
  );
});
