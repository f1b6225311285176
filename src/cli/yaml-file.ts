/**
 * Reads and writes the CLI's YAML files; read problems name the file and, for syntax errors, the line. Reading uses
 * js-yaml with the YAML 1.2 core schema (the `yaml` package's reading rules, several times faster on a 10,000-dataset
 * file); writing uses `yaml`.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { CORE_SCHEMA, load, YAMLException } from 'js-yaml';
import { stringify } from 'yaml';
import { CliError } from './cli-error.js';

export function readYamlFile(file: string): unknown {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new CliError(`${file}: ${code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a directory' : (e as Error).message}`);
  }
  try {
    return load(text, { schema: CORE_SCHEMA, filename: file });
  } catch (e) {
    if (!(e instanceof YAMLException)) throw e;
    const at = e.mark ? ` at line ${e.mark.line + 1}, column ${e.mark.column + 1}` : '';
    throw new CliError(`${file}: invalid YAML${at}: ${e.reason}`);
  }
}

export function writeYamlFile(file: string, value: unknown): void {
  try {
    writeFileSync(file, stringify(value, { lineWidth: 0 }));
  } catch (e) {
    throw new CliError(`${file}: cannot write (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
  }
}
