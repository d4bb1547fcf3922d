// docs/architecture.md 1: a feature imports nothing of another feature; the lint rule that keeps it
// so (eslint.config.js, featureBoundary), run through ESLint's own API on small snippets.
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });

async function importErrors(filePath: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === 'no-restricted-imports')
    .map((m) => m.message);
}

describe('the feature boundary lint rule', () => {
  it("refuses a feature's import of another feature's internals", async () => {
    const errors = await importErrors(
      'src/features/upload/components/snippet.ts',
      "import { WalletButton } from '@/features/wallet/components/wallet-button';\nexport const x = WalletButton;\n",
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/upload must not import another feature/);
  });

  it("allows a feature's own files and the shared layers", async () => {
    const errors = await importErrors(
      'src/features/upload/components/snippet.ts',
      [
        "import { uploadWork } from '@/features/upload/api';",
        "import { Button } from '@/components/ui/button';",
        "import { TITLE_MAX } from '@/data/upload-rules';",
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
