/**
 * Measurement probes of the ingest benchmark (outside the code measured): CPU time per process group from /proc, SQL
 * round trips by statement (node-postgres' Client.query wrapped), and an in-process CPU profile of the measured window.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import { relative } from 'node:path';
import pg from 'pg';

const CLOCK_TICKS = 100;

/** A process's CPU seconds: its own, and those of its children it has reaped (a PostgreSQL backend that ended). */
function processCpu(pid: number): { own: number; reaped: number; parent: number } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // After the command name: field 4 (ppid) is the 2nd; 14-17 (utime, stime, cutime, cstime) the 12th to 15th.
    return {
      parent: Number(fields[1]),
      own: (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS,
      reaped: (Number(fields[13]) + Number(fields[14])) / CLOCK_TICKS,
    };
  } catch {
    return null;
  }
}

function pidsNamed(name: string): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === name) pids.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return pids;
}

/**
 * CPU seconds of every process named `name`, found anew at each reading, plus what the ones that ended took: their
 * parent of the same family (PostgreSQL's postmaster) counts its reaped children. A backend that closes during the
 * window (a pool's idle connection) then still counts, instead of taking its earlier seconds off the group's total.
 */
function familyCpu(name: string): number {
  const found = pidsNamed(name).flatMap((pid) => {
    const cpu = processCpu(pid);
    return cpu ? [{ pid, ...cpu }] : [];
  });
  const members = new Set(found.map(({ pid }) => pid));
  return found.reduce((sum, cpu) => sum + cpu.own + (members.has(cpu.parent) ? 0 : cpu.reaped), 0);
}

export type CpuGroups = Record<string, number>;

/** CPU per process group over a window, and the whole machine's, from /proc (Linux). */
export class CpuMeter {
  private start: CpuGroups = {};
  private startedAt = 0;

  /** `processes`: groups of one process each (this server, the publishers, the SMTP sink), by pid. */
  constructor(
    private readonly processes: Record<string, number | undefined>,
    private readonly external: { mosquitto: boolean; postgres: boolean },
  ) {}

  private read(): CpuGroups {
    const totals: CpuGroups = {};
    for (const [group, pid] of Object.entries(this.processes)) {
      if (pid !== undefined) totals[group] = processCpu(pid)?.own ?? 0;
    }
    if (this.external.mosquitto) totals.mosquitto = familyCpu('mosquitto');
    if (this.external.postgres) totals.postgres = familyCpu('postgres');
    totals.machine = machineBusySeconds();
    return totals;
  }

  begin(): void {
    this.start = this.read();
    this.startedAt = performance.now();
  }

  /** Cores used per group over the window (CPU seconds / wall seconds). */
  end(): CpuGroups {
    const seconds = (performance.now() - this.startedAt) / 1000;
    const now = this.read();
    const cores: CpuGroups = {};
    for (const group of Object.keys(now)) cores[group] = (now[group]! - (this.start[group] ?? 0)) / seconds;
    return cores;
  }
}

/** Busy CPU seconds of the whole machine (all processes, including other users of the machine). */
function machineBusySeconds(): number {
  const line = readFileSync('/proc/stat', 'utf8').split('\n')[0]!;
  const [, user, nice, system, idle, iowait, irq, softirq, steal] = line.trim().split(/\s+/).map(Number);
  void idle;
  void iowait;
  return (user! + nice! + system! + irq! + softirq! + steal!) / CLOCK_TICKS;
}

/** Short name of a SQL statement: its verb and first table. */
// Table names may be quoted ("notifications_deliveries"), as the query builder writes them. Built once: the label is
// made for every query the server sends during the measurement.
const INSERT_TABLE = /^insert into "?(\w+)"?/i;
const UPDATE_TABLE = /^update "?(\w+)"?/i;
const FROM_TABLE = / from "?(\w+)"?/i;

export function statementLabel(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const verb = /^(\w+)/.exec(flat)?.[1]?.toUpperCase() ?? '?';
  if (verb === 'BEGIN' || verb === 'COMMIT' || verb === 'ROLLBACK') return verb;
  const table =
    verb === 'INSERT'
      ? INSERT_TABLE.exec(flat)?.[1]
      : verb === 'UPDATE'
        ? UPDATE_TABLE.exec(flat)?.[1]
        : (FROM_TABLE.exec(flat)?.[1] ?? '');
  return `${verb} ${table ?? ''}`.trim();
}

export interface SqlStat {
  label: string;
  calls: number;
  totalMs: number;
}

