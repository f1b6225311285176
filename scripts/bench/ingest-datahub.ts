/** Runs the original's `datahub ingest` (from the compat virtualenv) for the ingest row, and reads its report and CPU. */
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { RESULTS_DIR, ROOT } from './processes.js';

/** CPU ticks of this process's waited-for children (cutime + cstime): the datahub process's, once it has exited. */
export function childTicks(): number {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(f[13]) + Number(f[14]);
}

export function datahubVenv(): string {
  const r = spawnSync('bash', ['test/compat/datahub-venv.sh'], { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  if (r.status !== 0) throw new Error('test/compat/datahub-venv.sh failed: the original client is not installed');
  return r.stdout.trim();
}

/** The pipeline's time as its last line says it: `produced 100000 events in 1 minute and 27.43 seconds`. */
function pipelineSecondsOf(out: string): number {
  const line = /Pipeline finished[^\n]* events in ([^\n]*)/.exec(out)?.[1];
  if (!line) return Number.NaN;
  const unit: Record<string, number> = { hour: 3600, minute: 60, second: 1 };
  return [...line.matchAll(/([\d.]+) (hour|minute|second)s?/g)].reduce((sum, m) => sum + Number(m[1]) * unit[m[2]], 0);
}

/** The recipe's sink: datahub-rest into a Tessera at its default settings, or the blackhole (the client alone). */
export type Sink = { tessera: string; token: string } | 'blackhole';

/** Runs `datahub ingest` of `file`; answers its wall time and report, or throws unless every record was written. */
export function runIngest(venv: string, dir: string, sink: Sink, file: string): Promise<{ seconds: number; pipelineSeconds: number; sinkRecords: number }> {
  const recipe = path.join(dir, `${path.basename(file)}.yml`);
  const sinkYaml = sink === 'blackhole' ? '  type: blackhole\n' : `  type: datahub-rest\n  config:\n    server: ${sink.tessera}/gms\n    token: ${sink.token}\n`;
  writeFileSync(recipe, `source:\n  type: file\n  config:\n    path: ${file}\nsink:\n${sinkYaml}`);
  const log = createWriteStream(path.join(RESULTS_DIR, 'ingest-datahub.log'), { flags: 'a' });
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const child = spawn(path.join(venv, 'bin', 'datahub'), ['ingest', '-c', recipe], {
      cwd: dir, env: { PATH: process.env.PATH, HOME: dir, DATAHUB_TELEMETRY_ENABLED: 'false', PYTHONWARNINGS: 'ignore' }, stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    const keep = (d: Buffer) => {
      log.write(d);
      out = (out + d.toString()).slice(-200_000);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.on('error', reject);
    child.on('exit', (code) => {
      const seconds = (performance.now() - t0) / 1000;
      log.end();
      const failed = /'failures': \[(?!\])/.test(out) || !/'failures': \[\]/.test(out);
      if (code !== 0 || failed) return reject(new Error(`datahub ingest exited ${code}${failed ? ' with failures' : ''} (bench-results/ingest-datahub.log): ${out.slice(-800)}`));
      // The last report is the final one (the pipeline prints interim ones while it runs).
      const sinkRecords = Number([...out.matchAll(/'total_records_written': (\d+)/g)].at(-1)?.[1] ?? NaN);
      resolve({ seconds, pipelineSeconds: pipelineSecondsOf(out), sinkRecords });
    });
  });
}
