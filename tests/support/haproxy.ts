import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The response header naming the instance that answered (HAProxy's server name), for tests of the balancing. */
export const INSTANCE_HEADER = 'x-sensorium-instance';

/**
 * The load balancer of docs/deployment.md ("Production layout"): round robin without sticky sessions, WebSocket
 * upgrades passed through (HTTP mode does it; `timeout tunnel` keeps idle push sockets open), an instance taken out of
 * the rotation once /readyz fails (draining or dead) and a request that could not reach one sent to the other.
 */
export function haproxyConfig(port: number, instances: Record<string, string>): string {
  return [
    'global',
    '  maxconn 512',
    'defaults',
    '  mode http',
    '  timeout connect 2s',
    '  timeout client 60s',
    '  timeout server 60s',
    '  timeout tunnel 1h',
    '  option redispatch',
    '  retries 3',
    'frontend console',
    `  bind 127.0.0.1:${port}`,
    '  option forwardfor',
    '  default_backend consoles',
    'backend consoles',
    '  balance roundrobin',
    '  option httpchk GET /readyz',
    '  http-check expect status 200',
    '  default-server inter 500ms fall 2 rise 1',
    `  http-response set-header ${INSTANCE_HEADER} %s`,
    ...Object.entries(instances).map(([name, address]) => `  server ${name} ${address} check`),
    '',
  ].join('\n');
}

/** HAProxy (Debian's `haproxy`) in the foreground on a generated configuration in a temporary folder. */
export class Haproxy {
  private child: ChildProcess | null = null;
  private folder = '';
  log = '';

  constructor(
    private readonly port: number,
    private readonly instances: Record<string, string>,
  ) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Starts it and waits until it forwards /readyz to a ready instance. */
  async start(): Promise<void> {
    this.folder = await mkdtemp(join(tmpdir(), 'sensorium-haproxy-'));
    const config = join(this.folder, 'haproxy.cfg');
    await writeFile(config, haproxyConfig(this.port, this.instances));
    const child = spawn('haproxy', ['-db', '-f', config], { stdio: ['ignore', 'pipe', 'pipe'] });
    this.child = child;
    child.stdout?.on('data', (chunk: Buffer) => (this.log += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (this.log += chunk.toString()));
    const deadline = Date.now() + 15_000;
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`haproxy exited (${child.exitCode}):\n${this.log}`);
      const ready = await fetch(`${this.url}/readyz`).then(
        (response) => response.ok,
        () => false,
      );
      if (ready) return;
      await new Promise((done) => setTimeout(done, 100));
    }
    throw new Error(`haproxy did not forward /readyz within 15 s:\n${this.log}`);
  }

  async stop(): Promise<void> {
    const child = this.child;
    this.child = null;
    if (child && child.exitCode === null) {
      const exited = new Promise((done) => child.once('exit', done));
      child.kill('SIGTERM');
      await exited;
    }
    if (this.folder) await rm(this.folder, { recursive: true, force: true });
  }
}