/**
 * Times every node-postgres query (send → answer parsed, so it includes the server's work, the wire and the wait for
 * the event loop) by statement label. Only the PostgreSQL backend uses node-postgres; PGlite is timed as a whole.
 */
export class SqlTimer {
  private readonly stats = new Map<string, SqlStat>();
  private recording = false;
  private restore: (() => void) | null = null;

  install(): void {
    const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
    const original = proto.query;
    // The patched query keeps pg's own `this`; the timer's state is reached through these arrows.
    const isRecording = () => this.recording;
    const add = (label: string, ms: number) => this.add(label, ms);
    proto.query = function (this: unknown, ...args: unknown[]) {
      const result = original.apply(this, args);
      if (!isRecording() || !result || typeof (result as Promise<unknown>).then !== 'function') return result;
      const first = args[0];
      const text = typeof first === 'string' ? first : ((first as { text?: string } | undefined)?.text ?? '');
      const started = performance.now();
      const label = statementLabel(text);
      const done = () => add(label, performance.now() - started);
      (result as Promise<unknown>).then(done, done);
      return result;
    };
    this.restore = () => {
      proto.query = original;
    };
  }

  private add(label: string, ms: number): void {
    const stat = this.stats.get(label) ?? { label, calls: 0, totalMs: 0 };
    stat.calls++;
    stat.totalMs += ms;
    this.stats.set(label, stat);
  }

  start(): void {
    this.stats.clear();
    this.recording = true;
  }

  stop(): SqlStat[] {
    this.recording = false;
    return [...this.stats.values()].sort((a, b) => b.totalMs - a.totalMs);
  }

  uninstall(): void {
    this.restore?.();
  }
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
  children?: number[];
}

interface Profile {
  nodes: ProfileNode[];
  samples?: number[];
  startTime: number;
  endTime: number;
}

export interface ProfileSummary {
  file: string;
  totalMs: number;
  byArea: { area: string; ms: number; share: number }[];
  topFunctions: { name: string; ms: number; share: number }[];
}

/** Where a function lives: an npm package, a folder of this repository, or the engine (GC, idle, program). */
function areaOf(url: string, functionName: string): string {
  if (!url) return `(${functionName || 'native'})`;
  const path = url.replace(/^file:\/\//, '');
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path);
  if (pkg) return pkg[1]!;
  if (path.startsWith('node:')) return path;
  const repo = relative(process.cwd(), path);
  if (repo.startsWith('..')) return path;
  const parts = repo.split('/');
  return parts.slice(0, parts[0] === 'plugins' || parts[0] === 'host' ? 4 : 2).join('/');
}

/** Samples the server process's CPU during the measured window and sums self time by area and by function. */
export class CpuProfiler {
  private readonly session = new Session();

  async start(): Promise<void> {
    this.session.connect();
    await this.session.post('Profiler.enable');
    await this.session.post('Profiler.setSamplingInterval', { interval: 500 });
    await this.session.post('Profiler.start');
  }

  async stop(file: string): Promise<ProfileSummary> {
    const { profile } = (await this.session.post('Profiler.stop')) as unknown as { profile: Profile };
    this.session.disconnect();
    await writeFile(file, JSON.stringify(profile));
    const totalMs = (profile.endTime - profile.startTime) / 1000;
    const hits = new Map<number, number>();
    for (const id of profile.samples ?? []) hits.set(id, (hits.get(id) ?? 0) + 1);
    const sampleCount = profile.samples?.length ?? 1;
    const msPerSample = totalMs / sampleCount;
    const byArea = new Map<string, number>();
    const byFunction = new Map<string, number>();
    for (const node of profile.nodes) {
      const count = hits.get(node.id) ?? 0;
      if (count === 0) continue;
      const { functionName, url, lineNumber } = node.callFrame;
      const area = areaOf(url, functionName);
      byArea.set(area, (byArea.get(area) ?? 0) + count);
      const name = `${functionName || '(anonymous)'} ${url ? `${areaOf(url, functionName)}:${lineNumber + 1}` : ''}`.trim();
      byFunction.set(name, (byFunction.get(name) ?? 0) + count);
    }
    const rank = (map: Map<string, number>, limit: number) =>
      [...map.entries()]
        .sort((a, b) => b[1] - a[1])
        .slice(0, limit)
        .map(([name, count]) => ({ name, ms: count * msPerSample, share: count / sampleCount }));
    return {
      file,
      totalMs,
      byArea: rank(byArea, 18).map(({ name, ms, share }) => ({ area: name, ms, share })),
      topFunctions: rank(byFunction, 25),
    };
  }
}
