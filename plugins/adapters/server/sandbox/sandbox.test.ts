import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OUTPUT_MAX_CHARS } from '../../common/limits';
import { IsolatedSandbox } from './isolated-sandbox';
import { Sandbox, type RunRequest } from './sandbox';
import { HelperRateLimit } from './rate-limit';

const LIMITS = { timeLimitMs: 50, memoryBytes: 16 * 1024 * 1024, stackBytes: 256 * 1024 };
const sandbox = await Sandbox.create(LIMITS, new HelperRateLimit(3));
const decode = (source: string, input: unknown = { bytes: [1, 2] }, key: string | null = null, rateKey = 'app') =>
  sandbox.run({ key, source, fn: 'decode', input, rateKey } satisfies RunRequest);
const GOOD = 'function decode(input) { return { fields: { first: input.bytes[0], count: input.bytes.length } }; }';

/** After any hostile run the sandbox still serves a plain script correctly. */
function expectStillServing() {
  expect(decode(GOOD, { bytes: [7, 8, 9] }).fields).toEqual({ first: 7, count: 3 });
}

describe('the adapter sandbox', () => {
  it('decodes an input into fields and keeps console lines', () => {
    const run = decode(
      'function decode(input) { console.log("got", input.bytes); return { fields: { t: input.bytes[0] / 10 } }; }',
      {
        bytes: [215],
      },
    );
    expect(run.error).toBeNull();
    expect(run.fields).toEqual({ t: 21.5 });
    expect(run.logs).toEqual(['got [215]']);
  });

  it('encodes a command into a payload', () => {
    const run = sandbox.run({
      key: null,
      source:
        'function decode(i) { return { fields: {} }; }\nfunction encode(command) { return { data: [command.open ? 1 : 0] }; }',
      fn: 'encode',
      input: { open: true },
      rateKey: 'app',
    });
    expect(run.output).toEqual({ data: [1] });
  });

  it('names the line of a runtime error and of a syntax error', () => {
    const runtime = decode('function decode(input) {\n  const x = 1;\n  return x.nothing.deeper;\n}');
    expect(runtime.error).toMatchObject({ kind: 'runtime', line: 3 });
    expect(runtime.error!.message).toContain('TypeError');
    const syntax = decode('function decode(input) {\n  return { fields: { a: } };\n}');
    expect(syntax.error).toMatchObject({ kind: 'syntax', line: 2 });
    expect(sandbox.check('function decode(input) {\n\n  let = ;\n}')).toMatchObject({ kind: 'syntax', line: 3 });
    expect(sandbox.check(GOOD)).toBeNull();
  });

  it('refuses an answer without fields', () => {
    expect(decode('function decode() { return 5; }').error).toMatchObject({ kind: 'output' });
    expect(decode('function nothing() {}').error?.message).toContain('decode is not defined');
  });

  it('keeps a loaded script by its key and runs it again without loading', () => {
    const before = sandbox.loadedCount;
    decode(GOOD, { bytes: [1] }, 'version-1');
    decode(GOOD, { bytes: [2] }, 'version-1');
    expect(sandbox.loadedCount).toBe(before + 1);
    expect(decode('function decode(){ return { fields: { n: 1 } }; }', { bytes: [] }, 'version-1').fields).toEqual({
      first: undefined,
      count: 0,
    });
  });

  it('rate-limits the helpers per application with an error the script sees', () => {
    const source = `function decode() {
      const outcomes = [];
      for (let i = 0; i < 5; i++) {
        try { sendEmail('ops@example.com', 'Alarm', 'Tank low'); outcomes.push('sent'); } catch (e) { outcomes.push(e.message); }
      }
      return { fields: { outcomes: outcomes.join('|') } };
    }`;
    const run = decode(source, {}, null, 'rate-app');
    const outcomes = String(run.fields!.outcomes).split('|');
    expect(outcomes.slice(0, 3)).toEqual(['sent', 'sent', 'sent']);
    expect(outcomes[3]).toContain('helper calls of the last minute');
    expect(run.helperCalls).toHaveLength(3);
    expect(run.helperCalls[0]).toEqual({ helper: 'sendEmail', to: 'ops@example.com', subject: 'Alarm', text: 'Tank low' });
    // Another application has its own calls.
    expect(decode(source, {}, null, 'other-app').helperCalls).toHaveLength(3);
  });

  it('checks helper arguments and transforms ranges', () => {
    const bad = decode('function decode() { sendSms("not a number", "hi"); return { fields: {} }; }', {}, null, 'sms-app');
    expect(bad.error?.message).toContain('is not a phone number');
    const event = decode(
      'function decode() { createEvent("Door open", 4); sendSms("+85291234567", "Door open"); return { fields: { pct: transformRange(12, [4, 20], [0, 100]) } }; }',
      {},
      null,
      'event-app',
    );
    expect(event.fields).toEqual({ pct: 50 });
    expect(event.helperCalls).toEqual([
      { helper: 'createEvent', description: 'Door open', severity: 4 },
      { helper: 'sendSms', to: '+85291234567', text: 'Door open' },
    ]);
  });
});

