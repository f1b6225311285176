/** Reads and writes the CLI's YAML files; read problems name the file and, for syntax errors, the line. */
import { readFileSync, writeFileSync } from 'node:fs';
import { parseDocument, stringify } from 'yaml';
import { CliError } from './cli-error.js';

export function readYamlFile(file: string): unknown {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new CliError(`${file}: ${code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a directory' : (e as Error).message}`);
  }
  const doc = parseDocument(text);
  if (doc.errors.length > 0) {
    const first = doc.errors[0];
    const at = first.linePos?.[0] ? ` at line ${first.linePos[0].line}, column ${first.linePos[0].col}` : '';
    throw new CliError(`${file}: invalid YAML${at}: ${first.message.split('\n')[0]}`);
  }
  return doc.toJS();
}

export function writeYamlFile(file: string, value: unknown): void {
  try {
    writeFileSync(file, stringify(value, { lineWidth: 0 }));
  } catch (e) {
    throw new CliError(`${file}: cannot write (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
  }
}
