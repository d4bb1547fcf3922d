// How every script reads its command line: node:util parseArgs, strict, so an unknown flag or a
// flag without its value is refused with the problem and the script's usage (exit 2); --help
// prints the usage (exit 0). A script calls commandLine when run, never when imported, so a
// script that imports another's helpers never meets the other's flags.
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

/** A command line the script refuses; its message says why. */
export class UsageError extends Error {}

/** Whether the module at `url` (its import.meta.url) is the script node was asked to run. */
export function isMain(url) {
  const script = process.argv[1];
  return Boolean(script) && url === pathToFileURL(resolve(script)).href;
}

/** `text` as a whole number of `least` or more ("1_000_000" allowed), else a UsageError. */
export function wholeNumber(name, text, least = 0) {
  const n = Number(String(text).replaceAll('_', ''));
  if (String(text).trim() === '' || !Number.isSafeInteger(n) || n < least) {
    throw new UsageError(`--${name} needs a whole number of ${least} or more (got "${text}")`);
  }
  return n;
}

/**
 * `args` read by `options` (parseArgs' options; --help is added), with `positionals` the most
 * positional arguments taken (0 unless given). Returns the values, the positionals, whether
 * --help was asked, and `number(name, fallback, least)`: a flag's whole number, or `fallback`
 * when it is absent. Throws UsageError on anything else.
 */
export function parseCommandLine({ options = {}, positionals = 0 }, args) {
  let parsed;
  try {
    parsed = parseArgs({
      args,
      options: { ...options, help: { type: 'boolean' } },
      allowPositionals: positionals > 0,
      strict: true,
    });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  if (parsed.positionals.length > positionals) {
    throw new UsageError(`unexpected argument "${parsed.positionals[positionals]}"`);
  }
  const { values } = parsed;
  return {
    values,
    positionals: parsed.positionals,
    help: values.help === true,
    number: (name, fallback, least = 0) =>
      values[name] === undefined ? fallback : wholeNumber(name, values[name], least),
  };
}

/**
 * The script's options from the command line: `read` turns the parsed line into them. On
 * --help prints `usage` and exits 0; on a refused line prints "`name`: the problem" and `usage`
 * to the standard error and exits 2.
 */
export function commandLine({ name, usage, read = (line) => line, ...spec }, args) {
  try {
    const line = parseCommandLine(spec, args ?? process.argv.slice(2));
    if (line.help) {
      console.log(usage);
      process.exit(0);
    }
    return read(line);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`${name}: ${error.message}\n${usage}`);
    process.exit(2);
  }
}