describe('hostile scripts', () => {
  it('interrupts an infinite loop at the time limit', () => {
    const started = Date.now();
    const run = decode('function decode() { while (true) {} }');
    expect(run.error).toMatchObject({ kind: 'timeout' });
    expect(Date.now() - started).toBeLessThan(1000);
    expect(decode('while (true) {}\nfunction decode() {}').error).toMatchObject({ kind: 'timeout' });
    expectStillServing();
  });

  it('stops a string doubling at the memory limit', () => {
    expect(decode('function decode() { let s = "x"; while (true) s += s; }').error?.kind).toBe('memory');
    expectStillServing();
  });

  it('ends deep recursion with a stack overflow', () => {
    const run = decode('function decode() { function f(n) { return f(n + 1) + 1; } return { fields: { v: f(0) } }; }');
    expect(run.error?.message).toContain('stack overflow');
    expectStillServing();
  });

  it('keeps prototype pollution inside the script and drops __proto__ and constructor keys', () => {
    const run = decode(`function decode() {
      Object.prototype.polluted = 'yes';
      Array.prototype.push = function () { return 'hijacked'; };
      JSON.stringify = function () { return '{"fields":{"forged":true}}'; };
      const out = JSON.parse('{"fields":{"v":1,"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}}}}');
      return out;
    }`);
    expect(run.error).toBeNull();
    expect(run.fields).toEqual({ v: 1 });
    expect(Object.getPrototypeOf(run.fields)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
    expect([].push.name).toBe('push');
    expectStillServing();
  });

  it('reaches nothing of the host: process, require, import(), globalThis, Function("return this")', () => {
    const run = decode(`function decode() {
      const g = Function('return this')();
      let imported = 'none';
      try { import('node:fs').then(() => {}, () => {}); imported = 'promise only'; } catch (e) { imported = e.name; }
      return { fields: {
        process: typeof process, require: typeof require, module: typeof module, fetch: typeof fetch,
        setTimeout: typeof setTimeout, gProcess: typeof g.process, sameGlobal: g === globalThis,
        buffer: typeof Buffer, imported,
      } };
    }`);
    expect(run.fields).toEqual({
      process: 'undefined',
      require: 'undefined',
      module: 'undefined',
      fetch: 'undefined',
      setTimeout: 'undefined',
      gProcess: 'undefined',
      sameGlobal: true,
      buffer: 'undefined',
      imported: 'promise only',
    });
    expect(decode('function decode() { return import("fs"); }').error?.message).toContain('not a promise');
    expectStillServing();
  });

  it('caps huge outputs and console floods', () => {
    const big = decode(`function decode() { return { fields: { s: "x".repeat(${OUTPUT_MAX_CHARS}) } }; }`);
    expect(big.error).toMatchObject({ kind: 'output' });
    const flood = decode(
      'function decode() { for (let i = 0; i < 1000; i++) console.log("line " + i, "y".repeat(2000)); return { fields: {} }; }',
    );
    expect(flood.logs).toHaveLength(100);
    expect(flood.logsTruncated).toBe(true);
    expect(flood.logs[0]!.length).toBeLessThanOrEqual(501);
    expectStillServing();
  });

  it('reports thrown non-Error values and cyclic answers', () => {
    expect(decode('function decode() { throw 42; }').error?.message).toBe('The script threw 42');
    expect(decode('function decode() { throw "plain text"; }').error?.message).toBe('The script threw plain text');
    expect(decode('function decode() { throw { message: 5, get name() { while (true) {} } }; }').error).not.toBeNull();
    expect(decode('function decode() { throw null; }').error?.message).toBe('The script threw an object');
    const cyclic = decode('function decode() { const a = { fields: {} }; a.fields.self = a; return a; }');
    expect(cyclic.error?.message).toMatch(/circular|cyclic/i);
    expectStillServing();
  });

  it('survives a thousand hostile runs in a row and still decodes', () => {
    const hostile = [
      'function decode() { while (true) {} }',
      'function decode() { let s = "x"; while (true) s += s; }',
      'function decode() { throw Symbol("x"); }',
      'function decode() { function f() { f(); } f(); }',
    ];
    for (let i = 0; i < 40; i++) decode(hostile[i % hostile.length]!, {}, `hostile-${i % 4}`);
    expectStillServing();
  });
});

describe('the sandbox thread', () => {
  const isolated = new IsolatedSandbox(LIMITS, 10);
  const runIsolated = (source: string, input: unknown = {}) =>
    isolated.runOne({ key: null, source, fn: 'decode', input, rateKey: 'thread-app' });
  beforeAll(() => isolated.start());
  afterAll(() => isolated.close());

  it('ends memory bombs (giant arrays, strings, native loops near the limit) within the limits and serves the next run', async () => {
    for (const bomb of [
      'function decode() { const a = []; while (true) a.push([1, 2, 3, 4, 5, 6, 7, 8]); }',
      'function decode() { const a = []; while (true) a.push(new Array(100000).fill(1)); }',
      'function decode() { return { fields: { a: new Array(1e9).join("x") } }; }',
      'function decode() { const s = "y".repeat(1 << 20); const parts = []; for (;;) parts.push(s + parts.length); }',
    ]) {
      const started = Date.now();
      expect((await runIsolated(bomb)).error?.kind).toMatch(/memory|timeout/);
      expect(Date.now() - started).toBeLessThan(10_000);
    }
    expect((await runIsolated(GOOD, { bytes: [3, 4] })).fields).toEqual({ first: 3, count: 2 });
  });

  it('terminates a native loop the interrupt handler cannot reach, answers a timeout and serves the next run', async () => {
    {
      const started = Date.now();
      const runs = await isolated.run([
        { key: 'fine-1', source: GOOD, fn: 'decode', input: { bytes: [1, 2] }, rateKey: 'app' },
        {
          key: 'native',
          source: 'function decode() { return { fields: { i: new Array(1e9).indexOf(1) } }; }',
          fn: 'decode',
          input: {},
          rateKey: 'app',
        },
        { key: 'fine-2', source: GOOD, fn: 'decode', input: { bytes: [5] }, rateKey: 'app' },
      ]);
      expect(Date.now() - started).toBeLessThan(10_000);
      expect(runs.map((run) => run.error?.kind ?? run.fields)).toEqual([
        { first: 1, count: 2 },
        'timeout',
        { first: 5, count: 1 },
      ]);
      expect(
        (await isolated.runOne({ key: 'fine-1', source: GOOD, fn: 'decode', input: { bytes: [9] }, rateKey: 'app' })).fields,
      ).toEqual({
        first: 9,
        count: 1,
      });
      expect(await isolated.check('function decode() {\n  return ;;; {\n')).toMatchObject({ kind: 'syntax', line: 3 });
    }
  });
});
